import { randomBytes } from 'node:crypto';
import { Upload } from '@tus/utils';
import type { ResumableUploads } from '../services/uploads/tus.ts';

/**
 * An unfinished upload of 100 bytes by `userId` to `assignmentId`, staged as the create request
 * would stage it: `uploadId` is the id in its URL (`/api/uploads/:uploadId`). The user's earlier
 * staged uploads are removed, so the user stays far from the in-flight cap.
 */
export async function stageTestUpload(
  server: { app: { deps: { uploads: ResumableUploads } } },
  userId: number,
  assignmentId: number,
): Promise<{ uploadId: string }> {
  const staging = server.app.deps.uploads.staging;
  for (const earlier of await staging.list(`u${userId}-`)) await staging.discard(earlier.id);
  const uploadId = `u${userId}-${randomBytes(16).toString('hex')}`;
  await staging.datastore.create(
    new Upload({
      id: `${staging.prefix}${uploadId}`,
      size: 100,
      offset: 0,
      metadata: { assignmentId: String(assignmentId), filename: 'a.png', filetype: 'image/png', userId: String(userId), createdAt: String(Date.now()) },
    }),
  );
  return { uploadId };
}
