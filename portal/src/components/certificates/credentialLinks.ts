import type { CertificatePublicDto } from '@atrium/common';

/** Where the signed credential (the .jwt) of a certificate is downloaded. */
export const credentialPath = (certificateNumber: string) => `/api/certificates/${encodeURIComponent(certificateNumber)}/credential`;

/** The public page that checks a certificate's credential in the browser; the printed QR code leads there. */
export function verifyLink(origin: string, certificateNumber: string): string {
  return `${origin.replace(/\/+$/, '')}/verify?number=${encodeURIComponent(certificateNumber)}`;
}

/**
 * LinkedIn's "add a licence or certification" form, filled in: the course as the name, the
 * agency as the organisation, the month of issue, the month it expires when the course has a
 * validity period, and the public certificate page with its number so a profile visitor can
 * check it.
 */
export function linkedInAddUrl(
  certificate: Pick<CertificatePublicDto, 'courseName' | 'issuedAt' | 'certificateNumber' | 'expiresOn'>,
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
  if (certificate.expiresOn) {
    // expiresOn is a calendar day (YYYY-MM-DD): its year and month, as written.
    const [year, month] = certificate.expiresOn.split('-');
    params.set('expirationYear', String(Number(year)));
    params.set('expirationMonth', String(Number(month)));
  }
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
