import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createCourse, createUser, enroll, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();

async function learner(): Promise<{ client: TestClient; user: { id: number } }> {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

const enrollmentRows = (userId: number, courseId: number) =>
  server
    .db('enrollments')
    .where({ userId, courseId })
    .count({ n: '*' })
    .then((rows) => Number(rows[0]!.n));

describe('POST /api/enrollments', () => {
  it('enrolls in a free course with 201, and a repeat answers 200 without a second row', async () => {
    const course = await createCourse(server, { price: 0 });
    const { client, user } = await learner();
    const first = await client.post('/api/enrollments', { courseId: course.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), courseId: course.id, userId: user.id, enrolledAt: expect.any(String) });
    expect(new Date(first.body.enrolledAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const again = await client.post('/api/enrollments', { courseId: course.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await enrollmentRows(user.id, course.id)).toBe(1);
    expect((await client.get(`/api/courses/${course.id}`)).body.isEnrolled).toBe(true);
  });

  it('creates a single enrollment when the same request races itself', async () => {
    const course = await createCourse(server);
    const { client, user } = await learner();
    const responses = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/enrollments', { courseId: course.id })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.every((response) => response.status === 200 || response.status === 201)).toBe(true);
    expect(await enrollmentRows(user.id, course.id)).toBe(1);
  });

  it('answers 402 for a priced course and does not enroll', async () => {
    const course = await createCourse(server, { price: 49900 });
    const { client, user } = await learner();
    const response = await client.post('/api/enrollments', { courseId: course.id });
    expect(response.status).toBe(402);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await enrollmentRows(user.id, course.id)).toBe(0);
  });

  it('answers 200 for a priced course the learner already has', async () => {
    const course = await createCourse(server, { price: 49900 });
    const { client, user } = await learner();
    await enroll(server.db, user.id, course.id);
    const response = await client.post('/api/enrollments', { courseId: course.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ courseId: course.id, userId: user.id });
    expect(await enrollmentRows(user.id, course.id)).toBe(1);
  });

  it('answers 404 for an unknown course, 400 without a course id and 401 without a session', async () => {
    const { client } = await learner();
    const missing = await client.post('/api/enrollments', { courseId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Course not found');
    const invalid = await client.post('/api/enrollments', { courseId: 'abc' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.courseId).toBeTruthy();
    expect((await client.post('/api/enrollments', {})).status).toBe(400);
    const course = await createCourse(server);
    expect((await server.client().post('/api/enrollments', { courseId: course.id })).status).toBe(401);
  });
});
