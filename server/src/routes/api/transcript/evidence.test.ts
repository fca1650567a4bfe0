import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CPD_EVIDENCE_MAX_BYTES } from '@atrium/common';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { exeBytes, htmlBytes, officeBytes, pdfBytes, pngBytes, svgBytes } from '../../../test/files.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();

const entry = { title: 'Phonics refresher', provider: 'Local authority', completedOn: '2025-10-02', cpdHours: 1.5 };

function form(file: Buffer | null, name: string): FormData {
  const body = new FormData();
  if (file) body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

const putEvidence = (client: TestClient, id: number, file: Buffer | null, name = 'evidence.pdf') =>
  client.request('PUT', `/api/transcript/external/${id}/evidence`, { raw: form(file, name) });

async function objects(): Promise<string[]> {
  const config = server.config.storage;
  if (config.kind !== 'disk') throw new Error('these tests run on disk storage');
  const entries = await readdir(config.dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((item) => item.isFile()).map((item) => join(item.parentPath, item.name));
}

async function withEntry() {
  const person = await learner(server);
  const created = await person.client.post('/api/transcript/external', entry);
  expect(created.status).toBe(201);
  expect(created.body.evidence).toBeNull();
  return { ...person, id: created.body.id as number };
}

describe('evidence on an external CPD entry (issue 59)', () => {
  it('stores a PDF through the storage, typed by its bytes, shows it on the transcript and gives it back to its owner under a safe name', async () => {
    const { client, id } = await withEntry();
    const before = (await objects()).length;
    const bytes = pdfBytes('certificate of attendance');
    const response = await putEvidence(client, id, bytes, '..\\C:\\attendance\u202Etxt.exe');
    expect(response.status, response.text).toBe(200);
    expect(response.body.evidence).toEqual({
      fileName: 'attendancetxt.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      downloadPath: `/api/transcript/external/${id}/evidence`,
    });
    expect((await objects()).length).toBe(before + 1);
    expect((await client.get('/api/transcript')).body.external[0].evidence.fileName).toBe('attendancetxt.pdf');

    const download = await fetch(`${client.baseUrl}/api/transcript/external/${id}/evidence`, { headers: { cookie: client.cookieHeader } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="attendancetxt.pdf"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a new file replaces the old one, whose object is deleted; removing it deletes the object; removing the entry deletes its file', async () => {
    const { client, id } = await withEntry();
    const start = (await objects()).length;
    const rows = async () => Number((await server.db('storedFiles').count({ n: '*' }).first())!.n);
    const startRows = await rows();
    expect((await putEvidence(client, id, pdfBytes())).status).toBe(200);
    const replaced = await putEvidence(client, id, await pngBytes(), 'photo.png');
    expect(replaced.body.evidence).toMatchObject({ fileName: 'photo.png', contentType: 'image/png' });
    await expect.poll(async () => (await objects()).length).toBe(start + 1);
    expect((await client.delete(`/api/transcript/external/${id}/evidence`)).status).toBe(204);
    await expect.poll(async () => (await objects()).length).toBe(start);
    expect((await client.get(`/api/transcript/external/${id}/evidence`)).status).toBe(404);
    expect((await client.get('/api/transcript')).body.external[0].evidence).toBeNull();

    expect((await putEvidence(client, id, officeBytes('docx'), 'notes.docx')).body.evidence.fileName).toBe('notes.docx');
    expect((await client.delete(`/api/transcript/external/${id}`)).status).toBe(204);
    await expect.poll(async () => (await objects()).length).toBe(start);
    expect(await rows()).toBe(startRows);
  });

  it('refuses by content what is not a PDF, image or Word file (whatever the name says), an empty form and a file over 10 MB; nothing is left stored', async () => {
    const { client, id } = await withEntry();
    const start = (await objects()).length;
    for (const [bytes, name] of [
      [htmlBytes(), 'evidence.pdf'],
      [svgBytes(), 'evidence.png'],
      [exeBytes(), 'evidence.pdf'],
    ] as const) {
      const response = await putEvidence(client, id, bytes, name);
      expect(response.status, name).toBe(400);
      expect(response.body.errors.file).toBe('Evidence must be a PDF, an image (PNG, JPEG or WebP) or a Word (.docx) document');
    }
    expect((await putEvidence(client, id, null)).status).toBe(400);
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(CPD_EVIDENCE_MAX_BYTES)]);
    const tooLarge = await putEvidence(client, id, big);
    expect(tooLarge.status).toBe(413);
    const json = await client.request('PUT', `/api/transcript/external/${id}/evidence`, { body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect((await objects()).length).toBe(start);
    expect((await client.get('/api/transcript')).body.external[0].evidence).toBeNull();
  });

  it('only the owner reads, replaces or removes it: another learner, an admin and a signed-out caller get 404 or 401, and nothing is stored for them', async () => {
    const { client, id } = await withEntry();
    await putEvidence(client, id, pdfBytes());
    const other = await learner(server);
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    const start = (await objects()).length;
    for (const caller of [other.client, admin]) {
      expect((await caller.get(`/api/transcript/external/${id}/evidence`)).status).toBe(404);
      expect((await putEvidence(caller, id, pdfBytes())).status).toBe(404);
      expect((await caller.delete(`/api/transcript/external/${id}/evidence`)).status).toBe(404);
    }
    const anonymous = server.client();
    expect((await anonymous.get(`/api/transcript/external/${id}/evidence`)).status).toBe(401);
    expect((await putEvidence(anonymous, id, pdfBytes())).status).toBe(401);
    expect((await objects()).length).toBe(start);
    expect((await client.get(`/api/transcript/external/${id}/evidence`)).status).toBe(200);
  });

  it('"Download my data" lists the evidence, and deleting the account deletes the file', async () => {
    const { client, user, id } = await withEntry();
    const start = (await objects()).length;
    await putEvidence(client, id, pdfBytes(), 'Attendance.pdf');
    expect((await objects()).length).toBe(start + 1);
    const exported = (await client.get('/api/user/export')).body;
    expect(exported.externalCpd[0].evidence).toMatchObject({ fileName: 'Attendance.pdf', contentType: 'application/pdf' });
    expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
    expect(await server.db('externalCpd').where({ userId: user.id })).toEqual([]);
    await expect.poll(async () => (await objects()).length).toBe(start);
  });
});
