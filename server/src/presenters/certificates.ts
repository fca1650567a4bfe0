import type { CertificateListItemDto, CertificatePublicDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { Certificate } from '../models/Certificate.ts';
import { certificateName } from '../models/Certificate.ts';

export function presentCertificateListItem(certificate: Certificate): CertificateListItemDto {
  return {
    id: certificate.id,
    courseId: certificate.courseId,
    courseName: certificate.courseName,
    completionPercentage: Number(certificate.completionPercentage),
    completedAt: toIso(certificate.completedAt)!,
    certificateNumber: certificate.certificateNumber,
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
  };
}
