import type { Db } from '../db/knex.ts';
import { notFound } from '../errors.ts';
import type { Certificate } from '../models/Certificate.ts';
import { certificateByNumber } from '../queries/certificates.ts';
import type { Clock } from '../services/clock.ts';

/** Sets a certificate's revocation date from the current one; 404 for an unknown number. */
async function setRevokedAt(db: Db, certificateNumber: string, revokedAt: (current: number | null) => number | null): Promise<Certificate> {
  const certificate = await certificateByNumber(db, certificateNumber);
  if (!certificate) throw notFound('Certificate not found');
  const next = revokedAt(certificate.revokedAt === null ? null : Number(certificate.revokedAt));
  await db('certificates').where({ id: certificate.id }).update({ revokedAt: next });
  return Object.assign(certificate, { revokedAt: next });
}

/** Hides a certificate from public verification (404) without deleting the record. */
export function revokeCertificate(db: Db, clock: Clock, certificateNumber: string): Promise<Certificate> {
  // Revoking twice keeps the first date: that is when it stopped being valid.
  return setRevokedAt(db, certificateNumber, (current) => current ?? clock.now().getTime());
}

/** Makes a revoked certificate verify again. */
export function restoreCertificate(db: Db, certificateNumber: string): Promise<Certificate> {
  return setRevokedAt(db, certificateNumber, () => null);
}
