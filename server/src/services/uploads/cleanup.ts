import type { JobContext } from '../../scheduler/scheduler.ts';
import { forgetUpload, uploadRecords } from './records.ts';

/** An upload not finished this long after it was created is given up: its staged bytes are removed. */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/**
 * The `upload-cleanup` job: removes the staged bytes and the row of resumable uploads created
 * more than 24 hours ago by the app's clock (a dropped connection that never came back, an
 * abandoned tab), so unfinished uploads cannot fill the disk or the bucket, and at once the
 * staged bytes no row names (staged before migration 037, under a restored or new database, or
 * of a deleted account): nobody may continue them. Reported as `sent`: uploads removed.
 */
export async function cleanUpUnfinishedUploads({ deps, now, renewLease }: JobContext): Promise<{ sent: number }> {
  const staging = deps.uploads.staging;
  // Rows first: an upload created meanwhile has its row before its first staged byte.
  const records = new Map((await uploadRecords(deps.db)).map((record) => [record.id, record.createdAt]));
  let removed = 0;
  const count = async () => {
    removed += 1;
    if (removed % 100 === 0) await renewLease();
  };
  for (const upload of await staging.list()) {
    const createdAt = records.get(upload.id);
    records.delete(upload.id);
    if (createdAt !== undefined && now - createdAt < UNFINISHED_UPLOAD_TTL_MS) continue;
    await staging.discard(upload.id);
    await forgetUpload(deps.db, upload.id);
    await count();
  }
  // Rows whose bytes never arrived (the store failed after the row was written).
  for (const [id, createdAt] of records) if (now - createdAt >= UNFINISHED_UPLOAD_TTL_MS) await forgetUpload(deps.db, id);
  if (removed) deps.logger.info({ removed }, 'removed unfinished uploads older than 24 hours or of no one');
  return { sent: removed };
}
