import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';

type Reader = Db | Knex.Transaction;

/**
 * The bytes one account keeps in storage, the one figure its storage quota is checked against:
 * its submission files (every round and draft) and the evidence on its external CPD entries, each
 * stored file once (a file carried into the next round is not stored again). A feature that keeps
 * an account's own files adds them here, or they escape the quota.
 */
export async function accountStorageBytesOf(db: Reader, userId: number): Promise<number> {
  const row = await db('storedFiles')
    .whereIn('id', db('submissionFiles as f').join('submissions as s', 's.id', 'f.submissionId').where('s.userId', userId).select('f.fileId'))
    .orWhereIn('id', db('externalCpd').where({ userId }).whereNotNull('evidenceFileId').select('evidenceFileId'))
    .sum({ bytes: 'size' })
    .first();
  return Number(row?.bytes ?? 0);
}
