import type { Certificate } from '../db/tables.ts';

export type { Certificate } from '../db/tables.ts';

/**
 * Whether a certificate row is in force (verifies, counts, can be shown): not revoked. The one
 * meaning, for a row in hand; queries/certificates.ts's certificatesInForce is its database form.
 */
export const certificateInForce = (certificate: Pick<Certificate, 'revokedAt'>): boolean => certificate.revokedAt === null;

/** What a certificate shows for a learner who gave no name; it never falls back to an e-mail address. */
export const NAME_NOT_GIVEN = 'Name not given';

/**
 * The name a certificate shows. Certificates issued before names were asked for hold the e-mail
 * address (or nothing): personal data on a shareable page, so they read "Name not given".
 */
export function certificateName(studentName: string | null | undefined): string {
  const name = (studentName ?? '').trim();
  return name && !name.includes('@') ? name : NAME_NOT_GIVEN;
}

/** True when a certificate's stored name is no name at all (see certificateName). */
export const certificateNeedsName = (studentName: string | null | undefined) => certificateName(studentName) === NAME_NOT_GIVEN;
