import {
  hoursFromQuarters,
  schoolYearOf,
  totalHours,
  withoutUnsafeCharacters,
  type ExternalCpdDto,
  type PublicRecordDto,
  type TranscriptShareDto,
  type TranscriptSharingDto,
  type TranscriptCourseDto,
  type TranscriptDto,
  type TranscriptYearDto,
} from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { Certificate, ExternalCpd, TranscriptShare } from '../db/tables.ts';
import type { ExternalCpdRow } from '../queries/transcript.ts';
import type { TranscriptSchoolRow } from '../queries/transcriptShares.ts';
import { cpdOf } from '../models/courseCpd.ts';

export function presentExternalCpd(row: ExternalCpd & Partial<Pick<ExternalCpdRow, 'evidenceContentType' | 'evidenceSize'>>): ExternalCpdDto {
  const hasEvidence = row.evidenceFileId != null && row.evidenceName != null;
  return {
    id: Number(row.id),
    title: row.title,
    provider: row.provider,
    completedOn: row.completedOn,
    cpdHours: hoursFromQuarters(Number(row.quarterHours)),
    createdAt: toIso(row.createdAt)!,
    evidence: hasEvidence
      ? {
          fileName: withoutUnsafeCharacters(row.evidenceName!) || 'evidence',
          contentType: row.evidenceContentType ?? 'application/octet-stream',
          size: Number(row.evidenceSize ?? 0),
          downloadPath: `/api/transcript/external/${row.id}/evidence`,
        }
      : null,
  };
}

function presentTranscriptCourse(certificate: Certificate): TranscriptCourseDto {
  const completedAt = toIso(certificate.completedAt)!;
  const { cpdHours, ceus } = cpdOf(certificate);
  return {
    certificateNumber: certificate.certificateNumber,
    courseName: certificate.courseName,
    completedAt,
    completedOn: completedAt.slice(0, 10),
    cpdHours: cpdHours ?? null,
    ceus: ceus ?? null,
    quizScore: certificate.quizScore === null || certificate.quizScore === undefined ? null : Number(certificate.quizScore),
    certificatePath: `/certificate/${certificate.certificateNumber}`,
    credentialPath: `/api/certificates/${certificate.certificateNumber}/credential`,
  };
}

/**
 * The transcript (issue 59): the certificates (verified) and the external entries (self-reported)
 * with their hours totalled per school year, the two kinds of hours never added together.
 */
export function presentTranscript(rows: { certificates: Certificate[]; external: Array<ExternalCpd | ExternalCpdRow> }, yearStartMonth: number): TranscriptDto {
  const courses = rows.certificates.map(presentTranscriptCourse);
  const external = rows.external.map(presentExternalCpd);
  const years = new Map<string, TranscriptYearDto & { verified: Array<number | null>; selfReported: number[] }>();
  const yearOf = (day: string) => {
    const year = schoolYearOf(day, yearStartMonth);
    let entry = years.get(year.start);
    if (!entry) {
      entry = { ...year, verifiedHours: 0, selfReportedHours: 0, courses: 0, externalEntries: 0, verified: [], selfReported: [] };
      years.set(year.start, entry);
    }
    return entry;
  };
  for (const course of courses) {
    const year = yearOf(course.completedOn);
    year.courses += 1;
    year.verified.push(course.cpdHours);
  }
  for (const entry of external) {
    const year = yearOf(entry.completedOn);
    year.externalEntries += 1;
    year.selfReported.push(entry.cpdHours);
  }
  return {
    // Newest first, as a record is read.
    courses: courses.reverse(),
    external: external.reverse(),
    years: [...years.values()]
      .sort((a, b) => b.start.localeCompare(a.start))
      .map(({ verified, selfReported, ...year }) => ({ ...year, verifiedHours: totalHours(verified), selfReportedHours: totalHours(selfReported) })),
    yearStartMonth,
    totalVerifiedHours: totalHours(courses.map((course) => course.cpdHours)),
    totalSelfReportedHours: totalHours(external.map((entry) => entry.cpdHours)),
  };
}

/**
 * The record a share link shows (issue 59): the verified part only — the certificates that stand
 * and their hours per school year. Self-reported training, the address and anything else of the
 * account stay out.
 */
export function presentPublicRecord(name: string, certificates: Certificate[], yearStartMonth: number, paths: { pdfPath: string }, now: Date): PublicRecordDto {
  const transcript = presentTranscript({ certificates, external: [] }, yearStartMonth);
  return {
    name,
    courses: transcript.courses.map((course) => ({
      certificateNumber: course.certificateNumber,
      courseName: course.courseName,
      completedOn: course.completedOn,
      cpdHours: course.cpdHours,
      ceus: course.ceus,
      quizScore: course.quizScore,
      verifyPath: `/verify?number=${encodeURIComponent(course.certificateNumber)}`,
    })),
    years: transcript.years.map((year) => ({ label: year.label, start: year.start, end: year.end, verifiedHours: year.verifiedHours, courses: year.courses })),
    totalVerifiedHours: transcript.totalVerifiedHours,
    yearStartMonth,
    pdfPath: paths.pdfPath,
    generatedAt: now.toISOString(),
  };
}

export function presentTranscriptShare(row: TranscriptShare): TranscriptShareDto {
  return { id: Number(row.id), label: row.label, createdAt: toIso(row.createdAt)! };
}

/** What a learner shares: their working record links, and per school they belong to whether it sees the whole record. */
export function presentTranscriptSharing(links: TranscriptShare[], schools: TranscriptSchoolRow[]): TranscriptSharingDto {
  return {
    links: links.map(presentTranscriptShare),
    schools: schools.map((school) => ({
      schoolId: school.schoolId,
      name: school.name,
      memberSince: new Date(school.memberSince).toISOString(),
      sharedWholeRecord: school.shared,
    })),
  };
}
