import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';
import type { DashboardDto } from '@atrium/common';
import { countColdAndWarm } from '../../../test/countQueries.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signedIn(role: 'learner' | 'admin' = 'learner'): Promise<{ client: TestClient; user: { id: number; email: string } }> {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function progressRow(
  userId: number,
  module: { id: number; courseId: number; duration: number },
  fields: { watchedDuration: number; isCompleted: boolean; updatedAt: number },
) {
  await server
    .db('progress')
    .insert({ userId, moduleId: module.id, courseId: module.courseId, position: 0, completedAt: fields.isCompleted ? fields.updatedAt : null, ...fields });
}

describe('GET /api/courses', () => {
  it('lists every course by id with module count, total duration and price in pence, without signing in', async () => {
    const first = await createCourse(server, { price: 49900, thumbnail: '/images/a.jpg', salesVideoId: '111' });
    const second = await createCourse(server);
    await createModule(server, first.id, { duration: 300 });
    await createModule(server, first.id, { duration: 45 });

    const response = await server.client().get('/api/courses');
    expect(response.status).toBe(200);
    const ids = response.body.map((course: { id: number }) => course.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const listed = response.body.find((course: { id: number }) => course.id === first.id);
    expect(listed).toEqual({
      id: first.id,
      title: first.title,
      description: 'A course for testing',
      price: 49900,
      thumbnail: '/images/a.jpg',
      salesVideoId: '111',
      totalModules: 2,
      totalDuration: 345,
      prices: { GBP: 49900 },
    });
    expect(response.body.find((course: { id: number }) => course.id === second.id)).toMatchObject({ totalModules: 0, totalDuration: 0, price: 0 });
    expect(response.text).not.toContain('vimeo');
  });

  it('costs the same number of queries for 2 courses as for 20, with the catalogue cache cold or warm', async () => {
    const client = server.client();
    const before = await countColdAndWarm(server, () => client.get('/api/courses'));
    for (let i = 0; i < 18; i += 1) {
      const course = await createCourse(server);
      await createModule(server, course.id);
    }
    const after = await countColdAndWarm(server, () => client.get('/api/courses'));
    expect(before.cold).toBeGreaterThan(0);
    expect(before.warm).toBe(0);
    expect(after).toEqual(before);
  });

  it('shows a course or module written straight to the database on the next request', async () => {
    const client = server.client();
    await client.get('/api/courses');
    const course = await createCourse(server, { title: 'Written behind the cache' });
    const listed = (await client.get('/api/courses')).body.find((c: { id: number }) => c.id === course.id);
    expect(listed).toMatchObject({ title: 'Written behind the cache', totalModules: 0, totalDuration: 0 });
    await createModule(server, course.id, { duration: 120 });
    await server.db.transaction(async (trx) => {
      await trx('courses').where({ id: course.id }).update({ title: 'Renamed in a transaction' });
    });
    const again = (await client.get('/api/courses')).body.find((c: { id: number }) => c.id === course.id);
    expect(again).toMatchObject({ title: 'Renamed in a transaction', totalModules: 1, totalDuration: 120 });
  });
});

describe('GET /api/courses/:id', () => {
  it('lists modules by orderIndex and hides the Vimeo ids from visitors and learners who are not enrolled', async () => {
    const course = await createCourse(server, { price: 49900 });
    const third = await createModule(server, course.id, { orderIndex: 3, vimeoHash: 'abcdef1234' });
    const first = await createModule(server, course.id, { orderIndex: 1 });
    const second = await createModule(server, course.id, { orderIndex: 2 });

    const anonymous = await server.client().get(`/api/courses/${course.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.modules.map((module: { id: number }) => module.id)).toEqual([first.id, second.id, third.id]);
    expect(anonymous.body).toMatchObject({
      isEnrolled: false,
      totalModules: 3,
      totalDuration: 1800,
      completedModules: 0,
      progressPercentage: 0,
      lastWatchedModule: null,
    });
    for (const module of anonymous.body.modules) {
      expect(module).not.toHaveProperty('vimeoVideoId');
      expect(module).not.toHaveProperty('vimeoHash');
    }
    expect(anonymous.text).not.toContain('76979871');
    expect(anonymous.text).not.toContain('abcdef1234');

    const { client } = await signedIn();
    const learner = await client.get(`/api/courses/${course.id}`);
    expect(learner.status).toBe(200);
    expect(learner.body.isEnrolled).toBe(false);
    expect(learner.text).not.toContain('76979871');
  });

  it('shows the Vimeo ids and the learner’s progress once enrolled', async () => {
    const course = await createCourse(server);
    const modules = [];
    for (let i = 0; i < 4; i += 1) modules.push(await createModule(server, course.id, { vimeoHash: i === 0 ? 'abcdef1234' : null }));
    const { client, user } = await signedIn();
    await enroll(server.db, user.id, course.id);
    await progressRow(user.id, modules[0]!, { watchedDuration: 600, isCompleted: true, updatedAt: 1_000 });
    await progressRow(user.id, modules[2]!, { watchedDuration: 120, isCompleted: false, updatedAt: 3_000 });
    await progressRow(user.id, modules[1]!, { watchedDuration: 600, isCompleted: true, updatedAt: 2_000 });

    const response = await client.get(`/api/courses/${course.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isEnrolled: true,
      completedModules: 2,
      progressPercentage: 50,
      lastWatchedModule: { id: modules[2]!.id, title: 'Module 3' },
    });
    expect(response.body.modules.map((module: { isCompleted: boolean }) => module.isCompleted)).toEqual([true, true, false, false]);
    expect(response.body.modules[0]).toMatchObject({ vimeoVideoId: '76979871', vimeoHash: 'abcdef1234' });
  });

  it('shows the Vimeo ids to an admin who is not enrolled', async () => {
    const course = await createCourse(server, { price: 100 });
    await createModule(server, course.id);
    const { client } = await signedIn('admin');
    const response = await client.get(`/api/courses/${course.id}`);
    expect(response.body.isEnrolled).toBe(false);
    expect(response.body.modules[0].vimeoVideoId).toBe('76979871');
  });

  it('answers 404 for an unknown course and 400 for an id that is not one', async () => {
    const missing = await server.client().get('/api/courses/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Course not found', id: 'not_found' });
    expect((await server.client().get('/api/courses/abc')).status).toBe(400);
  });

  it('costs the same number of queries for 2 modules as for 20', async () => {
    const { client, user } = await signedIn();
    const small = await createCourse(server);
    const large = await createCourse(server);
    for (const [course, count] of [
      [small, 2],
      [large, 20],
    ] as const) {
      await enroll(server.db, user.id, course.id);
      for (let i = 0; i < count; i += 1) {
        const module = await createModule(server, course.id);
        await progressRow(user.id, module, { watchedDuration: 600, isCompleted: i % 2 === 0, updatedAt: Date.now() + i });
      }
    }
    const forSmall = await countColdAndWarm(server, () => client.get(`/api/courses/${small.id}`));
    const forLarge = await countColdAndWarm(server, () => client.get(`/api/courses/${large.id}`));
    expect(forSmall.warm).toBeGreaterThan(0);
    expect(forSmall.cold).toBeGreaterThan(forSmall.warm);
    expect(forLarge).toEqual(forSmall);
    expect((await client.get(`/api/courses/${large.id}`)).body.modules).toHaveLength(20);
  });
});

describe('course writes', () => {
  const valid = {
    title: 'Podcasting for Schools',
    description: 'Run a school podcast',
    price: 19900,
    thumbnail: 'https://cdn.example/p.jpg',
    salesVideoId: '222',
  };

  it('lets an admin create a course, with price defaulting to 0', async () => {
    const { client } = await signedIn('admin');
    const created = await client.post('/api/courses', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, totalModules: 0, totalDuration: 0 });
    expect((await server.client().get(`/api/courses/${created.body.id}`)).body.title).toBe(valid.title);

    const free = await client.post('/api/courses', { title: 'Free one', description: 'Costs nothing' });
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ price: 0, thumbnail: null, salesVideoId: null });
  });

  it('refuses missing fields, a negative or fractional price and an http thumbnail with 400', async () => {
    const { client } = await signedIn('admin');
    const missing = await client.post('/api/courses', { title: 'Only a title' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.description).toBe('Please fill in all course details.');
    expect((await client.post('/api/courses', { ...valid, price: -1 })).status).toBe(400);
    expect((await client.post('/api/courses', { ...valid, price: 1.5 })).status).toBe(400);
    expect((await client.post('/api/courses', { ...valid, thumbnail: 'http://insecure.example/x.jpg' })).status).toBe(400);
  });

  it('needs a session (401) and the admin role (403) for every write', async () => {
    const course = await createCourse(server);
    const anonymous = server.client();
    expect((await anonymous.post('/api/courses', valid)).status).toBe(401);
    expect((await anonymous.put(`/api/courses/${course.id}`, { title: 'X' })).status).toBe(401);
    expect((await anonymous.delete(`/api/courses/${course.id}`)).status).toBe(401);
    const { client } = await signedIn();
    expect((await client.post('/api/courses', valid)).status).toBe(403);
    expect((await client.put(`/api/courses/${course.id}`, { title: 'X' })).status).toBe(403);
    expect((await client.delete(`/api/courses/${course.id}`)).status).toBe(403);
    expect((await server.client().get(`/api/courses/${course.id}`)).body.title).toBe(course.title);
  });

  it('updates only the fields sent, clears a field sent as null, and answers 404 for an unknown course', async () => {
    const { client } = await signedIn('admin');
    const course = await createCourse(server, { price: 49900, thumbnail: '/t.jpg', salesVideoId: '333' });
    await createModule(server, course.id, { duration: 90 });
    const updated = await client.put(`/api/courses/${course.id}`, { title: 'Renamed', description: 'New words', salesVideoId: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: course.id,
      title: 'Renamed',
      description: 'New words',
      price: 49900,
      thumbnail: '/t.jpg',
      salesVideoId: null,
      totalModules: 1,
      totalDuration: 90,
    });
    expect((await client.put(`/api/courses/${course.id}`, { price: 19900 })).body.price).toBe(19900);
    expect((await client.put(`/api/courses/${course.id}`, { title: '  ' })).status).toBe(400);
    const missing = await client.put('/api/courses/999999', { title: 'Nothing' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Course not found');
  });

  it('deletes a course with its modules and enrollments but keeps issued certificates verifiable', async () => {
    const { client } = await signedIn('admin');
    const { user, client: learner } = await signedIn();
    const course = await createCourse(server);
    const kept = await createCourse(server);
    const module = await createModule(server, course.id);
    await enroll(server.db, user.id, course.id);
    await enroll(server.db, user.id, kept.id);
    expect((await learner.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: 30 })).status).toBe(200);
    await server.db('certificates').insert({
      userId: user.id,
      courseId: course.id,
      certificateNumber: 'ATR-DELE-TEDC-OURS-E000',
      studentName: 'Test Learner',
      courseName: course.title,
      completionPercentage: 100,
      completedAt: Date.now(),
      issuedAt: Date.now(),
    });
    const deleted = await client.delete(`/api/courses/${course.id}`);
    expect(deleted.status).toBe(200);
    expect((await server.client().get(`/api/courses/${course.id}`)).status).toBe(404);
    expect(await server.db('modules').where({ id: module.id }).first()).toBeUndefined();
    expect(await server.db('enrollments').where({ courseId: course.id }).first()).toBeUndefined();
    // Off the learner's dashboard figures and progress too, on MySQL as well, where a cascade fires no trigger.
    expect(await server.db('courseProgress').where({ courseId: course.id })).toEqual([]);
    expect(await server.db('progress').where({ courseId: course.id })).toEqual([]);
    expect((await learner.get<DashboardDto>('/api/dashboard')).body.courses.find((card) => card.id === course.id)).toBeUndefined();
    const certificate = await server.client().get('/api/certificates/ATR-DELE-TEDC-OURS-E000');
    expect(certificate.status).toBe(200);
    expect(certificate.body.courseName).toBe(course.title);
    expect((await client.delete(`/api/courses/${course.id}`)).status).toBe(404);
  });
});
