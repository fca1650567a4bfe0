import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createUser, enroll, signIn } from '../../../test/factories.ts';
import { pdfBytes, svgBytes } from '../../../test/files.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

// The same routes with the files in an S3-compatible bucket (s3rver), as several instances run.
let s3: TestS3;
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  s3 = await startTestS3();
  server = await createTestServer(s3.env);
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

function form(file: Buffer, name: string): FormData {
  const body = new FormData();
  body.append('title', 'Consent checklist');
  body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

describe('resources on S3 storage', () => {
  it('stores the upload in the bucket, serves it to an enrolled learner and deletes it with the resource', async () => {
    expect(server.app.deps.storage.description).toBe(`s3 ${s3.config.bucket} at ${s3.config.endpoint}`);
    const course = await createCourse(server);
    const created = await admin.request('POST', `/api/courses/${course.id}/resources`, { raw: form(pdfBytes('s3'), 'consent.pdf') });
    expect(created.status).toBe(201);
    const row = await server.db('storedFiles').join('resources', 'resources.fileId', 'storedFiles.id').where('resources.id', created.body.id).first();
    expect(await server.app.deps.storage.size(row!.storageKey)).toBe(pdfBytes('s3').length);

    const user = await createUser(server.db);
    const learner = server.client();
    await signIn(learner, user);
    expect((await learner.get(`/api/resources/${created.body.id}/download`)).status).toBe(403);
    await enroll(server.db, user.id, course.id);
    const download = await learner.get(`/api/resources/${created.body.id}/download`);
    expect(download.status).toBe(200);
    expect(download.text).toBe(pdfBytes('s3').toString());
    const part = await learner.get(`/api/resources/${created.body.id}/download`, { range: 'bytes=1-3' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('PDF');

    expect((await admin.delete(`/api/resources/${created.body.id}`)).status).toBe(200);
    await expect.poll(() => server.app.deps.storage.size(row!.storageKey)).toBeNull();
  });

  it('refuses a refused type without writing to the bucket', async () => {
    const course = await createCourse(server);
    const before = await server.db('storedFiles').count({ n: '*' }).first();
    const refused = await admin.request('POST', `/api/courses/${course.id}/resources`, { raw: form(svgBytes(), 'x.svg') });
    expect(refused.status).toBe(400);
    expect(await server.db('storedFiles').count({ n: '*' }).first()).toEqual(before);
  });
});
