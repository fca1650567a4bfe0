import type { Knex } from 'knex';
import { dialectOf, type Db } from '../../db/knex.ts';

type Reader = Db | Knex.Transaction;

/** How many unfinished uploads an account has, and the bytes they declared. */
export async function uploadsInFlight(db: Reader, userId: number): Promise<{ count: number; bytes: number }> {
  const row = await db('uploads').where({ userId }).count({ count: '*' }).sum({ bytes: 'size' }).first();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** What one account's unfinished uploads may hold at most: how many, and the bytes they declare. */
export interface InFlightCap {
  count: number;
  bytes: number;
}

/**
 * Records a new upload unless the account's unfinished uploads would then pass `cap`, and answers
 * which part of the cap refused it (null once recorded). Counted and inserted under the account's
 * users row lock (MySQL; SQLite has one writer), so creates sent at once cannot each read the same
 * count and pass the cap together, as a burst of creates did before.
 */
export async function recordUploadWithinCap(
  db: Db,
  upload: { id: string; userId: number; size: number; createdAt: number },
  cap: InFlightCap,
): Promise<'count' | 'bytes' | null> {
  return db.transaction(async (trx) => {
    if (dialectOf(trx) === 'mysql') await trx('users').where({ id: upload.userId }).forUpdate().first('id');
    const inFlight = await uploadsInFlight(trx, upload.userId);
    if (inFlight.count >= cap.count) return 'count';
    if (inFlight.bytes + upload.size > cap.bytes) return 'bytes';
    await trx('uploads').insert(upload);
    return null;
  });
}

export async function forgetUpload(db: Reader, uploadId: string): Promise<void> {
  await db('uploads').where({ id: uploadId }).delete();
}

/** Every unfinished upload's id and creation time, for the cleanup. */
export async function uploadRecords(db: Reader): Promise<Array<{ id: string; createdAt: number }>> {
  const rows = await db('uploads').select('id', 'createdAt');
  return rows.map((row) => ({ id: row.id, createdAt: Number(row.createdAt) }));
}
