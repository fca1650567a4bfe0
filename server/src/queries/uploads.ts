import type { Db } from '../db/knex.ts';
import { UPLOAD_ID_PATTERN } from '../models/uploadIds.ts';

/** The account that created an unfinished upload, as its row says; null for an id no row names. */
export async function uploadOwner(db: Db, uploadId: string): Promise<number | null> {
  if (!UPLOAD_ID_PATTERN.test(uploadId)) return null;
  const row = await db('uploads').where({ id: uploadId }).first('userId');
  return row ? Number(row.userId) : null;
}
