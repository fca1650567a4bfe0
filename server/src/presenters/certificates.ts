import { certificateValidity, type CertificateListItemDto, type CourseRenewalDto, type CertificatePublicDto, type SchoolCertificateDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { Certificate } from '../models/Certificate.ts';
import { certificateName } from '../models/Certificate.ts';
import { cpdOf } from '../models/courseCpd.ts';
import { displayName } from '../models/User.ts';
import type { SchoolCertificateRow } from '../queries/certificates.ts';
import type { RenewalStanding } from '../queries/renewals.ts';

export function presentCertificateListItem(certificate: Certificate): CertificateListItemDto {
  return {
    id: certificate.id,
    courseId: certificate.courseId,
    courseName: certificate.courseName,
    completionPercentage: Number(certificate.completionPercentage),
    completedAt: toIso(certificate.completedAt)!,
    certificateNumber: certificate.certificateNumber,
    ...cpdOf(certificate),
  };
}

/** What anyone holding the number may see: names and dates, never ids or e-mail addresses. */
export function presentCertificatePublic(certificate: Certificate): CertificatePublicDto {
  return {
    studentName: certificateName(certificate.studentName),
    courseName: certificate.courseName,
    completionPercentage: Number(certificate.completionPercentage),
    completedAt: toIso(certificate.completedAt)!,
    issuedAt: toIso(certificate.issuedAt)!,
    certificateNumber: certificate.certificateNumber,
    quizScore: certificate.quizScore === null || certificate.quizScore === undefined ? null : Number(certificate.quizScore),
    ...cpdOf(certificate),
  };
}

/** A school member's certificate for the school's managers; its expiry from the one validity rule. */
export function presentSchoolCertificate(row: SchoolCertificateRow): SchoolCertificateDto {
  const validity = certificateValidity(Number(row.issuedAt), row.validityMonths === null ? null : Number(row.validityMonths));
  return {
    certificateNumber: row.certificateNumber,
    memberName: displayName(row),
    courseTitle: row.courseTitle ?? row.courseName,
    issuedAt: toIso(row.issuedAt)!,
    expiresOn: validity?.expiresOn ?? null,
  };
}

/** A learner's renewal standing for a course (GET and POST /api/courses/:id/renewal). */
export const presentRenewal = (standing: RenewalStanding): CourseRenewalDto => ({
  courseId: standing.courseId,
  state: standing.state,
  certificateNumber: standing.certificateNumber,
  expiresOn: standing.expiresOn,
  expired: standing.expired,
  opensOn: standing.opensOn,
  round: standing.round,
});
