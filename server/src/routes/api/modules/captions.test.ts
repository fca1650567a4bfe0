import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

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

const VTT = [
  'WEBVTT',
  '',
  '1',
  '00:00:01.000 --> 00:00:04.000',
  'Welcome to the staff room.',
  '',
  '00:00:05.500 --> 00:00:08.000 align:start',
  'Lighting matters',
  'more than you think.',
  '',
].join('\n');

const SRT = ['1', '00:00:01,000 --> 00:00:03,500', 'Good morning, <i>everyone</i>.', '', '2', '00:01:02,250 --> 00:01:05,000', 'Second cue', ''].join('\r\n');

function upload(client: TestClient, moduleId: number, lang: string, text: string, options: { label?: string; name?: string; type?: string } = {}) {
  const form = new FormData();
  if (options.label !== undefined || !('label' in options)) form.append('label', options.label ?? 'English');
  form.append('file', new Blob([text], { type: options.type ?? 'text/vtt' }), options.name ?? 'captions.vtt');
  return client.request('PUT', `/api/modules/${moduleId}/captions/${lang}`, { raw: form });
}

async function courseWithModule() {
  const course = await createCourse(server);
  const module = await createModule(server, course.id);
  return { course, module };
}

async function enrolledLearner(courseId: number): Promise<TestClient> {
  const user = await createUser(server.db);
  await enroll(server.db, user.id, courseId);
  const client = server.client();
  await signIn(client, user);
  return client;
}

describe('uploading captions', () => {
  it('stores a WebVTT track, lists it and serves it as text/vtt to an enrolled learner', async () => {
    const { course, module } = await courseWithModule();
    const created = await upload(admin, module.id, 'en-gb', VTT, { label: 'English (UK)' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ moduleId: module.id, lang: 'en-GB', label: 'English (UK)', cueCount: 2, sourceFormat: 'vtt' });
    expect(created.body.url).toBe(`/api/modules/${module.id}/captions/en-GB.vtt`);

    const learner = await enrolledLearner(course.id);
    const list = await learner.get(`/api/modules/${module.id}/captions`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    const file = await learner.get(created.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(file.headers.get('cache-control')).toContain('no-store');
    expect(file.text).toBe(VTT);
  });

  it('converts SubRip to WebVTT', async () => {
    const { module } = await courseWithModule();
    const created = await upload(admin, module.id, 'fr', SRT, { label: 'Français', name: 'cours.srt', type: 'application/octet-stream' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ lang: 'fr', cueCount: 2, sourceFormat: 'srt' });
    const file = await admin.get(created.body.url);
    expect(file.text).toBe(
      ['WEBVTT', '', '1', '00:00:01.000 --> 00:00:03.500', 'Good morning, <i>everyone</i>.', '', '2', '00:01:02.250 --> 00:01:05.000', 'Second cue', ''].join(
        '\n',
      ),
    );
  });

  it('replaces the track of a language and removes it', async () => {
    const { module } = await courseWithModule();
    expect((await upload(admin, module.id, 'en', VTT)).status).toBe(201);
    const replaced = await upload(admin, module.id, 'en', SRT, { label: 'English (edited)', name: 'new.srt' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ label: 'English (edited)', sourceFormat: 'srt', cueCount: 2 });
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(1);

    expect((await admin.delete(`/api/modules/${module.id}/captions/en`)).status).toBe(200);
    expect((await admin.get(`/api/modules/${module.id}/captions`)).body).toEqual([]);
    expect((await admin.get(`/api/modules/${module.id}/captions/en.vtt`)).status).toBe(404);
    expect((await admin.delete(`/api/modules/${module.id}/captions/en`)).status).toBe(404);
  });

  it('goes with its module when the module is deleted', async () => {
    const { module } = await courseWithModule();
    await upload(admin, module.id, 'en', VTT);
    expect((await admin.delete(`/api/modules/${module.id}`)).status).toBe(200);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(0);
  });
});

describe('refusing malformed files with the line of the first problem', () => {
  const cases: Array<[string, string, string, number, string]> = [
    ['no WEBVTT header', 'captions.vtt', 'WEBVT\n\n00:00:01.000 --> 00:00:02.000\nHi\n', 1, 'missing WEBVTT file header'],
    ['an unreadable start time', 'captions.vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n00:00:0x.000 --> 00:00:06.000\nBad\n', 6, 'start timestamp'],
    ['an unreadable end time', 'captions.vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n00:00:05.000 --> 00:00:6x.000\nBad\n', 6, 'end timestamp'],
    [
      'a cue ending before it starts',
      'captions.vtt',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n00:00:09.000 --> 00:00:04.000\nBackwards\n',
      6,
      'ends before it starts',
    ],
    ['a bad cue setting', 'captions.vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:sideways\nHi\n', 3, 'align'],
    ['a block that is not a cue', 'captions.vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\nthis is not\na cue\n', 6, 'expected a cue timing'],
    ['cues out of order', 'captions.vtt', 'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nLater\n\n00:00:01.000 --> 00:00:02.000\nEarlier\n', 6, 'time order'],
    ['a SubRip cue without timing', 'lesson.srt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\nno timing here\n', 5, 'expected a cue timing'],
    ['a SubRip time that cannot be read', 'lesson.srt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:03;000 --> 00:00:04,000\nx\n', 6, 'start timestamp'],
    ['a file with no cues', 'captions.vtt', 'WEBVTT\n\nNOTE nothing here yet\n', 1, 'no cues'],
  ];

  it.each(cases)('%s', async (_name, fileName, text, line, reason) => {
    const { module } = await courseWithModule();
    const response = await upload(admin, module.id, 'en', text, { name: fileName });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(`Line ${line}:`);
    expect(response.body.errors.file).toContain(`Line ${line}: `);
    expect(response.body.errors.file).toContain(reason);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(0);
  });

  it('names the earliest problem when there are several', async () => {
    const { module } = await courseWithModule();
    const text = 'WEBVTT\n\njunk block\n\n00:00:09.000 --> 00:00:0x.000\nBad time\n';
    const response = await upload(admin, module.id, 'en', text);
    expect(response.body.errors.file).toMatch(/^Line 3: /);
  });

  it('refuses text that is not UTF-8, a file over 1 MB, a missing file, label or bad language', async () => {
    const { module } = await courseWithModule();
    const latin1 = new FormData();
    latin1.append('label', 'Français');
    latin1.append('file', new Blob([new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x0a, 0xe9])]), 'x.vtt');
    const notUtf8 = await admin.request('PUT', `/api/modules/${module.id}/captions/fr`, { raw: latin1 });
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.errors.file).toContain('UTF-8');

    const big = `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'a'.repeat(1024 * 1024)}\n`;
    const tooBig = await upload(admin, module.id, 'en', big);
    expect(tooBig.status).toBe(413);

    const noFile = new FormData();
    noFile.append('label', 'English');
    const missing = await admin.request('PUT', `/api/modules/${module.id}/captions/en`, { raw: noFile });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.file).toBeDefined();

    const noLabel = await upload(admin, module.id, 'en', VTT, { label: '   ' });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.errors.label).toBeDefined();

    const badLang = await upload(admin, module.id, 'not_a_language', VTT);
    expect(badLang.status).toBe(400);
    expect(badLang.body.errors.lang).toBeDefined();

    expect((await admin.put(`/api/modules/${module.id}/captions/en`, { label: 'English' })).status).toBe(415);
    expect((await upload(admin, 999999, 'en', VTT)).status).toBe(404);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(0);
  });
});

describe('caption languages', () => {
  it('refuses a word that is not a language (english) and a made-up region, naming the problem', async () => {
    const { module } = await courseWithModule();
    for (const lang of ['english', 'en-XX', 'zz']) {
      const response = await upload(admin, module.id, lang, VTT);
      expect(response.status, lang).toBe(400);
      expect(response.body.errors.lang, lang).toMatch(/not a language code.*such as en, en-GB or cy/);
    }
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(0);
  });

  it('refuses a tag whose canonical spelling outgrows 35 characters (islamicc becomes islamic-civil)', async () => {
    const { module } = await courseWithModule();
    const response = await upload(admin, module.id, 'en-u-ca-islamicc-co-phonebk-nu-arab', VTT);
    expect(response.status).toBe(400);
    expect(response.body.errors.lang).toMatch(/such as en, en-GB or cy/);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(0);
  });

  it('accepts real tags, canonicalised (eng is en), and private-use x- tags', async () => {
    const { module } = await courseWithModule();
    expect((await upload(admin, module.id, 'eng', VTT, { label: 'English' })).body).toMatchObject({ lang: 'en' });
    expect((await upload(admin, module.id, 'cy', VTT, { label: 'Cymraeg' })).status).toBe(201);
    expect((await upload(admin, module.id, 'zh-hant-hk', VTT, { label: '中文' })).body).toMatchObject({ lang: 'zh-Hant-HK' });
    expect((await upload(admin, module.id, 'X-Makaton', VTT, { label: 'Makaton' })).body).toMatchObject({ lang: 'x-makaton' });
    const langs = (await admin.get(`/api/modules/${module.id}/captions`)).body.map((track: { lang: string }) => track.lang);
    expect(langs.sort()).toEqual(['cy', 'en', 'x-makaton', 'zh-Hant-HK']);
  });

  it('refuses a second track with the label learners already see, and still replaces the same language', async () => {
    const { module } = await courseWithModule();
    expect((await upload(admin, module.id, 'en', VTT, { label: 'English' })).status).toBe(201);
    const duplicate = await upload(admin, module.id, 'en-GB', VTT, { label: ' english ' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain('already has captions labelled “English” (en)');
    expect(duplicate.body.errors.label).toBe(duplicate.body.message);
    expect((await upload(admin, module.id, 'en-GB', VTT, { label: 'English (UK)' })).status).toBe(201);
    expect((await upload(admin, module.id, 'en', VTT, { label: 'English' })).status).toBe(200);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(2);
  });

  it('still plays and removes a track saved under a tag that is no longer accepted', async () => {
    const { course, module } = await courseWithModule();
    await server.db('captions').insert({
      moduleId: module.id,
      lang: 'english',
      label: 'English',
      vtt: VTT,
      cueCount: 2,
      sourceFormat: 'vtt',
      uploadedBy: null,
      createdAt: 0,
      updatedAt: 0,
    });
    const learner = await enrolledLearner(course.id);
    expect((await learner.get(`/api/modules/${module.id}/captions/english.vtt`)).status).toBe(200);
    expect((await admin.delete(`/api/modules/${module.id}/captions/english`)).status).toBe(200);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(0);
  });
});

describe('who may read and write captions', () => {
  it('serves tracks to enrolled learners and admins like the video id, and no one else', async () => {
    const { course, module } = await courseWithModule();
    await upload(admin, module.id, 'en', VTT);
    const stranger = server.client();
    await signIn(stranger, await createUser(server.db));
    const learner = await enrolledLearner(course.id);

    expect((await server.client().get(`/api/modules/${module.id}/captions`)).status).toBe(401);
    expect((await server.client().get(`/api/modules/${module.id}/captions/en.vtt`)).status).toBe(401);
    expect((await stranger.get(`/api/modules/${module.id}/captions`)).status).toBe(403);
    expect((await stranger.get(`/api/modules/${module.id}/captions/en.vtt`)).status).toBe(403);
    expect((await learner.get(`/api/modules/${module.id}/captions/en.vtt`)).status).toBe(200);
    expect((await admin.get(`/api/modules/${module.id}/captions/en.vtt`)).status).toBe(200);
    expect((await learner.get(`/api/modules/${module.id}/captions/cy.vtt`)).status).toBe(404);
    expect((await learner.get(`/api/modules/999999/captions`)).status).toBe(404);
  });

  it('lets only admins upload and remove', async () => {
    const { course, module } = await courseWithModule();
    const learner = await enrolledLearner(course.id);
    expect((await upload(learner, module.id, 'en', VTT)).status).toBe(403);
    expect((await upload(server.client(), module.id, 'en', VTT)).status).toBe(401);
    await upload(admin, module.id, 'en', VTT);
    expect((await learner.delete(`/api/modules/${module.id}/captions/en`)).status).toBe(403);
    expect(await server.db('captions').where({ moduleId: module.id })).toHaveLength(1);
  });

  it("lists a course's caption languages publicly, without the captions themselves", async () => {
    const { course, module } = await courseWithModule();
    const bare = await createModule(server, course.id, { orderIndex: 2, title: 'Without captions' });
    await upload(admin, module.id, 'en', VTT, { label: 'English' });
    await upload(admin, module.id, 'cy', VTT, { label: 'Cymraeg' });
    const response = await server.client().get(`/api/courses/${course.id}/captions`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      courseId: course.id,
      modules: [
        {
          moduleId: module.id,
          title: expect.any(String),
          languages: [
            { lang: 'cy', label: 'Cymraeg' },
            { lang: 'en', label: 'English' },
          ],
        },
        { moduleId: bare.id, title: 'Without captions', languages: [] },
      ],
    });
    expect(response.text).not.toContain('Welcome to the staff room');
    expect((await server.client().get('/api/courses/999999/captions')).status).toBe(404);
  });
});
