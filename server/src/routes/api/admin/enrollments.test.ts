import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

let server: TestServer;
let admin: TestClient;
let learnerClient: TestClient;
let learner: UserRow;

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
  learner = await createUser(server.db);
  learnerClient = server.client();
  await signIn(learnerClient, learner);
});
afterAll(async () => {
  await server.close();
});

const enrollmentCount = async (userId: number, courseId: number) =>
  Number(await server.db('enrollments').where({ userId, courseId }).count({ n: '*' }).then((r) => r[0]!.n));

describe('POST /api/admin/enroll', () => {
  it('enrolls a student by e-mail, even in a priced course, and answers with student, course and enrollment', async () => {
    const student = await createUser(server.db, { email: 'quick.enroll@school.test', firstName: 'Quinn' });
    const course = await createCourse(server.db, { title: 'Podcasting', price: 49_900 });
    await createModule(server.db, course.id, { duration: 300 });
    await createModule(server.db, course.id, { duration: 200 });

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
    expect(row.source).toBe('admin');
  });

  it('enrolling twice answers 200 and adds no second enrollment', async () => {
    const student = await createUser(server.db);
    const course = await createCourse(server.db);
    const first = await admin.post('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    const second = await admin.post('/api/admin/enroll', { studentEmail: student.email, courseId: course.id });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.alreadyEnrolled).toBe(true);
    expect(second.body.enrollment.id).toBe(first.body.enrollment.id);
    expect(await enrollmentCount(student.id, course.id)).toBe(1);
  });

  it('answers 404 for an unknown student or course and 400 for a missing field', async () => {
    const course = await createCourse(server.db);
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
    const course = await createCourse(server.db, { price: 49_900 });
    const selfService = await learnerClient.post('/api/admin/enroll', { studentEmail: learner.email, courseId: course.id });
    expect(selfService.status).toBe(403);
    expect(await enrollmentCount(learner.id, course.id)).toBe(0);
    expect((await server.client().post('/api/admin/enroll', { studentEmail: learner.email, courseId: course.id })).status).toBe(401);
  });
});

describe('DELETE /api/admin/enroll', () => {
  it('unenrolls by e-mail and keeps the progress, which returns on re-enrollment', async () => {
    const student = await createUser(server.db);
    const course = await createCourse(server.db);
    const module = await createModule(server.db, course.id);
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
    const course = await createCourse(server.db);
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
    const course = await createCourse(server.db, { title: 'Newest course' });
    await server.db('enrollments').insert({ userId: student.id, courseId: course.id, source: 'admin', enrolledAt: Date.now() + 60_000 });
    const total = Number(await server.db('enrollments').count({ n: '*' }).then((r) => r[0]!.n));

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

describe('contact messages inbox', () => {
  it('lists messages newest first with X-Total-Count and marks them handled and back', async () => {
    const older = await server.client().post('/api/contact', { name: 'First', email: 'first@school.test', message: 'one' });
    const newer = await server.client().post('/api/contact', { name: 'Second', email: 'second@school.test', message: 'two', source: 'widget' });
    expect([older.status, newer.status]).toEqual([201, 201]);

    const list = await admin.get('/api/admin/contact-messages');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((m: { name: string }) => m.name)).toEqual(['Second', 'First']);
    expect(list.body[0]).toMatchObject({ email: 'second@school.test', message: 'two', source: 'widget', company: null, handledAt: null });

    const id = list.body[0].id;
    const handled = await admin.patch(`/api/admin/contact-messages/${id}`, { handled: true });
    expect(handled.status).toBe(200);
    expect(Date.parse(handled.body.handledAt)).toBeGreaterThan(0);
    const again = await admin.patch(`/api/admin/contact-messages/${id}`, { handled: true });
    expect(again.body.handledAt).toBe(handled.body.handledAt);
    expect((await admin.get('/api/admin/overview')).body.unhandledMessages).toBe(1);

    const reopened = await admin.patch(`/api/admin/contact-messages/${id}`, { handled: false });
    expect(reopened.body.handledAt).toBeNull();
    expect(await server.db('contactMessages').where({ id }).first().then((row) => row.handledAt)).toBeNull();

    const paged = await admin.get('/api/admin/contact-messages?limit=1&offset=1');
    expect(paged.body.map((m: { name: string }) => m.name)).toEqual(['First']);
  });

  it('answers 400 for a bad body, 404 for an unknown message, 403 for learners', async () => {
    expect((await admin.patch('/api/admin/contact-messages/1', { handled: 'yes' })).status).toBe(400);
    expect((await admin.patch('/api/admin/contact-messages/999999', { handled: true })).status).toBe(404);
    expect((await learnerClient.get('/api/admin/contact-messages')).status).toBe(403);
    expect((await learnerClient.patch('/api/admin/contact-messages/1', { handled: true })).status).toBe(403);
    expect((await server.client().get('/api/admin/contact-messages')).status).toBe(401);
  });
});

describe('certificates', () => {
  async function issue(userId: number, number: string) {
    const course = await createCourse(server.db, { title: `Course for ${number}` });
    await server.db('certificates').insert({
      userId,
      courseId: course.id,
      certificateNumber: number,
      studentName: 'Cert Holder',
      courseName: course.title,
      completionPercentage: 100,
      completedAt: Date.now(),
      issuedAt: Date.now(),
    });
  }

  it('revokes and restores by number, and lists a student’s certificates', async () => {
    const holder = await createUser(server.db);
    await issue(holder.id, 'ATR-TEST-REVOKE-1');
    await issue(holder.id, 'ATR-TEST-REVOKE-2');

    const list = await admin.get(`/api/admin/certificates?userId=${holder.id}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((c: { certificateNumber: string }) => c.certificateNumber).sort()).toEqual(['ATR-TEST-REVOKE-1', 'ATR-TEST-REVOKE-2']);
    expect(list.body[0]).toMatchObject({ userId: holder.id, studentName: 'Cert Holder', revokedAt: null });

    const revoked = await admin.post('/api/admin/certificates/ATR-TEST-REVOKE-1/revoke');
    expect(revoked.status).toBe(200);
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThan(0);
    const stored = await server.db('certificates').where({ certificateNumber: 'ATR-TEST-REVOKE-1' }).first();
    expect(Number(stored.revokedAt)).toBeGreaterThan(0);
    const twice = await admin.post('/api/admin/certificates/ATR-TEST-REVOKE-1/revoke');
    expect(twice.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await server.client().get('/api/certificates/ATR-TEST-REVOKE-1')).status).toBe(404);
    expect((await server.client().get('/api/certificates/ATR-TEST-REVOKE-2')).status).toBe(200);

    const restored = await admin.post('/api/admin/certificates/ATR-TEST-REVOKE-1/restore');
    expect(restored.status).toBe(200);
    expect(restored.body.revokedAt).toBeNull();
    expect((await server.db('certificates').where({ certificateNumber: 'ATR-TEST-REVOKE-1' }).first()).revokedAt).toBeNull();
    expect((await server.client().get('/api/certificates/ATR-TEST-REVOKE-1')).status).toBe(200);
  });

  it('answers 404 for an unknown number and 403 for learners', async () => {
    expect((await admin.post('/api/admin/certificates/NO-SUCH-NUMBER/revoke')).status).toBe(404);
    expect((await admin.post('/api/admin/certificates/NO-SUCH-NUMBER/restore')).status).toBe(404);
    const holder = await createUser(server.db);
    await issue(holder.id, 'ATR-TEST-LEARNER-1');
    expect((await learnerClient.post('/api/admin/certificates/ATR-TEST-LEARNER-1/revoke')).status).toBe(403);
    expect((await server.db('certificates').where({ certificateNumber: 'ATR-TEST-LEARNER-1' }).first()).revokedAt).toBeNull();
    expect((await learnerClient.get('/api/admin/certificates')).status).toBe(403);
    expect((await admin.get('/api/admin/certificates?userId=abc')).status).toBe(400);
  });
});
