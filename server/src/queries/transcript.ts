import type { Db } from '../db/knex.ts';
import type { Certificate, ExternalCpd } from '../db/tables.ts';

/** A person's transcript rows (issue 59): their certificates that stand, and their external entries, oldest first. */
export async function transcriptRows(db: Db, userId: number): Promise<{ certificates: Certificate[]; external: ExternalCpd[] }> {
  const [certificates, external] = await Promise.all([
    db('certificates').where({ userId }).whereNull('revokedAt').orderBy('completedAt').orderBy('id'),
    db('externalCpd').where({ userId }).orderBy('completedOn').orderBy('id'),
  ]);
  return { certificates, external };
}
