import type { JobContext } from '../../scheduler/scheduler.ts';

/** An upload not finished this long after it was created is given up: its staged bytes are removed. */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/**
 * The `upload-cleanup` job: removes the staged bytes of resumable uploads created more than
 * 24 hours ago by the app's clock (a dropped connection that never came back, an abandoned tab),
 * so unfinished uploads cannot fill the disk or the bucket. Reported as `sent`: uploads removed.
 */
export async function cleanUpUnfinishedUploads({ deps, now, renewLease }: JobContext): Promise<{ sent: number }> {
  const staging = deps.uploads.staging;
  let removed = 0;
  for (const upload of await staging.list('')) {
    if (now - upload.createdAt < UNFINISHED_UPLOAD_TTL_MS) continue;
    await staging.discard(upload.id);
    removed += 1;
    if (removed % 100 === 0) await renewLease();
  }
  if (removed) deps.logger.info({ removed }, 'removed unfinished uploads older than 24 hours');
  return { sent: removed };
}
