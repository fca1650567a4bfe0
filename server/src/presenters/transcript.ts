import {
  hoursFromQuarters,
  schoolYearOf,
  totalHours,
  type ExternalCpdDto,
  type TranscriptCourseDto,
  type TranscriptDto,
  type TranscriptYearDto,
} from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { Certificate, ExternalCpd } from '../db/tables.ts';
import { cpdOf } from '../models/courseCpd.ts';

export function presentExternalCpd(row: ExternalCpd): ExternalCpdDto {
  return {
    id: Number(row.id),
    title: row.title,
    provider: row.provider,
    completedOn: row.completedOn,
    cpdHours: hoursFromQuarters(Number(row.quarterHours)),
    createdAt: toIso(row.createdAt)!,
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
export function presentTranscript(rows: { certificates: Certificate[]; external: ExternalCpd[] }, yearStartMonth: number): TranscriptDto {
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
