import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { createCourse, createModule, enroll, signIn } from '../../../test/factories.ts';
import { addMember, licensedSchool, statuses } from '../../../test/deadlines.ts';
import { certificateInvariantViolations } from '../../../test/invariants.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();

type Module = { id: number; courseId: number; duration: number };

/** A course of two modules with a validity, and a fresh learner enrolled in it (signed in). */
async function enrolledLearner(validityMonths: number | null = 12) {
  const course = await createCourse(server, { validityMonths });
  const modules = [await createModule(server, course.id), await createModule(server, course.id)];
  const { client, user } = await learner(server);
  await enroll(server.db, user.id, course.id);
  return { course, modules, client, user };
}

/** A school's member enrolled (signed in) on its licensed two-module course, given a validity. */
async function schoolMember(validityMonths: number) {
  const { manager, schoolId, course } = await licensedSchool(server);
  await server.db('courses').where({ id: course.id }).update({ validityMonths });
  server.app.deps.catalogue.invalidate();
  const member = await addMember(server.db, schoolId, Date.parse('2026-01-01T09:00:00Z'));
  await enroll(server.db, member.id, course.id);
  const client = server.client();
  await signIn(client, member);
  const modules: Module[] = await server.db('modules').where({ courseId: course.id }).orderBy('orderIndex').select('id', 'courseId', 'duration');
  return { manager, schoolId, course, member, client, modules, path: `/api/schools/${schoolId}/training-status` };
}

async function complete(client: TestClient, module: Module): Promise<string | null> {
  const response = await client.post('/api/progress', { moduleId: module.id, courseId: module.courseId, watchedDuration: module.duration, isCompleted: true });
  expect(response.status, response.text).toBe(200);
  return response.body.certificateNumber as string | null;
}

async function completeAll(client: TestClient, modules: Module[]): Promise<string> {
  let number: string | null = null;
  for (const module of modules) number = await complete(client, module);
  expect(number).toMatch(/^ATR-/);
  return number!;
}

describe('POST /api/courses/:id/renewal', () => {
  it('refuses a visitor (401), a learner not enrolled (403), an unknown course (404) and a malformed id (400)', async () => {
    const { course } = await enrolledLearner();
    const visitor = server.client();
    expect((await visitor.post(`/api/courses/${course.id}/renewal`)).status).toBe(401);
    expect((await visitor.get(`/api/courses/${course.id}/renewal`)).status).toBe(401);
    const stranger = await learner(server);
    const notEnrolled = await stranger.client.post(`/api/courses/${course.id}/renewal`);
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body.message).toMatch(/Enroll/);
    expect((await stranger.client.get(`/api/courses/${course.id}/renewal`)).status).toBe(403);
    expect((await stranger.client.post('/api/courses/999999/renewal')).status).toBe(404);
    const malformed = await stranger.client.post('/api/courses/abc/renewal');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('id');
  });

  it('answers 409, saying why, when no renewal is due, and changes nothing', async () => {
    server.clock.set('2026-01-10T09:00:00Z');
    const { course, modules, client, user } = await enrolledLearner(12);
    const none = await client.post(`/api/courses/${course.id}/renewal`);
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no certificate/);
    await completeAll(client, modules);
    // Current until 10 January 2027: renewal opens 30 days before, on 11 December 2026.
    server.clock.set('2026-12-10T09:00:00Z');
    const early = await client.post(`/api/courses/${course.id}/renewal`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('No renewal is due yet: your certificate is current until 2027-01-10, and renewal opens on 2026-12-11');
    expect((await client.get(`/api/courses/${course.id}/renewal`)).body).toMatchObject({ state: 'not_yet', expiresOn: '2027-01-10', opensOn: '2026-12-11' });
    expect(await server.db('progress').where({ userId: user.id })).toHaveLength(2);
    expect(await server.db('certificateRenewals').where({ userId: user.id })).toHaveLength(0);

    const forever = await enrolledLearner(null);
    await completeAll(forever.client, forever.modules);
    server.clock.set('2036-01-10T09:00:00Z');
    const never = await forever.client.post(`/api/courses/${forever.course.id}/renewal`);
    expect(never.status).toBe(409);
    expect(never.body.message).toMatch(/no certificate for this course that expires/);
  });

  it('restarts only that learner’s progress on that course; completing again issues a new number and the old one still verifies', async () => {
    server.clock.set('2026-01-10T09:00:00Z');
    const { course, modules, client, user } = await enrolledLearner(12);
    const first = await completeAll(client, modules);
    // Another learner on the same course, and the same learner on another course: untouched.
    const other = await learner(server);
    await enroll(server.db, other.user.id, course.id);
    await complete(other.client, modules[0]!);
    const otherCourse = await createCourse(server);
    const otherModule = await createModule(server, otherCourse.id);
    await enroll(server.db, user.id, otherCourse.id);
    await complete(client, otherModule);

    server.clock.set('2027-01-12T09:00:00Z');
    expect((await client.get(`/api/courses/${course.id}/renewal`)).body).toEqual({
      courseId: course.id,
      state: 'due',
      certificateNumber: first,
      expiresOn: '2027-01-10',
      expired: true,
      opensOn: '2026-12-11',
      round: 0,
    });
    const started = await client.post(`/api/courses/${course.id}/renewal`);
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ state: 'renewing', round: 1, certificateNumber: first });
    expect(await server.db('progress').where({ userId: user.id, courseId: course.id })).toHaveLength(0);
    expect(await server.db('progress').where({ userId: user.id, courseId: otherCourse.id })).toHaveLength(1);
    expect(await server.db('progress').where({ userId: other.user.id })).toHaveLength(1);
    const detail = await client.get(`/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({ progressPercentage: 0 });
    const renewal = await server.db('certificateRenewals').where({ userId: user.id, courseId: course.id }).first();
    expect(renewal).toMatchObject({ round: 1 });
    expect(Number(renewal!.startedAt) - Date.parse('2027-01-12T09:00:00Z')).toBeLessThan(60_000);

    // Started once: a second start is refused, and the old certificate is as it was.
    const again = await client.post(`/api/courses/${course.id}/renewal`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already retaking/);
    const old = await server.client().get(`/api/certificates/${first}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ certificateNumber: first, expiresOn: '2027-01-10', expired: true });

    expect(await complete(client, modules[0]!)).toBeNull();
    const second = await complete(client, modules[1]!);
    expect(second).toMatch(/^ATR-/);
    expect(second).not.toBe(first);
    const renewed = await server.client().get(`/api/certificates/${second}`);
    expect(renewed.body).toMatchObject({ expiresOn: '2028-01-12', expired: false });
    expect((await server.client().get(`/api/certificates/${first}`)).body).toMatchObject({ expired: true });
    // Each certificate keeps its own credential.
    const credentials = await Promise.all([first, second].map((number) => server.client().get(`/api/certificates/${number}/credential`)));
    expect(credentials.map((response) => response.status)).toEqual([200, 200]);
    expect(credentials[0]!.text).not.toEqual(credentials[1]!.text);
    // The learner's list: the latest first, the old one kept.
    const mine = await client.get('/api/certificates');
    expect(mine.body.filter((c: { courseId: number }) => c.courseId === course.id).map((c: { certificateNumber: string }) => c.certificateNumber)).toEqual([
      second,
      first,
    ]);
    expect((await client.get(`/api/courses/${course.id}/renewal`)).body).toMatchObject({ state: 'not_yet', certificateNumber: second, round: 1 });
    // A report on a finished module answers the new certificate, not the old one.
    expect(await complete(client, modules[0]!)).toBe(second);
    expect(await certificateInvariantViolations(server.db, [user.id, other.user.id])).toEqual([]);
  });

  it('opens 30 days before expiry: the member stays completed until the old certificate lapses', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course, member, client, modules, path } = await schoolMember(12);

    expect((await statuses(manager.client, path))[member.id]).toBe('not_started');
    const first = await completeAll(client, modules);
    expect((await statuses(manager.client, path))[member.id]).toBe('completed');
    server.clock.set('2027-02-10T09:00:00Z');
    expect((await client.post(`/api/courses/${course.id}/renewal`)).status).toBe(200);
    // The old certificate is current until 1 March: still completed, with it.
    const during = await manager.client.get(`${path}?courseId=${course.id}`);
    expect(during.body.find((row: { userId: number }) => row.userId === member.id)).toMatchObject({ status: 'completed', certificateNumber: first });
    server.clock.set('2027-03-05T09:00:00Z');
    expect((await statuses(manager.client, path))[member.id]).toBe('in_progress');
    expect((await client.get('/api/user/training')).body).toEqual([{ courseId: course.id, status: 'in_progress', dueOn: null, expiresOn: '2027-03-01' }]);
    const second = await completeAll(client, modules);
    const after = await manager.client.get(`${path}?courseId=${course.id}`);
    expect(after.body.find((row: { userId: number }) => row.userId === member.id)).toMatchObject({
      status: 'completed',
      certificateNumber: second,
      expiresOn: '2028-03-05',
    });
    const counts = (await manager.client.get(`/api/schools/${schoolId}/deadlines`)).body.counts;
    expect(counts).toMatchObject({ completed: 1, renewal_due: 0, in_progress: 0 });
  });

  it('a member whose certificate expired goes renewal due, then in progress, then completed', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, course, member, client, modules, path } = await schoolMember(6);
    await completeAll(client, modules);
    server.clock.set('2026-09-10T09:00:00Z');
    expect((await statuses(manager.client, path))[member.id]).toBe('renewal_due');
    expect((await client.post(`/api/courses/${course.id}/renewal`)).status).toBe(200);
    expect((await statuses(manager.client, path))[member.id]).toBe('in_progress');
    await complete(client, modules[0]!);
    expect((await statuses(manager.client, path))[member.id]).toBe('in_progress');
    await complete(client, modules[1]!);
    expect((await statuses(manager.client, path))[member.id]).toBe('completed');
  });

  it('issues exactly one new certificate when the renewed modules are completed by many concurrent reports', async () => {
    server.clock.set('2026-01-10T09:00:00Z');
    const { course, modules, client, user } = await enrolledLearner(1);
    const first = await completeAll(client, modules);
    server.clock.set('2026-02-20T09:00:00Z');
    expect((await client.post(`/api/courses/${course.id}/renewal`)).status).toBe(200);
    const reports = modules.flatMap((module) =>
      [0, 1, 2, 3].map((r) => ({ moduleId: module.id, courseId: course.id, watchedDuration: r % 2 ? 0 : module.duration, isCompleted: r % 2 === 1 })),
    );
    const responses = await Promise.all(reports.map((body) => client.post('/api/progress', body)));
    expect(responses.map((response) => response.status)).toEqual(reports.map(() => 200));
    const certificates = await server.db('certificates').where({ userId: user.id, courseId: course.id }).orderBy('round');
    expect(certificates.map((c) => [Number(c.round), c.certificateNumber === first])).toEqual([
      [0, true],
      [1, false],
    ]);
    const told = responses.map((response) => response.body.certificateNumber).filter((n) => n !== null);
    expect(new Set(told)).toEqual(new Set([certificates[1]!.certificateNumber]));
    expect(await certificateInvariantViolations(server.db, [user.id])).toEqual([]);
  });
});
