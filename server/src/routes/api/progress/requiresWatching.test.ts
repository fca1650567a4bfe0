import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorDto, CourseDetailDto, DashboardDto, ProgressDto } from '@atrium/common';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

// Issue 36, evidence of watching: the seconds played are kept apart from SPEC's watchedDuration,
// and a course may require them before Mark as Complete is accepted.

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

interface Setup {
  client: TestClient;
  user: { id: number };
  course: { id: number };
  module: { id: number; duration: number };
}

async function learnerOn(options: { requiresWatching?: boolean; enrolled?: boolean } = {}): Promise<Setup> {
  const user = await createUser(server.db);
  const course = await createCourse(server);
  const module = await createModule(server, course.id, { duration: 600 });
  if (options.requiresWatching) {
    const update = await admin.put(`/api/courses/${course.id}`, { requiresWatching: true });
    expect(update.status).toBe(200);
  }
  if (options.enrolled !== false) await enroll(server.db, user.id, course.id);
  const client = server.client();
  await signIn(client, user);
  return { client, user, course, module };
}

const report = (setup: Setup, fields: Record<string, unknown>) =>
  setup.client.post<ProgressDto>('/api/progress', { moduleId: setup.module.id, courseId: setup.course.id, ...fields });

const storedRow = (setup: Setup) => server.db('progress').where({ userId: setup.user.id, moduleId: setup.module.id }).first();
const certificatesOf = (setup: Setup) => server.db('certificates').where({ userId: setup.user.id });

describe('played seconds beside SPEC’s watchedDuration', () => {
  it('Mark as Complete without playing: watchedDuration is the whole duration (SPEC), playedSeconds stays 0, Watch Time shows 0', async () => {
    const setup = await learnerOn();
    // Today's portal sends the duration as watchedDuration on Mark as Complete, and no playedSeconds.
    const marked = await report(setup, { watchedDuration: 600, isCompleted: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ watchedDuration: 600, playedSeconds: 0, isCompleted: true, courseCompleted: true });
    expect(await certificatesOf(setup)).toHaveLength(1);

    const read = await setup.client.get<ProgressDto>(`/api/progress/${setup.module.id}`);
    expect(read.body).toMatchObject({ watchedDuration: 600, playedSeconds: 0 });
    const dashboard = await setup.client.get<DashboardDto>('/api/dashboard');
    expect(dashboard.body.stats.totalWatchTime).toBe(0);
    expect(dashboard.body.stats.completedModules).toBe(1);
  });

  it('a player report counts its seconds as played; Mark as Complete keeps them and only they count', async () => {
    const setup = await learnerOn();
    expect((await report(setup, { watchedDuration: 240, position: 240 })).body).toMatchObject({ watchedDuration: 240, playedSeconds: 240 });
    const marked = await report(setup, { watchedDuration: 600, playedSeconds: 250, isCompleted: true });
    expect(marked.body).toMatchObject({ watchedDuration: 600, playedSeconds: 250, isCompleted: true });
    // Played seconds never decrease.
    expect((await report(setup, { watchedDuration: 10, playedSeconds: 10 })).body).toMatchObject({ watchedDuration: 600, playedSeconds: 250 });
    const figures = await server.db('courseProgress').where({ userId: setup.user.id, courseId: setup.course.id }).first();
    expect(Number(figures!.watchedSeconds)).toBe(250);
  });

  it('refuses played seconds that are not numbers, naming the field', async () => {
    const setup = await learnerOn();
    const response = await report(setup, { watchedDuration: 10, playedSeconds: 'lots' });
    expect(response.status).toBe(400);
    expect((response.body as unknown as ApiErrorDto).errors).toHaveProperty('playedSeconds');
    expect(await storedRow(setup)).toBeUndefined();
  });
});

describe('"Completion requires watching"', () => {
  it('is off by default, set by an admin, and shown on the course page', async () => {
    const course = await createCourse(server);
    await createModule(server, course.id);
    expect((await admin.get<CourseDetailDto>(`/api/courses/${course.id}`)).body.requiresWatching).toBeUndefined();

    const refused = await admin.put(`/api/courses/${course.id}`, { requiresWatching: 'yes' });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as ApiErrorDto).errors).toHaveProperty('requiresWatching');

    expect((await admin.put(`/api/courses/${course.id}`, { requiresWatching: true })).status).toBe(200);
    // The public course page (signed out) tells learners before they start.
    expect((await server.client().get<CourseDetailDto>(`/api/courses/${course.id}`)).body.requiresWatching).toBe(true);
    expect((await server.client().get<Array<{ id: number; requiresWatching?: boolean }>>('/api/courses')).body.find((c) => c.id === course.id)).toMatchObject({
      requiresWatching: true,
    });

    expect((await admin.put(`/api/courses/${course.id}`, { requiresWatching: false })).status).toBe(200);
    expect((await admin.get<CourseDetailDto>(`/api/courses/${course.id}`)).body.requiresWatching).toBeUndefined();

    const created = await admin.post<{ id: number }>('/api/courses', { title: 'Watched', description: 'Must be watched', requiresWatching: true });
    expect(created.status).toBe(201);
    expect((await admin.get<CourseDetailDto>(`/api/courses/${created.body.id}`)).body.requiresWatching).toBe(true);
  });

  it('refuses Mark as Complete before 90 % was played (409), writing nothing and issuing no certificate', async () => {
    const setup = await learnerOn({ requiresWatching: true });
    // The player cannot load: nothing played, the learner presses Mark as Complete.
    const refused = await report(setup, { watchedDuration: 600, isCompleted: true });
    expect(refused.status).toBe(409);
    const error = refused.body as unknown as ApiErrorDto;
    expect(error.id).toBe('requires_watching');
    expect(error.message).toMatch(/requires watching/i);
    expect(error.errors).toHaveProperty('isCompleted');
    expect(await storedRow(setup)).toBeUndefined();
    expect(await certificatesOf(setup)).toHaveLength(0);

    // 500 of 600 seconds played (83 %): still refused, and the stored row is as the player left it.
    await report(setup, { watchedDuration: 500, position: 500 });
    const stillRefused = await report(setup, { watchedDuration: 600, playedSeconds: 500, isCompleted: true, position: 0 });
    expect(stillRefused.status).toBe(409);
    expect((stillRefused.body as unknown as ApiErrorDto).message).toContain('500 of 540 seconds');
    const row = await storedRow(setup);
    expect(row).toMatchObject({ watchedDuration: 500, playedSeconds: 500, position: 500 });
    expect(Boolean(Number(row!.isCompleted))).toBe(false);
    expect(await certificatesOf(setup)).toHaveLength(0);
  });

  it('accepts Mark as Complete once 90 % was played, counting the report’s own seconds with those stored', async () => {
    const setup = await learnerOn({ requiresWatching: true });
    await report(setup, { watchedDuration: 520, position: 520 });
    const marked = await report(setup, { watchedDuration: 600, playedSeconds: 540, isCompleted: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ watchedDuration: 600, playedSeconds: 540, isCompleted: true, courseCompleted: true });
    expect(await certificatesOf(setup)).toHaveLength(1);
    // Completed stays completed: a repeated Mark as Complete is answered, not refused.
    expect((await report(setup, { watchedDuration: 600, isCompleted: true })).status).toBe(200);
  });

  it('still completes a module by playing it (SPEC’s 90 % threshold)', async () => {
    const setup = await learnerOn({ requiresWatching: true });
    const played = await report(setup, { watchedDuration: 545, position: 545 });
    expect(played.body).toMatchObject({ playedSeconds: 545, isCompleted: true, courseCompleted: true });
  });

  it('answers a learner who is not enrolled 403, as any report', async () => {
    const setup = await learnerOn({ requiresWatching: true, enrolled: false });
    const response = await report(setup, { watchedDuration: 600, isCompleted: true });
    expect(response.status).toBe(403);
    expect((response.body as unknown as ApiErrorDto).id).toBe('not_enrolled');
  });
});
