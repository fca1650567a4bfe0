import { Readable } from 'node:stream';
import type { AssignmentAdminDto, AssignmentInput, SubmissionFileKind } from '@atrium/common';
import { expect } from 'vitest';
import { attachSubmissionFile } from '../commands/submissions.ts';
import { newStorageKey } from '../services/storage/index.ts';
import type { Db } from '../db/knex.ts';
import type { Assignment } from '../db/tables.ts';
import type { TestClient } from './client.ts';
import { pdfBytes, pngBytes } from './files.ts';
import type { TestServer } from './server.ts';

export const PHOTO_ASSIGNMENT: AssignmentInput = {
  title: 'Photograph a school event',
  instructions: 'Take three photos of a school event that identify no child. See https://example.org/guide',
  afterModuleId: null,
  accepts: ['image', 'pdf', 'link'],
  maxFiles: 3,
  approvalRequired: true,
};

/** Creates an assignment through the admin route (the admin client must be signed in). */
export async function createAssignment(admin: TestClient, courseId: number, input: Partial<AssignmentInput> = {}): Promise<AssignmentAdminDto> {
  const created = await admin.post<AssignmentAdminDto>(`/api/courses/${courseId}/assignments`, { ...PHOTO_ASSIGNMENT, ...input });
  expect(created.status).toBe(201);
  return created.body;
}

/**
 * Puts bytes in the app's storage and attaches them to the learner's draft the way the upload
 * endpoint does once an upload completes (the tus endpoint itself is tested on its own).
 */
export async function attachFile(
  server: Pick<TestServer, 'app'>,
  userId: number,
  assignmentId: number,
  options: { kind?: SubmissionFileKind; name?: string; bytes?: Buffer } = {},
): Promise<{ fileId: number; submissionId: number; key: string; bytes: Buffer }> {
  const kind = options.kind ?? 'image';
  const bytes = options.bytes ?? (kind === 'pdf' ? pdfBytes() : await pngBytes());
  const contentType = kind === 'pdf' ? 'application/pdf' : kind === 'image' ? 'image/png' : kind === 'audio' ? 'audio/mpeg' : 'video/mp4';
  const { storage, db, logger, clock, config } = server.app.deps;
  const key = newStorageKey('submissions');
  const stored = await storage.put(key, Readable.from([bytes]));
  const attached = await attachSubmissionFile(
    { db, storage, logger, clock, config },
    {
      userId,
      assignmentId,
      storageKey: key,
      originalName: options.name ?? `photo.${kind === 'pdf' ? 'pdf' : 'png'}`,
      kind,
      contentType,
      size: stored.size,
      sha256: stored.sha256,
    },
  );
  return { ...attached, key, bytes };
}

/** An assignment row written directly (for tests that build their world without the admin route). */
export async function insertAssignmentRow(db: Db, courseId: number, overrides: Partial<Assignment> = {}): Promise<number> {
  const now = Date.now();
  const [id] = await db('assignments').insert({
    courseId,
    afterModuleId: null,
    title: 'Photos',
    instructions: 'Take photos',
    accepts: JSON.stringify(['image', 'link']),
    maxFiles: 3,
    approvalRequired: true,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    ...overrides,
  });
  return Number(id);
}
