import type { Knex } from 'knex';
import type { Db } from '../../db/knex.ts';

type Reader = Db | Knex.Transaction;

/** How many unfinished uploads an account has, and the bytes they declared. */
export async function uploadsInFlight(db: Reader, userId: number): Promise<{ count: number; bytes: number }> {
  const row = await db('uploads').where({ userId }).count({ count: '*' }).sum({ bytes: 'size' }).first();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export async function recordUpload(db: Reader, upload: { id: string; userId: number; size: number; createdAt: number }): Promise<void> {
  await db('uploads').insert(upload);
}

export async function forgetUpload(db: Reader, uploadId: string): Promise<void> {
  await db('uploads').where({ id: uploadId }).delete();
}

/** Every unfinished upload's id and creation time, for the cleanup. */
export async function uploadRecords(db: Reader): Promise<Array<{ id: string; createdAt: number }>> {
  const rows = await db('uploads').select('id', 'createdAt');
  return rows.map((row) => ({ id: row.id, createdAt: Number(row.createdAt) }));
}
