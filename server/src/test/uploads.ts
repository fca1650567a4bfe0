import { randomBytes } from 'node:crypto';
import { Upload } from '@tus/utils';
import type { Db } from '../db/knex.ts';
import type { ResumableUploads } from '../services/uploads/tus.ts';

/**
 * An unfinished upload of 100 bytes by `userId` to `assignmentId`, staged and recorded as the
 * create request would do it: `uploadId` is the id in its URL (`/api/uploads/:uploadId`). The
 * user's earlier unfinished uploads are removed, so the user stays far from the in-flight cap.
 */
export async function stageTestUpload(
  server: { app: { deps: { uploads: ResumableUploads; db: Db } } },
  userId: number,
  assignmentId: number,
): Promise<{ uploadId: string }> {
  const { uploads, db } = server.app.deps;
  const staging = uploads.staging;
  for (const earlier of await db('uploads').where({ userId }).select('id')) {
    await staging.discard(earlier.id);
    await db('uploads').where({ id: earlier.id }).delete();
  }
  const uploadId = randomBytes(16).toString('hex');
  const createdAt = Date.now();
  await db('uploads').insert({ id: uploadId, userId, size: 100, createdAt });
  await staging.datastore.create(
    new Upload({
      id: `${staging.prefix}${uploadId}`,
      size: 100,
      offset: 0,
      metadata: { assignmentId: String(assignmentId), filename: 'a.png', filetype: 'image/png', createdAt: String(createdAt) },
    }),
  );
  return { uploadId };
}
