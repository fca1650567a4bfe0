import { readdir } from 'node:fs/promises';
import { EXTERNAL_CPD_MAX_ENTRIES } from '@atrium/common';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { attachFile, insertAssignmentRow } from '../../../test/assignments.ts';
import { createCourse, enroll } from '../../../test/factories.ts';
import { pdfBytes } from '../../../test/files.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// What one account stores has limits: CPD evidence shares the storage quota of submission files
// (a 1 MB quota here, so no test writes gigabytes), and external entries stop at a generous cap.

const server = useTestServer({ env: { SUBMISSION_STORAGE_QUOTA_MB: '1' } });

const KB = 1024;
const entry = { title: 'Phonics refresher', provider: 'Local authority', completedOn: '2025-10-02', cpdHours: 1.5 };
/** 600 KB that start as a PDF: two do not fit in the 1 MB quota. */
const bigPdf = () => Buffer.concat([pdfBytes(), Buffer.alloc(600 * KB - pdfBytes().length, 0x20)]);
const sentence =
  'Your files take 600 KB of the 1 MB an account may keep, so this 600 KB file does not fit. Remove a file you no longer need (from a draft or your CPD record), or ask support for more room.';

function putEvidence(client: TestClient, id: number, bytes: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), 'evidence.pdf');
  return client.request('PUT', `/api/transcript/external/${id}/evidence`, { raw: body });
}

async function newEntry(client: TestClient): Promise<number> {
  const created = await client.post('/api/transcript/external', entry);
  expect(created.status, created.text).toBe(201);
  return created.body.id as number;
}

async function objectCount(): Promise<number> {
  const config = server.config.storage;
  if (config.kind !== 'disk') throw new Error('these tests run on disk storage');
  const entries = await readdir(config.dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((item) => item.isFile()).length;
}

const storedRows = async () => Number((await server.db('storedFiles').count({ n: '*' }).first())!.n);

describe("evidence counts against the account's storage quota", () => {
  it('refuses a file past the quota with the 413 submissions answer, storing nothing; a replacement counts the file it frees; another account has its own room', async () => {
    const { client } = await learner(server);
    const first = await newEntry(client);
    const second = await newEntry(client);
    expect((await putEvidence(client, first, bigPdf())).status).toBe(200);

    const objects = await objectCount();
    const rows = await storedRows();
    const refused = await putEvidence(client, second, bigPdf());
    expect([refused.status, refused.body.message, refused.body.errors]).toEqual([413, sentence, { file: sentence }]);
    await expect.poll(objectCount).toBe(objects);
    expect(await storedRows()).toBe(rows);
    expect(await server.db('externalCpd').where({ id: second }).first('evidenceFileId')).toEqual({ evidenceFileId: null });

    // Replacing the one file with another as large fits: the old one's bytes are freed by it.
    expect((await putEvidence(client, first, bigPdf())).status).toBe(200);
    await expect.poll(objectCount).toBe(objects);

    const other = await learner(server);
    expect((await putEvidence(other.client, await newEntry(other.client), bigPdf())).status).toBe(200);
  });

  it('is one quota with submission files: evidence does not fit beside a submitted file, nor a submitted file beside evidence', async () => {
    const course = await createCourse(server);
    const assignmentId = await insertAssignmentRow(server.db, course.id, { accepts: JSON.stringify(['pdf']), maxFiles: 5 });
    const { client, user } = await learner(server);
    await enroll(server.db, user.id, course.id);
    await attachFile(server, user.id, assignmentId, { kind: 'pdf', bytes: bigPdf() });
    const id = await newEntry(client);
    const refused = await putEvidence(client, id, bigPdf());
    expect([refused.status, refused.body.message]).toEqual([413, sentence]);

    const other = await learner(server);
    await enroll(server.db, other.user.id, course.id);
    expect((await putEvidence(other.client, await newEntry(other.client), bigPdf())).status).toBe(200);
    await expect(attachFile(server, other.user.id, assignmentId, { kind: 'pdf', bytes: bigPdf() })).rejects.toMatchObject({ status: 413, message: sentence });
  });
});

describe('external CPD entries per person', () => {
  it(`stops at ${EXTERNAL_CPD_MAX_ENTRIES} with a 409 naming the limit; removing one makes room`, async () => {
    const { client, user } = await learner(server);
    const now = server.clock.now().getTime();
    const rows = Array.from({ length: EXTERNAL_CPD_MAX_ENTRIES - 1 }, (_, i) => ({
      userId: user.id,
      title: `Course ${i}`,
      provider: 'Elsewhere',
      completedOn: '2025-01-01',
      quarterHours: 4,
      createdAt: now,
      evidenceFileId: null,
      evidenceName: null,
    }));
    for (let i = 0; i < rows.length; i += 100) await server.db('externalCpd').insert(rows.slice(i, i + 100));
    const last = await newEntry(client);

    const refused = await client.post('/api/transcript/external', entry);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `A transcript can hold at most ${EXTERNAL_CPD_MAX_ENTRIES} entries of training done elsewhere: remove one you no longer need first`,
    );
    expect(Number((await server.db('externalCpd').where({ userId: user.id }).count({ n: '*' }).first())!.n)).toBe(EXTERNAL_CPD_MAX_ENTRIES);

    expect((await client.delete(`/api/transcript/external/${last}`)).status).toBe(204);
    expect((await client.post('/api/transcript/external', entry)).status).toBe(201);
  });
});
