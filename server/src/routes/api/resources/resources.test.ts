import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_MAX_BYTES } from '@atrium/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { licenseSchool } from '../../../commands/schools/licences.ts';
import { createSchool, joinSchool } from '../../../commands/schools/membership.ts';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { exeBytes, htmlBytes, officeBytes, pdfBytes, pngBytes, svgBytes, zipBytes } from '../../../test/files.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();
let admin: TestClient;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});

function form(file: Buffer | null, name: string, fields: Record<string, string> = { title: 'Consent checklist' }): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

const upload = (client: TestClient, path: string, body: BodyInit, method = 'POST', headers: Record<string, string> = {}) =>
  client.request(method, path, { raw: body, headers });

/** Every file under the app's storage folder (temporary files included). */
async function storedFiles(): Promise<string[]> {
  const config = server.config.storage;
  if (config.kind !== 'disk') throw new Error('these tests run on disk storage');
  const entries = await readdir(config.dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function counts() {
  const [files, resources] = await Promise.all([server.db('storedFiles').count({ n: '*' }).first(), server.db('resources').count({ n: '*' }).first()]);
  return { rows: Number(files!.n), resources: Number(resources!.n), objects: (await storedFiles()).length };
}

async function learner(): Promise<{ client: TestClient; user: { id: number; email: string } }> {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function courseWithModule() {
  const course = await createCourse(server, { price: 4900 });
  const module = await createModule(server, course.id);
  return { course, module };
}

describe('attaching resources', () => {
  it('attaches a PDF to a course and a DOCX to a module, typed by their bytes, in order', async () => {
    const { course, module } = await courseWithModule();
    const first = await upload(
      admin,
      `/api/courses/${course.id}/resources`,
      form(pdfBytes(), 'consent.PDF', { title: 'Consent checklist', description: 'Print it' }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      courseId: course.id,
      moduleId: null,
      title: 'Consent checklist',
      description: 'Print it',
      fileName: 'consent.pdf',
      contentType: 'application/pdf',
      typeLabel: 'PDF',
      size: pdfBytes().length,
      position: 1,
      downloadUrl: `/api/resources/${first.body.id}/download`,
    });
    // The declared type and name say PDF; the bytes are a Word document, and the bytes win.
    const second = await upload(admin, `/api/modules/${module.id}/resources`, form(officeBytes('docx'), 'shot list.pdf', { title: 'Shot list' }));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      moduleId: module.id,
      courseId: course.id,
      contentType: officeType('docx'),
      fileName: 'shot list.docx',
      description: '',
    });
    const third = await upload(admin, `/api/courses/${course.id}/resources`, form(await pngBytes(), '', { title: 'Lighting: a diagram' }));
    expect(third.body).toMatchObject({ fileName: 'Lighting a diagram.png', contentType: 'image/png', position: 2 });

    const list = await server.client().get(`/api/courses/${course.id}/resources`);
    expect(list.status).toBe(200);
    expect(list.body.resources.map((r: { id: number }) => r.id)).toEqual([first.body.id, third.body.id, second.body.id]);
    expect(list.body).toMatchObject({ can: { download: false }, access: 'sign_in' });
    const moduleList = await server.client().get(`/api/modules/${module.id}/resources`);
    expect(moduleList.body.resources.map((r: { id: number }) => r.id)).toEqual([second.body.id]);
  });

  it.each([
    ['xlsx', officeBytes('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', officeBytes('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['zip', zipBytes(), 'application/zip'],
  ])('accepts %s', async (_kind, bytes, type) => {
    const { course } = await courseWithModule();
    const response = await upload(admin, `/api/courses/${course.id}/resources`, form(bytes, 'file.bin', { title: 'A file' }));
    expect(response.status).toBe(201);
    expect(response.body.contentType).toBe(type);
  });

  it.each([
    ['SVG', svgBytes(), 'diagram.svg'],
    ['HTML', htmlBytes(), 'page.pdf'],
    ['an executable', exeBytes(), 'setup.pdf'],
    ['text', Buffer.from('just some words'), 'notes.docx'],
    ['an empty file', Buffer.alloc(0), 'empty.pdf'],
  ])('refuses %s whatever its name says, storing nothing', async (_kind, bytes, name) => {
    const { course } = await courseWithModule();
    const before = await counts();
    const response = await upload(admin, `/api/courses/${course.id}/resources`, form(bytes, name));
    expect(response.status).toBe(400);
    expect(response.body.errors.file).toMatch(/cannot be a resource: upload a PDF/);
    expect(await counts()).toEqual(before);
  });

  it('answers 413 past 25 MB and stores nothing, whether the size was declared or only streamed', async () => {
    const { course } = await courseWithModule();
    const before = await counts();
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(RESOURCE_MAX_BYTES + 1 - pdfBytes().length, 0x20)]);
    const declared = await upload(admin, `/api/courses/${course.id}/resources`, form(big, 'big.pdf'));
    expect(declared.status).toBe(413);
    expect(declared.body.errors.file).toMatch(/larger than 25 MB/);
    expect(await counts()).toEqual(before);

    // Chunked, with no Content-Length: the server counts the bytes and stops at the limit.
    const encoded = new Response(form(big, 'big.pdf'));
    const contentType = encoded.headers.get('content-type')!;
    const response = await fetch(`${server.url}/api/courses/${course.id}/resources`, {
      method: 'POST',
      headers: { cookie: admin.cookieHeader, 'content-type': contentType },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    await response.text();
    expect(await counts()).toEqual(before);
  });

  it('takes a file of exactly 25 MB', async () => {
    const { course } = await courseWithModule();
    const exact = Buffer.concat([pdfBytes(), Buffer.alloc(RESOURCE_MAX_BYTES - pdfBytes().length, 0x20)]);
    const response = await upload(admin, `/api/courses/${course.id}/resources`, form(exact, 'exact.pdf'));
    expect(response.status).toBe(201);
    expect(response.body.size).toBe(RESOURCE_MAX_BYTES);
  });

  it('names the field on bad input and keeps nothing of the upload', async () => {
    const { course } = await courseWithModule();
    const before = await counts();
    const untitled = await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes(), 'a.pdf', { title: '  ' }));
    expect(untitled.status).toBe(400);
    expect(untitled.body.errors).toEqual({ title: 'Give the resource a title' });
    const long = await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes(), 'a.pdf', { title: 'x', description: 'y'.repeat(1001) }));
    expect(long.status).toBe(400);
    expect(long.body.errors.description).toMatch(/at most 1,000/);
    const noFile = await upload(admin, `/api/courses/${course.id}/resources`, form(null, '', { title: 'No file' }));
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toEqual({ file: 'Choose a file to upload' });
    const json = await admin.post(`/api/courses/${course.id}/resources`, { title: 'JSON' });
    expect(json.status).toBe(415);
    const missingCourse = await upload(admin, '/api/courses/999999/resources', form(pdfBytes(), 'a.pdf'));
    expect(missingCourse.status).toBe(404);
    const missingModule = await upload(admin, '/api/modules/999999/resources', form(pdfBytes(), 'a.pdf'));
    expect(missingModule.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses uploads from learners and from another site', async () => {
    const { course } = await courseWithModule();
    const { client } = await learner();
    expect((await upload(client, `/api/courses/${course.id}/resources`, form(pdfBytes(), 'a.pdf'))).status).toBe(403);
    expect((await upload(server.client(), `/api/courses/${course.id}/resources`, form(pdfBytes(), 'a.pdf'))).status).toBe(401);
    const crossSite = await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes(), 'a.pdf'), 'POST', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await server.db('resources').where({ courseId: course.id })).length).toBe(0);
  });
});

describe('downloading resources', () => {
  let courseId: number;
  let resourceId: number;
  let moduleResourceId: number;

  beforeAll(async () => {
    const { course, module } = await courseWithModule();
    courseId = course.id;
    resourceId = (
      await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes('download'), 'Fiche de consentement – été.pdf', { title: 'Consent' }))
    ).body.id;
    moduleResourceId = (await upload(admin, `/api/modules/${module.id}/resources`, form(zipBytes(), 'pack.zip', { title: 'Pack' }))).body.id;
  });

  it('lets an enrolled learner download it as an attachment with its name, never sniffed', async () => {
    const { client, user } = await learner();
    await enroll(server.db, user.id, courseId);
    const list = await client.get(`/api/courses/${courseId}/resources`);
    expect(list.body).toMatchObject({ can: { download: true }, access: 'granted' });
    const response = await client.get(`/api/resources/${resourceId}/download`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(pdfBytes('download').toString());
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Fiche de consentement _ ete.pdf"; filename*=UTF-8''Fiche%20de%20consentement%20%E2%80%93%20%C3%A9t%C3%A9.pdf`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await client.get(`/api/resources/${moduleResourceId}/download`)).headers.get('content-type')).toBe('application/zip');
  });

  it('answers a byte range with 206, and a range outside the file with 416', async () => {
    const { client, user } = await learner();
    await enroll(server.db, user.id, courseId);
    const whole = pdfBytes('download');
    const part = await client.get(`/api/resources/${resourceId}/download`, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('%PDF-1.4');
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${whole.length}`);
    const tail = await client.get(`/api/resources/${resourceId}/download`, { range: 'bytes=-6' });
    expect(tail.text).toBe(whole.subarray(-6).toString());
    const outside = await client.get(`/api/resources/${resourceId}/download`, { range: `bytes=${whole.length + 10}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it("lets staff download through their school's licence", async () => {
    const manager = await createUser(server.db);
    const schoolId = await createSchool(server.db, { name: 'Oak Academy', country: 'GB' }, manager.id, Date.now());
    const { client, user } = await learner();
    await joinSchool(server.db, user.id, schoolId, 'member', Date.now());
    expect((await client.get(`/api/resources/${resourceId}/download`)).status).toBe(403);
    await licenseSchool(server.db, schoolId, courseId, 'grant', Date.now());
    expect((await client.get(`/api/courses/${courseId}/resources`)).body.can.download).toBe(true);
    expect((await client.get(`/api/resources/${resourceId}/download`)).status).toBe(200);
  });

  it('shows the list but refuses the download to a learner not enrolled (403) and a visitor (401)', async () => {
    const { client } = await learner();
    const list = await client.get(`/api/courses/${courseId}/resources`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ can: { download: false }, access: 'enroll' });
    expect(list.body.resources.map((r: { id: number }) => r.id)).toEqual([resourceId, moduleResourceId]);
    const refused = await client.get(`/api/resources/${resourceId}/download`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Enroll in this course to download its resources');
    expect(refused.text).not.toContain('%PDF');
    expect((await client.get(`/api/resources/${moduleResourceId}/download`)).status).toBe(403);
    expect((await server.client().get(`/api/resources/${resourceId}/download`)).status).toBe(401);
    expect((await client.get('/api/resources/999999/download')).status).toBe(404);
  });

  it('lets an admin download without enrolling', async () => {
    expect((await admin.get(`/api/courses/${courseId}/resources`)).body.can.download).toBe(true);
    expect((await admin.get(`/api/resources/${resourceId}/download`)).status).toBe(200);
  });
});

describe('editing, reordering, replacing and removing', () => {
  it('edits the title and description', async () => {
    const { course } = await courseWithModule();
    const created = await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes(), 'a.pdf'));
    const edited = await admin.put(`/api/resources/${created.body.id}`, { title: 'Renamed', description: 'Now with notes' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Renamed', description: 'Now with notes', fileName: 'a.pdf' });
    const bad = await admin.put(`/api/resources/${created.body.id}`, { title: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.title).toBe('Give the resource a title');
    expect((await admin.put('/api/resources/999999', { title: 'x' })).status).toBe(404);
  });

  it("reorders a module's resources; the list must name each once", async () => {
    const { module } = await courseWithModule();
    const ids: number[] = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push((await upload(admin, `/api/modules/${module.id}/resources`, form(pdfBytes(title), 'a.pdf', { title }))).body.id);
    const reordered = await admin.put(`/api/modules/${module.id}/resources/order`, { resourceIds: [ids[2], ids[0], ids[1]] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.resources.map((r: { title: string }) => r.title)).toEqual(['Three', 'One', 'Two']);
    const missing = await admin.put(`/api/modules/${module.id}/resources/order`, { resourceIds: [ids[0], ids[1]] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ resourceIds: 'Send every resource id of this list once' });
    const twice = await admin.put(`/api/modules/${module.id}/resources/order`, { resourceIds: [ids[0], ids[0], ids[1]] });
    expect(twice.status).toBe(400);
    expect((await server.client().get(`/api/modules/${module.id}/resources`)).body.resources.map((r: { title: string }) => r.title)).toEqual([
      'Three',
      'One',
      'Two',
    ]);
  });

  it('replaces the file in place and deletes the old one from storage', async () => {
    const { course } = await courseWithModule();
    const created = await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes('old'), 'old.pdf', { title: 'Checklist' }));
    const objectsBefore = await storedFiles();
    const replaced = await upload(admin, `/api/resources/${created.body.id}/file`, form(officeBytes('xlsx'), 'checklist v2.xlsx', {}), 'PUT');
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id: created.body.id,
      title: 'Checklist',
      fileName: 'checklist v2.xlsx',
      position: 1,
      typeLabel: 'Excel spreadsheet',
    });
    const objectsAfter = await storedFiles();
    expect(objectsAfter).toHaveLength(objectsBefore.length);
    expect(objectsAfter).not.toEqual(objectsBefore);
    const refused = await upload(admin, `/api/resources/${created.body.id}/file`, form(svgBytes(), 'x.svg', {}), 'PUT');
    expect(refused.status).toBe(400);
    expect(await storedFiles()).toEqual(objectsAfter);
  });

  it('deletes the file from storage with its last reference: the resource, its module, its course', async () => {
    const { course, module } = await courseWithModule();
    const before = await counts();
    const own = await upload(admin, `/api/courses/${course.id}/resources`, form(pdfBytes('own'), 'a.pdf'));
    await upload(admin, `/api/modules/${module.id}/resources`, form(pdfBytes('module'), 'b.pdf'));
    const second = await createModule(server, course.id);
    await upload(admin, `/api/modules/${second.id}/resources`, form(pdfBytes('second'), 'c.pdf'));
    expect(await counts()).toEqual({ rows: before.rows + 3, resources: before.resources + 3, objects: before.objects + 3 });

    expect((await admin.delete(`/api/resources/${own.body.id}`)).status).toBe(200);
    expect(await counts()).toEqual({ rows: before.rows + 2, resources: before.resources + 2, objects: before.objects + 2 });
    expect((await admin.delete(`/api/resources/${own.body.id}`)).status).toBe(404);

    expect((await admin.delete(`/api/modules/${module.id}`)).status).toBe(200);
    expect(await counts()).toEqual({ rows: before.rows + 1, resources: before.resources + 1, objects: before.objects + 1 });

    expect((await admin.delete(`/api/courses/${course.id}`)).status).toBe(200);
    expect(await counts()).toEqual(before);
  });
});

function officeType(kind: 'docx'): string {
  return { docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }[kind];
}
