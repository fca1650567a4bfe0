import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_FILE_LIMITS } from '@atrium/common';
import type { TestClient } from '../../../test/client.ts';
import { createCourse, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import { insertAssignmentRow } from '../../../test/assignments.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { IN_FLIGHT_BYTES, IN_FLIGHT_UPLOADS } from '../../../services/uploads/tus.ts';

const TUS = { 'tus-resumable': '1.0.0' };

const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * The cap on one account's unfinished uploads holds against creates sent all at once: each used
 * to read the same count before any had written its row, so a burst passed the cap together (on
 * MariaDB ten 1 GB creates at once staged 4 GB where 2 GB is the most).
 */
describe('unfinished uploads sent at once', () => {
  let server: TestServer;
  let learner: TestClient;
  let learnerUser: UserRow;
  let courseId: number;

  beforeAll(async () => {
    server = await createTestServer();
    learnerUser = await createUser(server.db, { emailVerifiedAt: Date.now() });
    learner = server.client();
    await signIn(learner, learnerUser);
    courseId = (await createCourse(server)).id;
    await enroll(server.db, learnerUser.id, courseId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (assignmentId: number, length: number, filename: string, filetype: string) =>
    learner.request('POST', '/api/uploads', {
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadataHeader({ assignmentId: String(assignmentId), filename, filetype }) },
    });

  async function cancelAll() {
    const rows: Array<{ id: string }> = await server.db('uploads').where({ userId: learnerUser.id }).select('id');
    for (const { id } of rows) expect((await learner.request('DELETE', `/api/uploads/${id}`, { headers: TUS })).status).toBe(204);
  }

  async function inFlight() {
    const row = await server.db('uploads').where({ userId: learnerUser.id }).count({ n: '*' }).sum({ bytes: 'size' }).first();
    return { count: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  it('stages no more than 2 GB, however many large creates arrive together', async () => {
    const assignmentId = await insertAssignmentRow(server.db, courseId, { accepts: JSON.stringify(['video']), maxFiles: 5 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => create(assignmentId, SUBMISSION_FILE_LIMITS.video, `${index}.mp4`, 'video/mp4')),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(Math.floor(IN_FLIGHT_BYTES / SUBMISSION_FILE_LIMITS.video));
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect([refused.status, refused.text]).toEqual([413, 'You have 2 GB of unfinished uploads; let them finish or cancel some first\n']);
    }
    expect((await inFlight()).bytes).toBeLessThanOrEqual(IN_FLIGHT_BYTES);
    await cancelAll();
  });

  it('keeps no more than 40 unfinished uploads, however many creates arrive together', async () => {
    const assignmentId = await insertAssignmentRow(server.db, courseId, { accepts: JSON.stringify(['pdf']), maxFiles: 5 });
    const answers = await Promise.all(
      Array.from({ length: IN_FLIGHT_UPLOADS + 8 }, (_, index) => create(assignmentId, 100, `${index}.pdf`, 'application/pdf')),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(IN_FLIGHT_UPLOADS);
    expect(answers.filter((answer) => answer.status === 413)).toHaveLength(8);
    expect((await inFlight()).count).toBe(IN_FLIGHT_UPLOADS);
    await cancelAll();
    expect(await inFlight()).toEqual({ count: 0, bytes: 0 });
  });
});
