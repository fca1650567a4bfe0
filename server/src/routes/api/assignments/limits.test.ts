import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { attachFile, insertAssignmentRow } from '../../../test/assignments.ts';
import { createAdmin, createCourse, createUser, enroll, signIn } from '../../../test/factories.ts';
import { pdfBytes } from '../../../test/files.ts';
import { addQuiz, takeQuiz } from '../../../test/quizzes.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

// Issue 50.8: limits fit what they guard. Submitting an assignment has a rate limit of its own
// (it spent the quiz attempts' budget), and one account's finished submission files a quota.

const TUS = { 'tus-resumable': '1.0.0' };
const KB = 1024;
const base64 = (text: string) => Buffer.from(text).toString('base64');

async function learnerIn(server: TestServer, courseId: number): Promise<{ client: TestClient; userId: number }> {
  const user = await createUser(server.db);
  await enroll(server.db, user.id, courseId);
  const client = server.client();
  await signIn(client, user);
  return { client, userId: user.id };
}

describe('submitting an assignment has its own rate limit', () => {
  // 0.02 of each limit: one quiz attempt and one submission per learner before 429.
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ RATE_LIMIT_MULTIPLIER: '0.02' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a quiz attempt does not spend it, and it is spent by submitting', async () => {
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    const course = await createCourse(server);
    const quiz = await addQuiz(admin, course.id);
    const assignmentId = await insertAssignmentRow(server.db, course.id, { accepts: JSON.stringify(['link']), approvalRequired: true });
    const { client } = await learnerIn(server, course.id);

    await takeQuiz(client, quiz, 2);
    expect((await client.patch(`/api/assignments/${assignmentId}/draft`, { link: 'https://example.org/our-event' })).status).toBe(200);
    const submitted = await client.post(`/api/assignments/${assignmentId}/submit`);
    expect(submitted.status, submitted.text).toBe(200);
    expect((await client.post(`/api/assignments/${assignmentId}/withdraw`)).status).toBe(200);
    const again = await client.post(`/api/assignments/${assignmentId}/submit`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe("one account's submission files have a storage quota", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ SUBMISSION_STORAGE_QUOTA_MB: '1' });
  });
  afterAll(async () => {
    await server.close();
  });

  /** 600 KB that start as a PDF. */
  const bigPdf = () => Buffer.concat([pdfBytes(), Buffer.alloc(600 * KB - pdfBytes().length, 0x20)]);

  const createUpload = (client: TestClient, assignmentId: number, length: number) =>
    client.request('POST', '/api/uploads', {
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': `assignmentId ${base64(String(assignmentId))},filename ${base64('plan.pdf')},filetype ${base64('application/pdf')}`,
      },
    });

  it('refuses past the quota with a 413 saying how much is used and allowed, before and after the bytes arrive', async () => {
    const course = await createCourse(server);
    const assignmentId = await insertAssignmentRow(server.db, course.id, { accepts: JSON.stringify(['pdf']), maxFiles: 5 });
    const { client, userId } = await learnerIn(server, course.id);
    const first = await attachFile(server, userId, assignmentId, { kind: 'pdf', bytes: bigPdf() });

    const sentence =
      'Your files take 600 KB of the 1 MB an account may keep, so this 600 KB file does not fit. Remove a file you no longer need (from a draft or your CPD record), or ask support for more room.';
    const refused = await createUpload(client, assignmentId, 600 * KB);
    expect([refused.status, refused.text]).toEqual([413, `${sentence}\n`]);
    expect(await server.db('uploads').where({ userId })).toEqual([]);

    // Two uploads may each fit when created: the second to finish is refused, and its bytes deleted.
    const stored = await server.db('storedFiles').count({ n: '*' }).first();
    const late = attachFile(server, userId, assignmentId, { kind: 'pdf', bytes: bigPdf() });
    await expect(late).rejects.toMatchObject({ status: 413, message: sentence });
    expect(await server.db('storedFiles').count({ n: '*' }).first()).toEqual(stored);

    // Another account has its own room; removing a draft file frees the learner's.
    const other = await learnerIn(server, course.id);
    await attachFile(server, other.userId, assignmentId, { kind: 'pdf', bytes: bigPdf() });
    expect((await client.delete(`/api/assignments/${assignmentId}/draft/files/${first.fileId}`)).status).toBe(204);
    const fits = await createUpload(client, assignmentId, 600 * KB);
    expect(fits.status, fits.text).toBe(201);
    expect((await client.request('DELETE', fits.headers.get('location')!, { headers: TUS })).status).toBe(204);
  });
});
