import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
let admin: TestClient;
let learnerClient: TestClient;
let learner: UserRow;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
  learner = await createUser(server.db);
  learnerClient = server.client();
  await signIn(learnerClient, learner);
});

const enrollmentCount = async (userId: number, courseId: number) =>
  Number(
    await server
      .db('enrollments')
      .where({ userId, courseId })
      .count({ n: '*' })
      .then((r) => r[0]!.n),
  );

describe('POST /api/admin/enroll', () => {
  it('enrolls a student by e-mail, even in a priced course, and answers with student, course and enrollment', async () => {
    const student = await createUser(server.db, { email: 'quick.enroll@school.test', firstName: 'Quinn' });
    const course = await createCourse(server, { title: 'Podcasting', price: 49_900 });
    await createModule(server, course.id, { duration: 300 });
    await createModule(server, course.id, { duration: 200 });

    const response = await admin.post('/api/admin/enroll', { studentEmail: '  Quick.Enroll@School.test ', courseId: course.id });
    expect(response.status).toBe(201);
    expect(response.body.student).toMatchObject({ id: student.id, email: 'quick.enroll@school.test', firstName: 'Quinn', enrollmentCount: 1 });
    expect(response.body.course).toMatchObject({ id: course.id, title: 'Podcasting', price: 49_900, totalModules: 2, totalDuration: 500 });
    expect(response.body.enrollment).toMatchObject({
      userId: student.id,
      courseId: course.id,
      courseTitle: 'Podcasting',
      totalModules: 2,
      completedModules: 0,
      progressPercentage: 0,
    });
    expect(response.body.alreadyEnrolled).toBe(false);
    expect(response.text).not.toMatch(/passwordHash/);
    const row = await server.db('enrollments').where({ userId: student.id, courseId: course.id }).first();
    expect(row!.source).toBe('admin');
  });

  it('enrolling twice answers 200 and adds no second enrollment', async () => {
    const student = await createUser(server.db);
    const course = await createCourse(server);
    const first = await admin.post('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    const second = await admin.post('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.alreadyEnrolled).toBe(true);
    expect(second.body.enrollment.id).toBe(first.body.enrollment.id);
    expect(await enrollmentCount(student.id, course.id)).toBe(1);
  });

  it('answers 404 for an unknown student or course and 400 for a missing field', async () => {
    const course = await createCourse(server);
    const nobody = await admin.post('/api/admin/enroll', { studentEmail: 'nobody@school.test', courseId: course.id });
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('No student found with that email');
    const noCourse = await admin.post('/api/admin/enroll', { studentEmail: learner.email, courseId: 999999 });
    expect(noCourse.status).toBe(404);
    expect(noCourse.body.message).toBe('Course not found');
    const missing = await admin.post('/api/admin/enroll', { courseId: course.id });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('No student selected');
    expect((await admin.post('/api/admin/enroll', { studentEmail: learner.email })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const course = await createCourse(server, { price: 49_900 });
    const selfService = await learnerClient.post('/api/admin/enroll', { studentEmail: learner.email, courseId: course.id });
    expect(selfService.status).toBe(403);
    expect(await enrollmentCount(learner.id, course.id)).toBe(0);
    expect((await server.client().post('/api/admin/enroll', { studentEmail: learner.email, courseId: course.id })).status).toBe(401);
  });
});

describe('DELETE /api/admin/enroll', () => {
  it('unenrolls by e-mail and keeps the progress, which returns on re-enrollment', async () => {
    const student = await createUser(server.db);
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    await enroll(server.db, student.id, course.id);
    await server.db('progress').insert({
      userId: student.id,
      moduleId: module.id,
      courseId: course.id,
      watchedDuration: module.duration,
      position: 0,
      isCompleted: true,
      completedAt: Date.now(),
      updatedAt: Date.now(),
    });

    const response = await admin.delete('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Student unenrolled' });
    expect(await enrollmentCount(student.id, course.id)).toBe(0);
    expect(await server.db('progress').where({ userId: student.id }).first()).toBeTruthy();

    const again = await admin.delete('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    expect(again.status).toBe(404);

    const back = await admin.post('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    expect(back.body.enrollment).toMatchObject({ completedModules: 1, progressPercentage: 100 });
  });

  it('answers 404 for an unknown student or course, 400 without a body, 403 for learners', async () => {
    const course = await createCourse(server);
    expect((await admin.delete('/api/admin/enroll', { studentEmail: 'ghost@school.test', courseId: course.id })).body.message).toBe(
      'No student found with that email',
    );
    expect((await admin.delete('/api/admin/enroll', { studentEmail: learner.email, courseId: 999999 })).status).toBe(404);
    expect((await admin.delete('/api/admin/enroll')).status).toBe(400);
    await enroll(server.db, learner.id, course.id);
    expect((await learnerClient.delete('/api/admin/enroll', { studentEmail: learner.email, courseId: course.id })).status).toBe(403);
    expect(await enrollmentCount(learner.id, course.id)).toBe(1);
  });
});

describe('GET /api/admin/enrollments', () => {
  it('lists every enrollment newest first with the student e-mail, paged with X-Total-Count', async () => {
    const student = await createUser(server.db, { email: 'latest@school.test' });
    const course = await createCourse(server, { title: 'Newest course' });
    await server.db('enrollments').insert({ userId: student.id, courseId: course.id, source: 'admin', enrolledAt: Date.now() + 60_000 });
    const total = Number(
      await server
        .db('enrollments')
        .count({ n: '*' })
        .then((r) => r[0]!.n),
    );

    const response = await admin.get('/api/admin/enrollments?limit=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(total));
    expect(response.body).toHaveLength(2);
    expect(response.body[0]).toMatchObject({ userId: student.id, courseTitle: 'Newest course', userEmail: 'latest@school.test' });
    const next = await admin.get('/api/admin/enrollments?limit=2&offset=1');
    expect(next.body[0].id).toBe(response.body[1].id);
    expect((await admin.get('/api/admin/enrollments?limit=0')).status).toBe(400);
    expect((await learnerClient.get('/api/admin/enrollments')).status).toBe(403);
  });
});
