import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '@atrium/common';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { countColdAndWarm } from '../../../test/countQueries.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function watched(userId: number, module: { id: number; courseId: number }, watchedDuration: number, isCompleted: boolean, updatedAt: number) {
  await server.db('progress').insert({
    userId,
    moduleId: module.id,
    courseId: module.courseId,
    watchedDuration,
    playedSeconds: watchedDuration,
    position: 0,
    isCompleted,
    completedAt: isCompleted ? updatedAt : null,
    updatedAt,
  });
}

describe('GET /api/dashboard', () => {
  it('needs a session', async () => {
    const response = await server.client().get('/api/dashboard');
    expect(response.status).toBe(401);
  });

  it('shows every course with the learner’s progress on the enrolled ones, and stats over those', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const photo = await createCourse(server, { title: 'Photography', price: 49900 });
    const video = await createCourse(server, { title: 'Video' });
    const podcast = await createCourse(server, { title: 'Podcast', price: 19900 });
    const photoModules = [];
    for (let i = 0; i < 4; i += 1) photoModules.push(await createModule(server, photo.id, { duration: 600 }));
    const videoModules = [];
    for (let i = 0; i < 3; i += 1) videoModules.push(await createModule(server, video.id, { duration: 900 }));
    const podcastModule = await createModule(server, podcast.id);
    await enroll(server.db, user.id, photo.id);
    await enroll(server.db, user.id, video.id);

    await watched(user.id, photoModules[0]!, 600, true, 5_000);
    await watched(user.id, photoModules[1]!, 600, true, 9_000);
    await watched(user.id, photoModules[2]!, 300, false, 7_000);
    await watched(user.id, videoModules[0]!, 900, true, 8_000);
    // Progress in a course the user is no longer enrolled in, and someone else's, count for nothing.
    await watched(user.id, podcastModule, 600, true, 10_000);
    await watched(other.id, photoModules[3]!, 600, true, 11_000);

    const client = server.client();
    await signIn(client, user);
    const response = await client.get<DashboardDto>('/api/dashboard');
    expect(response.status).toBe(200);
    const byId = new Map(response.body.courses.map((course) => [course.id, course]));
    expect(byId.get(photo.id)).toMatchObject({
      title: 'Photography',
      price: 49900,
      totalModules: 4,
      totalDuration: 2400,
      isEnrolled: true,
      completedModules: 2,
      progressPercentage: 50,
      lastWatchedModule: { id: photoModules[1]!.id, title: 'Module 2' },
    });
    expect(byId.get(video.id)).toMatchObject({ isEnrolled: true, completedModules: 1, progressPercentage: 33, lastWatchedModule: { id: videoModules[0]!.id } });
    expect(byId.get(podcast.id)).toMatchObject({ isEnrolled: false, completedModules: 0, progressPercentage: 0, lastWatchedModule: null, totalModules: 1 });
    expect(response.text).not.toContain('vimeo');
    // 2 of 4 and 1 of 3 modules: 3 of 7 is 42.9 %, shown as 43 (the mean of 50 % and 33 % would
    // say 42); (600 + 600 + 300 + 900) s = 0.666… h rounds to 0.7.
    expect(response.body.stats).toEqual({ overallProgress: 43, enrolledCourses: 2, completedModules: 3, totalWatchTime: 0.7 });
  });

  it('answers zeros for a learner with no enrollments', async () => {
    const client = server.client();
    await signIn(client, await createUser(server.db));
    const response = await client.get<DashboardDto>('/api/dashboard');
    expect(response.body.stats).toEqual({ overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 });
    expect(response.body.courses.every((course) => !course.isEnrolled)).toBe(true);
  });

  it('costs the same number of queries for 2 enrolled courses as for 20', async () => {
    async function learnerWith(courseCount: number) {
      const user = await createUser(server.db);
      for (let i = 0; i < courseCount; i += 1) {
        const course = await createCourse(server);
        const first = await createModule(server, course.id);
        await createModule(server, course.id);
        await enroll(server.db, user.id, course.id);
        await watched(user.id, first, 600, true, Date.now());
      }
      const client = server.client();
      await signIn(client, user);
      return client;
    }
    const few = await learnerWith(2);
    const many = await learnerWith(20);
    const forFew = await countColdAndWarm(server, () => few.get('/api/dashboard'));
    const forMany = await countColdAndWarm(server, async () => {
      const response = await many.get<DashboardDto>('/api/dashboard');
      expect(response.body.stats.enrolledCourses).toBe(20);
    });
    // Two statements while the catalogue is warm: the session with its user, the learner's figures.
    expect(forFew.warm).toBe(2);
    expect(forFew.cold).toBeGreaterThan(forFew.warm);
    expect(forMany).toEqual(forFew);
  });
});
