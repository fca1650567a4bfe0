import { randomBytes } from 'node:crypto';
import { Upload } from '@tus/utils';
import type { CatalogueDeps } from '../commands/catalogue/write.ts';
import type { ResumableUploads } from '../services/uploads/tus.ts';
import { insertAssignmentRow } from './assignments.ts';
import { createCourse, enroll } from './factories.ts';

/**
 * A course of its own that `userId` is enrolled in, with an assignment (photos and PDFs, five
 * files), and an unfinished upload of 100 bytes to it by `userId`, staged as the create request
 * would stage it: `uploadId` is the id in its URL (`/api/uploads/:uploadId`). The user's earlier
 * staged uploads are removed.
 */
export async function stageTestUpload(
  server: CatalogueDeps & { app: { deps: { uploads: ResumableUploads } } },
  userId: number,
): Promise<{ uploadAssignmentId: number; uploadId: string }> {
  const now = Date.now();
  const course = await createCourse(server, { price: 0 });
  await enroll(server.db, userId, course.id);
  const assignmentId = await insertAssignmentRow(server.db, course.id, { accepts: JSON.stringify(['image', 'pdf']), maxFiles: 5, approvalRequired: false });
  const staging = server.app.deps.uploads.staging;
  // The one upload of this world: earlier worlds' are let go, so the user stays far from the in-flight cap.
  for (const earlier of await staging.list(`u${userId}-`)) await staging.discard(earlier.id);
  const uploadId = `u${userId}-${randomBytes(16).toString('hex')}`;
  await staging.datastore.create(
    new Upload({
      id: `${staging.prefix}${uploadId}`,
      size: 100,
      offset: 0,
      metadata: { assignmentId: String(assignmentId), filename: 'a.pdf', filetype: 'application/pdf', userId: String(userId), createdAt: String(now) },
    }),
  );
  return { uploadAssignmentId: Number(assignmentId), uploadId };
}
