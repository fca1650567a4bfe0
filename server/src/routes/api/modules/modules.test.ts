import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

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

async function learner(): Promise<{ client: TestClient; user: { id: number } }> {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function orderOf(courseId: number): Promise<Array<{ id: number; orderIndex: number }>> {
  const rows = await server.db('modules').select('id', 'orderIndex').where({ courseId }).orderBy('orderIndex');
  return rows.map((row) => ({ id: Number(row.id), orderIndex: Number(row.orderIndex) }));
}

const newModule = (courseId: number, extra: Record<string, unknown> = {}) => ({
  title: 'Lighting basics',
  description: 'Find the light',
  vimeoVideoId: '123456789',
  duration: 420,
  courseId,
  ...extra,
});

describe('reading modules', () => {
  it('needs a session', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    expect((await server.client().get(`/api/courses/${course.id}/modules`)).status).toBe(401);
    expect((await server.client().get(`/api/modules/${module.id}`)).status).toBe(401);
  });

  it('hides the Vimeo id until the learner is enrolled', async () => {
    const course = await createCourse(server);
    const second = await createModule(server, course.id, { orderIndex: 2, vimeoHash: 'abcdef1234' });
    const first = await createModule(server, course.id, { orderIndex: 1 });
    const { client, user } = await learner();

    const before = await client.get(`/api/courses/${course.id}/modules`);
    expect(before.status).toBe(200);
    expect(before.body.map((module: { id: number }) => module.id)).toEqual([first.id, second.id]);
    expect(before.text).not.toContain('76979871');
    expect(before.text).not.toContain('abcdef1234');
    const one = await client.get(`/api/modules/${second.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: second.id, courseId: course.id, orderIndex: 2, isCompleted: false });
    expect(one.body).not.toHaveProperty('vimeoVideoId');

    await enroll(server.db, user.id, course.id);
    expect((await client.get(`/api/modules/${second.id}`)).body).toMatchObject({ vimeoVideoId: '76979871', vimeoHash: 'abcdef1234' });
    expect((await client.get(`/api/courses/${course.id}/modules`)).body[1].vimeoVideoId).toBe('76979871');
  });

  it('shows the Vimeo id to an admin who is not enrolled', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    expect((await admin.get(`/api/modules/${module.id}`)).body.vimeoVideoId).toBe('76979871');
  });

  it('answers 404 for an unknown module or course and 400 for a malformed id', async () => {
    const { client } = await learner();
    const module = await client.get('/api/modules/999999');
    expect(module.status).toBe(404);
    expect(module.body.message).toBe('Module not found');
    expect((await client.get('/api/courses/999999/modules')).status).toBe(404);
    expect((await client.get('/api/modules/0')).status).toBe(400);
  });
});

describe('POST /api/modules', () => {
  it('parses a Vimeo link into id and hash and appends the module after the existing ones', async () => {
    const course = await createCourse(server);
    await createModule(server, course.id);
    await createModule(server, course.id);
    const created = await admin.post('/api/modules', newModule(course.id, { vimeoVideoId: 'https://vimeo.com/987654321/abcdef1234' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Lighting basics',
      courseId: course.id,
      orderIndex: 3,
      duration: 420,
      vimeoVideoId: '987654321',
      vimeoHash: 'abcdef1234',
    });
    const stored = await server.db('modules').where({ id: created.body.id }).first();
    expect(stored).toMatchObject({ vimeoVideoId: '987654321', vimeoHash: 'abcdef1234' });
  });

  it('inserts at an explicit orderIndex and moves the later modules down', async () => {
    const course = await createCourse(server);
    const a = await createModule(server, course.id);
    const b = await createModule(server, course.id);
    const created = await admin.post('/api/modules', newModule(course.id, { orderIndex: 1 }));
    expect(created.body.orderIndex).toBe(1);
    expect(await orderOf(course.id)).toEqual([
      { id: created.body.id, orderIndex: 1 },
      { id: a.id, orderIndex: 2 },
      { id: b.id, orderIndex: 3 },
    ]);
    const last = await admin.post('/api/modules', newModule(course.id, { orderIndex: 99 }));
    expect(last.body.orderIndex).toBe(4);
  });

  it('refuses a missing title, an unparseable video id and a negative duration with 400', async () => {
    const course = await createCourse(server);
    const missing = await admin.post('/api/modules', newModule(course.id, { title: '' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.title).toBeTruthy();
    const video = await admin.post('/api/modules', newModule(course.id, { vimeoVideoId: 'https://youtube.com/watch?v=x' }));
    expect(video.status).toBe(400);
    expect(video.body.errors.vimeoVideoId).toMatch(/Vimeo/);
    expect((await admin.post('/api/modules', newModule(course.id, { duration: -5 }))).status).toBe(400);
  });

  it('answers 404 for an unknown course, 401 without a session and 403 for a learner', async () => {
    const missing = await admin.post('/api/modules', newModule(999999));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Course not found');
    const course = await createCourse(server);
    expect((await server.client().post('/api/modules', newModule(course.id))).status).toBe(401);
    const { client } = await learner();
    expect((await client.post('/api/modules', newModule(course.id))).status).toBe(403);
    expect(await orderOf(course.id)).toEqual([]);
  });
});

describe('PUT /api/modules/:id', () => {
  it('changes only the fields sent', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id, { vimeoHash: 'abcdef1234' });
    const updated = await admin.put(`/api/modules/${module.id}`, { title: 'Renamed', duration: 61 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'Renamed',
      duration: 61,
      description: 'What this module covers',
      vimeoVideoId: '76979871',
      vimeoHash: 'abcdef1234',
      orderIndex: 1,
    });
    const video = await admin.put(`/api/modules/${module.id}`, { vimeoVideoId: '55555555' });
    expect(video.body).toMatchObject({ vimeoVideoId: '55555555', vimeoHash: null });
  });

  it('moves a module to a new orderIndex and renumbers the others', async () => {
    const course = await createCourse(server);
    const a = await createModule(server, course.id);
    const b = await createModule(server, course.id);
    const c = await createModule(server, course.id);
    const moved = await admin.put(`/api/modules/${c.id}`, { ...newModule(course.id), orderIndex: 1 });
    expect(moved.status).toBe(200);
    expect(await orderOf(course.id)).toEqual([
      { id: c.id, orderIndex: 1 },
      { id: a.id, orderIndex: 2 },
      { id: b.id, orderIndex: 3 },
    ]);
  });

  it('refuses a move to another course (400), an unknown module (404) and a learner (403)', async () => {
    const course = await createCourse(server);
    const other = await createCourse(server);
    const module = await createModule(server, course.id);
    expect((await admin.put(`/api/modules/${module.id}`, { courseId: other.id })).status).toBe(400);
    expect((await admin.put(`/api/modules/${module.id}`, { title: '' })).status).toBe(400);
    expect((await admin.put('/api/modules/999999', { title: 'X' })).status).toBe(404);
    const { client } = await learner();
    expect((await client.put(`/api/modules/${module.id}`, { title: 'X' })).status).toBe(403);
    expect((await server.client().put(`/api/modules/${module.id}`, { title: 'X' })).status).toBe(401);
  });
});

describe('DELETE /api/modules/:id', () => {
  it('deletes the module and renumbers the rest 1..n', async () => {
    const course = await createCourse(server);
    const a = await createModule(server, course.id);
    const b = await createModule(server, course.id);
    const c = await createModule(server, course.id);
    const d = await createModule(server, course.id);
    expect((await admin.delete(`/api/modules/${b.id}`)).status).toBe(200);
    expect(await orderOf(course.id)).toEqual([
      { id: a.id, orderIndex: 1 },
      { id: c.id, orderIndex: 2 },
      { id: d.id, orderIndex: 3 },
    ]);
    expect((await admin.delete(`/api/modules/${b.id}`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    const { client } = await learner();
    expect((await client.delete(`/api/modules/${module.id}`)).status).toBe(403);
    expect((await server.client().delete(`/api/modules/${module.id}`)).status).toBe(401);
    expect(await orderOf(course.id)).toHaveLength(1);
  });
});

describe('PUT /api/courses/:courseId/modules/order', () => {
  it('puts the modules in the given order', async () => {
    const course = await createCourse(server);
    const a = await createModule(server, course.id);
    const b = await createModule(server, course.id);
    const c = await createModule(server, course.id);
    const response = await admin.put(`/api/courses/${course.id}/modules/order`, { moduleIds: [b.id, c.id, a.id] });
    expect(response.status).toBe(200);
    expect(response.body.map((module: { id: number; orderIndex: number }) => [module.id, module.orderIndex])).toEqual([
      [b.id, 1],
      [c.id, 2],
      [a.id, 3],
    ]);
    expect((await orderOf(course.id)).map((row) => row.id)).toEqual([b.id, c.id, a.id]);
  });

  it('refuses anything but exactly the course’s module ids with 400 and changes nothing', async () => {
    const course = await createCourse(server);
    const a = await createModule(server, course.id);
    const b = await createModule(server, course.id);
    const foreign = await createModule(server, (await createCourse(server)).id);
    for (const moduleIds of [[a.id], [b.id, a.id, foreign.id], [b.id, b.id], [b.id, foreign.id], []]) {
      const response = await admin.put(`/api/courses/${course.id}/modules/order`, { moduleIds });
      expect(response.status, JSON.stringify(moduleIds)).toBe(400);
    }
    expect(await orderOf(course.id)).toEqual([
      { id: a.id, orderIndex: 1 },
      { id: b.id, orderIndex: 2 },
    ]);
  });

  it('answers 404 for an unknown course and 403 for a learner', async () => {
    expect((await admin.put('/api/courses/999999/modules/order', { moduleIds: [1] })).status).toBe(404);
    const course = await createCourse(server);
    const a = await createModule(server, course.id);
    const { client } = await learner();
    expect((await client.put(`/api/courses/${course.id}/modules/order`, { moduleIds: [a.id] })).status).toBe(403);
  });
});
