import type { CertificatePublicDto } from '@atrium/common';

/** Where the signed credential (the .jwt) of a certificate is downloaded. */
export const credentialPath = (certificateNumber: string) => `/api/certificates/${encodeURIComponent(certificateNumber)}/credential`;

/** The public page that checks a certificate's credential in the browser; the printed QR code leads there. */
export function verifyLink(origin: string, certificateNumber: string): string {
  return `${origin.replace(/\/+$/, '')}/verify?number=${encodeURIComponent(certificateNumber)}`;
}

/**
 * LinkedIn's "add a licence or certification" form, filled in: the course as the name, the
 * agency as the organisation, the month of issue, and the public certificate page with its
 * number so a profile visitor can check it.
 */
export function linkedInAddUrl(
  certificate: Pick<CertificatePublicDto, 'courseName' | 'issuedAt' | 'certificateNumber'>,
  organizationName: string,
  certificateUrl: string,
): string {
  const issued = new Date(certificate.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseName,
    organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificateUrl,
    certId: certificate.certificateNumber,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
