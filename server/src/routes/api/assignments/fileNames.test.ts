import type { SubmissionDto } from '@atrium/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { attachFile, insertAssignmentRow } from '../../../test/assignments.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { pdfBytes } from '../../../test/files.ts';
import { attachTestResource } from '../../../test/resources.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

// Issue 50.3: a submitted file downloads under a name that cannot run (the sniffed type's
// extension, no bidirectional controls), old rows included. Issue 53.8: a name that is not ASCII
// is sent in RFC 5987's `filename*`, with an ASCII `filename=` beside it, never as raw Latin-1.

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});
afterAll(async () => {
  await server.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const base64 = (text: string) => Buffer.from(text).toString('base64');
/** Header values as the wire carries them: printable ASCII only. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

async function learnerWithAssignment() {
  const course = await createCourse(server);
  const assignmentId = await insertAssignmentRow(server.db, course.id, { accepts: JSON.stringify(['image', 'pdf']), maxFiles: 10 });
  const user = await createUser(server.db);
  await enroll(server.db, user.id, course.id);
  const client = server.client();
  await signIn(client, user);
  return { client, user, assignmentId };
}

/** The learner's draft files, as the API names them. */
async function namesOf(client: TestClient, assignmentId: number): Promise<Map<number, string>> {
  const body = (await client.get(`/api/assignments/${assignmentId}`)).body as { draft: SubmissionDto | null };
  return new Map((body.draft?.files ?? []).map((file) => [file.id, file.originalName]));
}

describe('submitted file names', () => {
  it('a PDF uploaded as a.html, .hta or a U+202E-spoofed name is stored, shown and downloaded as a .pdf', async () => {
    const { client, user, assignmentId } = await learnerWithAssignment();
    const cases = [
      ['a.html', 'a.pdf'],
      ['run me.hta', 'run me.pdf'],
      ['invoice\u202Efdp.exe', 'invoicefdp.pdf'],
      ['marks\u2067fdp.js\u2069.pdf', 'marksfdp.js.pdf'],
    ] as const;
    for (const [uploaded, expected] of cases) {
      const { fileId } = await attachFile(server, user.id, assignmentId, { kind: 'pdf', name: uploaded });
      expect((await server.db('submissionFiles').where({ id: fileId }).first())?.originalName).toBe(expected);
      expect((await namesOf(client, assignmentId)).get(fileId)).toBe(expected);
      const download = await client.get(`/api/submission-files/${fileId}?download=1`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${expected}"`);
    }
  });

  it('names the file through the upload endpoint too: the tus metadata’s filename is the learner’s', async () => {
    const { client, assignmentId } = await learnerWithAssignment();
    const bytes = pdfBytes();
    const created = await client.request('POST', '/api/uploads', {
      headers: {
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': `assignmentId ${base64(String(assignmentId))},filename ${base64('essay\u202Eftp.hta')},filetype ${base64('application/pdf')}`,
      },
    });
    expect(created.status, created.text).toBe(201);
    const finished = await client.request('PATCH', created.headers.get('location')!, {
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      raw: new Uint8Array(bytes),
    });
    expect(finished.status, finished.text).toBe(204);
    const fileId = Number(finished.headers.get('upload-file-id'));
    expect((await namesOf(client, assignmentId)).get(fileId)).toBe('essayftp.pdf');
  });

  it('a row stored before this rule leaves under a safe name: the rule applies on the way out too', async () => {
    const { client, user, assignmentId } = await learnerWithAssignment();
    const { fileId } = await attachFile(server, user.id, assignmentId, { kind: 'pdf', name: 'plan.pdf' });
    await server.db('submissionFiles').where({ id: fileId }).update({ originalName: 'plan\u202Efdp.html' });
    expect((await namesOf(client, assignmentId)).get(fileId)).toBe('planfdp.pdf');
    const download = await client.get(`/api/submission-files/${fileId}?download=1`);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="planfdp.pdf"');
  });
});

describe('Content-Disposition of a name that is not ASCII', () => {
  it('a Latin-1 name gets filename* (UTF-8) and an ASCII filename=, never raw Latin-1 bytes', async () => {
    const { client, user, assignmentId } = await learnerWithAssignment();
    const { fileId } = await attachFile(server, user.id, assignmentId, { kind: 'pdf', name: 'Évaluation des élèves.pdf' });
    const header = (await client.get(`/api/submission-files/${fileId}`)).headers.get('content-disposition')!;
    expect(header).toBe(`inline; filename="Evaluation des eleves.pdf"; filename*=UTF-8''%C3%89valuation%20des%20%C3%A9l%C3%A8ves.pdf`);
    expect(header).toMatch(PRINTABLE_ASCII);
  });

  it('any other name too: letters of other scripts, ß, and an ASCII name as it is', async () => {
    const { client, user, assignmentId } = await learnerWithAssignment();
    const cases = [
      ['Straße.pdf', `attachment; filename="Strasse.pdf"; filename*=UTF-8''Stra%C3%9Fe.pdf`],
      ['作业 1.pdf', `attachment; filename="_ 1.pdf"; filename*=UTF-8''%E4%BD%9C%E4%B8%9A%201.pdf`],
      ['plain name.pdf', 'attachment; filename="plain name.pdf"'],
    ] as const;
    for (const [name, expected] of cases) {
      const { fileId } = await attachFile(server, user.id, assignmentId, { kind: 'pdf', name });
      const header = (await client.get(`/api/submission-files/${fileId}?download=1`)).headers.get('content-disposition')!;
      expect(header).toBe(expected);
      expect(header).toMatch(PRINTABLE_ASCII);
    }
  });

  it('course resources are sent the same way, and an old resource name loses its bidirectional controls', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    const resourceId = await attachTestResource(server.app.deps, { moduleId: module.id }, 'Fiche élève');
    const learner = await createUser(server.db);
    await enroll(server.db, learner.id, course.id);
    const client = server.client();
    await signIn(client, learner);
    const header = (await client.get(`/api/resources/${resourceId}/download`)).headers.get('content-disposition')!;
    expect(header).toBe(`attachment; filename="Fiche eleve.pdf"; filename*=UTF-8''Fiche%20%C3%A9l%C3%A8ve.pdf`);

    await server.db('resources').where({ id: resourceId }).update({ fileName: 'Fiche\u202Efdp.exe' });
    const list = (await client.get(`/api/courses/${course.id}/resources`)).body as { resources: Array<{ id: number; fileName: string }> };
    expect(list.resources.find((resource) => resource.id === resourceId)?.fileName).toBe('Fichefdp.pdf');
    expect((await client.get(`/api/resources/${resourceId}/download`)).headers.get('content-disposition')).toBe('attachment; filename="Fichefdp.pdf"');
  });
});

describe('caption labels', () => {
  it('are stored without bidirectional controls', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    const form = new FormData();
    form.append('label', 'English\u202E (hsilgnE)');
    form.append('file', new Blob(['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n'], { type: 'text/vtt' }), 'en.vtt');
    const saved = await admin.request('PUT', `/api/modules/${module.id}/captions/en`, { raw: form });
    expect(saved.status, saved.text).toBe(201);
    expect((await server.db('captions').where({ moduleId: module.id }).first())?.label).toBe('English (hsilgnE)');
  });
});
