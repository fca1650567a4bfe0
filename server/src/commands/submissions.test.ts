import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey } from '../services/storage/index.ts';
import { createCourse, createUser, enroll } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { pngBytes } from '../test/files.ts';
import { insertAssignmentRow } from '../test/assignments.ts';
import { attachSubmissionFile } from './submissions.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const assignmentIn = (courseId: number, overrides: Record<string, unknown> = {}) =>
  insertAssignmentRow(server.db, courseId, { accepts: JSON.stringify(['image']), maxFiles: 2, ...overrides });

async function stored(): Promise<{ key: string; size: number; sha256: string }> {
  const key = newStorageKey('submissions');
  const object = await server.app.deps.storage.put(key, Readable.from([await pngBytes()]));
  return { key, ...object };
}

const deps = () => ({ db: server.db, storage: server.app.deps.storage, logger: server.app.deps.logger, clock: server.clock, config: server.config });

describe('attachSubmissionFile', () => {
  it('creates the draft on the first file, keeps one draft, and refuses past maxFiles deleting the object', async () => {
    const course = await createCourse(server);
    const assignmentId = await assignmentIn(course.id);
    const learner = await createUser(server.db);
    await enroll(server.db, learner.id, course.id);
    const attach = async () => {
      const object = await stored();
      const input = {
        userId: learner.id,
        assignmentId,
        storageKey: object.key,
        originalName: '../../IMG 1.png',
        kind: 'image' as const,
        contentType: 'image/png',
        size: object.size,
        sha256: object.sha256,
      };
      return { object, result: attachSubmissionFile(deps(), input) };
    };
    const first = await (await attach()).result;
    const second = await (await attach()).result;
    expect(second.submissionId).toBe(first.submissionId);
    const drafts = await server.db('submissions').where({ userId: learner.id, assignmentId });
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ status: 'draft', round: 1 });
    const file = await server.db('submissionFiles').where({ id: first.fileId }).first();
    expect(file?.originalName).toBe('IMG 1.png');

    const third = await attach();
    await expect(third.result).rejects.toMatchObject({ status: 409 });
    expect(await server.app.deps.storage.size(third.object.key)).toBeNull();
    expect(await server.db('submissionFiles').where({ submissionId: first.submissionId })).toHaveLength(2);
    expect(await server.db('storedFiles').where({ storageKey: third.object.key })).toHaveLength(0);
  });

  it('refuses a learner without access (403) and a kind not accepted (422), deleting the object', async () => {
    const course = await createCourse(server);
    const assignmentId = await assignmentIn(course.id);
    const outsider = await createUser(server.db);
    let object = await stored();
    const input = {
      userId: outsider.id,
      assignmentId,
      storageKey: object.key,
      originalName: 'a.png',
      kind: 'image' as const,
      contentType: 'image/png',
      size: object.size,
      sha256: object.sha256,
    };
    await expect(attachSubmissionFile(deps(), input)).rejects.toMatchObject({ status: 403 });
    expect(await server.app.deps.storage.size(object.key)).toBeNull();

    await enroll(server.db, outsider.id, course.id);
    object = await stored();
    await expect(attachSubmissionFile(deps(), { ...input, storageKey: object.key, kind: 'pdf', contentType: 'application/pdf' })).rejects.toMatchObject({
      status: 422,
    });
    expect(await server.app.deps.storage.size(object.key)).toBeNull();

    await server.db('assignments').where({ id: assignmentId }).update({ deletedAt: 1 });
    object = await stored();
    await expect(attachSubmissionFile(deps(), { ...input, storageKey: object.key })).rejects.toMatchObject({ status: 404 });
    expect(await server.db('submissions').where({ assignmentId })).toHaveLength(0);
  });
});
