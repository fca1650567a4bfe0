import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, signIn } from '../../../test/factories.ts';
import { enrollmentsOf, inviteToken, learner, schoolWithManager } from '../../../test/schools.ts';
import type { TestClient } from '../../../test/client.ts';
import { countQueries } from '../../../test/countQueries.ts';

const server = useTestServer();
let admin: TestClient;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});

async function licensedCourse(schoolId: number, modules = 2) {
  const course = await createCourse(server, { price: 49900 });
  for (let i = 0; i < modules; i++) await createModule(server, course.id);
  const response = await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id });
  expect(response.status).toBe(200);
  return course;
}

async function member(schoolId: number, managerClient: TestClient) {
  const person = await learner(server);
  const token = await inviteToken(managerClient, schoolId);
  expect((await person.client.post(`/api/invites/${token}/accept`)).status).toBe(201);
  return person;
}

describe('creating a school', () => {
  it('makes the creator its manager; one school per person; validates input', async () => {
    const { client, schoolId } = await schoolWithManager(server, 'Oak Academy');
    const mine = await client.get('/api/schools/mine');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ school: { id: schoolId, name: 'Oak Academy', country: 'GB' }, role: 'manager', courses: [] });
    expect((await client.post('/api/schools', { name: 'Second' })).status).toBe(409);
    const { client: other } = await learner(server);
    expect((await other.get('/api/schools/mine')).body).toEqual({
      school: null,
      role: null,
      courses: [],
      domains: [],
      can: { manage: false, buyForSchool: false },
      api: null,
    });
    const invalid = await other.post('/api/schools', { name: ' ', country: 'Britain' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ name: expect.any(String), country: expect.any(String) });
    expect((await server.client().post('/api/schools', { name: 'X' })).status).toBe(401);
  });
});

describe('invite links', () => {
  it('lets a colleague join and land enrolled in every licensed course; joining twice is idempotent', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const course = await licensedCourse(schoolId);
    const response = await manager.post(`/api/schools/${schoolId}/invites`, { expiresInDays: 7, maxUses: 5 });
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(new RegExp(`^${server.url}/join\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(response.body.url).searchParams.get('token')!;
    // Stored hashed: the token itself is nowhere in the database.
    expect(await server.db('schoolInvites').where({ tokenHash: token }).first()).toBeUndefined();

    const preview = await server.client().get(`/api/invites/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ schoolName: "St Mary's Primary", valid: true, reason: null, invitee: null });

    const colleague = await learner(server);
    const joined = await colleague.client.post(`/api/invites/${token}/accept`);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ school: { id: schoolId }, role: 'member', joined: true });
    const again = await colleague.client.post(`/api/invites/${token}/accept`);
    expect(again.status).toBe(200);
    expect(again.body.joined).toBe(false);
    const enrollments = await enrollmentsOf(server.db, colleague.user.id);
    expect(enrollments.map((e) => [e.courseId, e.source])).toEqual([[course.id, 'licence']]);
    expect(Number((await server.db('schoolInvites').where({ id: response.body.id }).first())!.uses)).toBe(1);
    expect((await server.db('schoolMembers').where({ userId: colleague.user.id })).length).toBe(1);

    // The licensed course shows where access comes from.
    const detail = await colleague.client.get(`/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({ isEnrolled: true, schoolName: "St Mary's Primary" });
    expect(detail.body.modules[0].vimeoVideoId).toBeTruthy();

    const list = await manager.get(`/api/schools/${schoolId}/invites`);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: response.body.id, uses: 1, maxUses: 5, active: true });
    expect(list.body[0].url).toBeUndefined();
  });

  it('refuses a stranger guessing a token, and expired, withdrawn and used-up links, with clear messages', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const stranger = await learner(server);
    const guess = randomBytes(32).toString('base64url');
    expect((await server.client().get(`/api/invites/${guess}`)).status).toBe(404);
    const guessed = await stranger.client.post(`/api/invites/${guess}/accept`);
    expect(guessed.status).toBe(404);
    expect(guessed.body.message).toMatch(/not valid/);
    expect((await stranger.client.post('/api/invites/short/accept')).status).toBe(400);
    expect((await server.client().post(`/api/invites/${guess}/accept`)).status).toBe(401);

    const expiring = await manager.post(`/api/schools/${schoolId}/invites`, { expiresInDays: 1 });
    await server
      .db('schoolInvites')
      .where({ id: expiring.body.id })
      .update({ expiresAt: Date.now() - 1000 });
    const expiredToken = new URL(expiring.body.url).searchParams.get('token')!;
    const expired = await stranger.client.post(`/api/invites/${expiredToken}/accept`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/expired/);
    expect((await server.client().get(`/api/invites/${expiredToken}`)).body).toMatchObject({ valid: false, reason: expect.stringMatching(/expired/) });

    const withdrawn = await manager.post(`/api/schools/${schoolId}/invites`, {});
    expect((await manager.delete(`/api/schools/${schoolId}/invites/${withdrawn.body.id}`)).status).toBe(200);
    expect((await manager.delete(`/api/schools/${schoolId}/invites/${withdrawn.body.id}`)).status).toBe(200);
    const revoked = await stranger.client.post(`/api/invites/${new URL(withdrawn.body.url).searchParams.get('token')}/accept`);
    expect(revoked.status).toBe(410);
    expect(revoked.body.message).toMatch(/withdrawn/);

    const single = await inviteToken(manager, schoolId, { maxUses: 1 });
    expect((await stranger.client.post(`/api/invites/${single}/accept`)).status).toBe(201);
    const late = await learner(server);
    const usedUp = await late.client.post(`/api/invites/${single}/accept`);
    expect(usedUp.status).toBe(410);
    expect(usedUp.body.message).toMatch(/used/);
    // The person who used it can still "accept" again: they are a member, nothing is used up.
    expect((await stranger.client.post(`/api/invites/${single}/accept`)).status).toBe(200);
    expect((await late.client.get('/api/schools/mine')).body.school).toBeNull();
    expect((await manager.post(`/api/schools/${schoolId}/invites`, { maxUses: 0 })).status).toBe(400);
  });

  it('refuses someone who already belongs to another school', async () => {
    const a = await schoolWithManager(server, 'School A');
    const b = await schoolWithManager(server, 'School B');
    const token = await inviteToken(b.client, b.schoolId);
    expect((await a.client.post(`/api/invites/${token}/accept`)).status).toBe(409);
    expect((await a.client.get('/api/schools/mine')).body.school.name).toBe('School A');
  });
});

describe('what members and managers see', () => {
  it('shows members their school and courses but never colleagues’ e-mail addresses', async () => {
    const { client: manager, user: managerUser, schoolId } = await schoolWithManager(server);
    const course = await licensedCourse(schoolId);
    const colleague = await member(schoolId, manager);
    const mine = await colleague.client.get('/api/schools/mine');
    expect(mine.body).toMatchObject({ role: 'member', school: { id: schoolId }, courses: [{ courseId: course.id, title: course.title }], domains: [] });
    expect(mine.text).not.toContain(managerUser.email);
    expect(mine.text).not.toContain('@');
    expect((await colleague.client.get(`/api/schools/${schoolId}/members`)).status).toBe(403);
    expect((await colleague.client.get(`/api/schools/${schoolId}/invites`)).status).toBe(403);
    expect((await colleague.client.post(`/api/schools/${schoolId}/invites`, {})).status).toBe(403);
    expect((await colleague.client.get(`/api/schools/${schoolId}/register.xlsx`)).status).toBe(403);
    expect((await colleague.client.post(`/api/schools/${schoolId}/managers`, { userId: colleague.user.id })).status).toBe(403);
    expect((await colleague.client.delete(`/api/schools/${schoolId}/members/${managerUser.id}`)).status).toBe(403);
  });

  it('refuses a manager of school A everything about school B', async () => {
    const a = await schoolWithManager(server, 'School A');
    const b = await schoolWithManager(server, 'School B');
    const bMember = await member(b.schoolId, b.client);
    const invite = await b.client.post(`/api/schools/${b.schoolId}/invites`, {});
    for (const [method, path, body] of [
      ['GET', `/api/schools/${b.schoolId}/members`],
      ['GET', `/api/schools/${b.schoolId}/invites`],
      ['POST', `/api/schools/${b.schoolId}/invites`, {}],
      ['DELETE', `/api/schools/${b.schoolId}/invites/${invite.body.id}`],
      ['POST', `/api/schools/${b.schoolId}/invites/email`, { emails: ['x@b.test'] }],
      ['DELETE', `/api/schools/${b.schoolId}/members/${bMember.user.id}`],
      ['POST', `/api/schools/${b.schoolId}/managers`, { userId: a.user.id }],
      ['GET', `/api/schools/${b.schoolId}/register.xlsx`],
      ['POST', `/api/schools/${b.schoolId}/domains`, { domain: 'school.test' }],
      ['DELETE', `/api/schools/${b.schoolId}/domains/school.test`],
      ['GET', '/api/schools/999999/members'],
    ] as Array<[string, string, unknown?]>) {
      const response = await a.client.request(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await server.db('schoolMembers').where({ userId: bMember.user.id }).first()).toBeTruthy();
    expect((await server.db('schoolInvites').where({ id: invite.body.id }).first())!.revokedAt).toBeNull();
  });

  it('gives managers members with progress per licensed course, in a constant number of queries', async () => {
    const { client: manager, user: managerUser, schoolId } = await schoolWithManager(server);
    const course = await licensedCourse(schoolId, 4);
    const colleague = await member(schoolId, manager);
    const modules = await server.db('modules').where({ courseId: course.id }).orderBy('orderIndex');
    for (const module of modules.slice(0, 3)) {
      await server.db('progress').insert({
        userId: colleague.user.id,
        moduleId: module.id,
        courseId: course.id,
        watchedDuration: 600,
        position: 0,
        isCompleted: true,
        completedAt: Date.now(),
        updatedAt: Date.now(),
      });
    }
    const response = await manager.get(`/api/schools/${schoolId}/members`);
    expect(response.status).toBe(200);
    expect(response.body.courses).toEqual([{ courseId: course.id, title: course.title }]);
    const row = response.body.members.find((m: { userId: number }) => m.userId === colleague.user.id);
    expect(row).toMatchObject({
      email: colleague.user.email,
      role: 'member',
      progress: [{ courseId: course.id, completedModules: 3, totalModules: 4, progressPercentage: 75, certificateNumber: null }],
    });
    expect(response.body.members.find((m: { userId: number }) => m.userId === managerUser.id).role).toBe('manager');

    const listMembers = () => manager.get(`/api/schools/${schoolId}/members`);
    const before = await countQueries(server, listMembers);
    for (let i = 0; i < 4; i++) await member(schoolId, manager);
    await licensedCourse(schoolId, 1);
    expect(await countQueries(server, listMembers)).toBe(before);
  });

  it('lets a manager promote a member, who then manages the school too', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const colleague = await member(schoolId, manager);
    expect((await manager.post(`/api/schools/${schoolId}/managers`, { userId: colleague.user.id })).status).toBe(200);
    expect((await manager.post(`/api/schools/${schoolId}/managers`, { userId: colleague.user.id })).status).toBe(200);
    expect((await colleague.client.get('/api/schools/mine')).body.role).toBe('manager');
    expect((await colleague.client.get(`/api/schools/${schoolId}/members`)).status).toBe(200);
    const outsider = await learner(server);
    expect((await manager.post(`/api/schools/${schoolId}/managers`, { userId: outsider.user.id })).status).toBe(404);
    expect((await manager.post(`/api/schools/${schoolId}/managers`, { userId: 'x' })).status).toBe(400);
  });
});

describe('what the caller may do (can)', () => {
  it('ships the abilities the school policy decides, per caller and per member', async () => {
    const { client: manager, user: managerUser, schoolId } = await schoolWithManager(server);
    const colleague = await member(schoolId, manager);
    const mine = async (client: TestClient) => (await client.get('/api/schools/mine')).body.can;
    expect(await mine(manager)).toEqual({ manage: true, buyForSchool: true });
    expect(await mine(colleague.client)).toEqual({ manage: false, buyForSchool: false });
    expect(await mine((await learner(server)).client)).toEqual({ manage: false, buyForSchool: false });
    // An admin without a school of their own manages schools through the admin pages, not this one.
    expect(await mine(admin)).toEqual({ manage: false, buyForSchool: false });

    const canOf = async (userId: number) =>
      ((await manager.get(`/api/schools/${schoolId}/members`)).body.members as Array<{ userId: number; can: unknown }>).find((m) => m.userId === userId)!.can;
    expect(await canOf(colleague.user.id)).toEqual({ promote: true, remove: true });
    expect(await canOf(managerUser.id)).toEqual({ promote: false, remove: true });
    expect((await manager.post(`/api/schools/${schoolId}/managers`, { userId: colleague.user.id })).status).toBe(200);
    expect(await canOf(colleague.user.id)).toEqual({ promote: false, remove: true });
  });

  it("sends each caller the API root they call the school's routes under: its managers', the admin's, none to a member", async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const colleague = await member(schoolId, manager);
    const apiOf = async (client: TestClient) => (await client.get('/api/schools/mine')).body.api;
    expect(await apiOf(manager)).toBe(`/api/schools/${schoolId}`);
    expect(await apiOf(colleague.client)).toBeNull();
    expect(await apiOf(admin)).toBeNull();
    const detail = await admin.get(`/api/admin/schools/${schoolId}`);
    expect(detail.body.api).toBe(`/api/admin/schools/${schoolId}`);
    // The link is followed as sent: each caller reads the school's groups under their own root.
    expect((await manager.get(`${await apiOf(manager)}/groups`)).status).toBe(200);
    expect((await admin.get(`${detail.body.api}/groups`)).status).toBe(200);
    // Every admin answer about the school carries it, a licence change's too.
    const course = await createCourse(server);
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id })).body.api).toBe(`/api/admin/schools/${schoolId}`);
  });
});

describe('leaving a school', () => {
  it('ends access given only by the licence and keeps progress, certificates and bought courses', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const course = await licensedCourse(schoolId, 1);
    const bought = await licensedCourse(schoolId, 1);
    const colleague = await learner(server);
    // Bought personally before joining: that enrollment is theirs whatever happens to the school.
    await server.db('enrollments').insert({ userId: colleague.user.id, courseId: bought.id, source: 'payment', enrolledAt: Date.now() });
    const token = await inviteToken(manager, schoolId);
    expect((await colleague.client.post(`/api/invites/${token}/accept`)).status).toBe(201);
    const [module] = await server.db('modules').where({ courseId: course.id });
    const progress = await colleague.client.post('/api/progress', {
      moduleId: module!.id,
      courseId: course.id,
      watchedDuration: module!.duration,
      isCompleted: true,
    });
    expect(progress.status).toBe(200);
    expect(progress.body.certificateNumber).toBeTruthy();

    const removed = await manager.delete(`/api/schools/${schoolId}/members/${colleague.user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBe(true);
    expect((await manager.delete(`/api/schools/${schoolId}/members/${colleague.user.id}`)).body.removed).toBe(false);
    expect((await enrollmentsOf(server.db, colleague.user.id)).map((e) => [e.courseId, e.source])).toEqual([[bought.id, 'payment']]);
    expect(await server.db('progress').where({ userId: colleague.user.id, courseId: course.id })).toHaveLength(1);
    const certificate = await server.db('certificates').where({ userId: colleague.user.id, courseId: course.id }).first();
    expect(certificate!.revokedAt).toBeNull();
    expect((await server.client().get(`/api/certificates/${certificate!.certificateNumber}`)).status).toBe(200);
    expect((await colleague.client.get(`/api/courses/${course.id}`)).body.isEnrolled).toBe(false);
    expect((await colleague.client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);

    // Rejoining brings access and the same progress back.
    expect((await colleague.client.post(`/api/invites/${await inviteToken(manager, schoolId)}/accept`)).status).toBe(201);
    expect((await colleague.client.get(`/api/courses/${course.id}`)).body).toMatchObject({ isEnrolled: true, completedModules: 1, progressPercentage: 100 });
  });

  it('lets a member leave on their own, but not the last manager', async () => {
    const { client: manager, user: managerUser, schoolId } = await schoolWithManager(server);
    const colleague = await member(schoolId, manager);
    expect((await colleague.client.delete(`/api/schools/${schoolId}/members/${colleague.user.id}`)).status).toBe(200);
    expect((await colleague.client.get('/api/schools/mine')).body.school).toBeNull();
    const last = await manager.delete(`/api/schools/${schoolId}/members/${managerUser.id}`);
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/at least one manager/);
  });
});

describe('licences and the enrollment policy', () => {
  it('enrolls current members on a new licence, and revocation is reversible', async () => {
    const { client: manager, user: managerUser, schoolId } = await schoolWithManager(server);
    const colleague = await member(schoolId, manager);
    const course = await licensedCourse(schoolId);
    const bought = await createCourse(server, { price: 100 });
    await server.db('enrollments').insert({ userId: colleague.user.id, courseId: bought.id, source: 'payment', enrolledAt: Date.now() });
    await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: bought.id });
    for (const id of [colleague.user.id, managerUser.id]) {
      expect((await enrollmentsOf(server.db, id)).map((e) => e.courseId)).toEqual(expect.arrayContaining([course.id, bought.id]));
    }

    const revoked = await admin.post(`/api/admin/schools/${schoolId}/licences/${course.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.licences.find((l: { courseId: number }) => l.courseId === course.id).revokedAt).toBeTruthy();
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences/${course.id}/revoke`)).status).toBe(200);
    expect(await server.db('enrollments').where({ courseId: course.id })).toHaveLength(0);
    expect((await colleague.client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);
    expect((await colleague.client.get('/api/schools/mine')).body.courses.map((c: { courseId: number }) => c.courseId)).toEqual([bought.id]);
    // A bought course keeps its purchase-sourced enrollment when the school's licence for it goes.
    await admin.post(`/api/admin/schools/${schoolId}/licences/${bought.id}/revoke`);
    expect(await server.db('enrollments').where({ userId: colleague.user.id, courseId: bought.id, source: 'payment' })).toHaveLength(1);

    const restored = await admin.post(`/api/admin/schools/${schoolId}/licences/${course.id}/restore`);
    expect(restored.status).toBe(200);
    expect(await server.db('enrollments').where({ courseId: course.id, source: 'licence' })).toHaveLength(2);
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences/${course.id}/restore`)).status).toBe(200);
    expect(await server.db('enrollments').where({ courseId: course.id })).toHaveLength(2);
  });

  it('enrolls a member directly in a priced course their school licenses, and nobody else', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const course = await licensedCourse(schoolId);
    const colleague = await member(schoolId, manager);
    await server.db('enrollments').where({ userId: colleague.user.id, courseId: course.id }).delete();
    const enrolled = await colleague.client.post('/api/enrollments', { courseId: course.id });
    expect(enrolled.status).toBe(201);
    expect((await server.db('enrollments').where({ userId: colleague.user.id, courseId: course.id }).first())!.source).toBe('licence');
    expect((await colleague.client.post('/api/enrollments', { courseId: course.id })).status).toBe(200);
    const outsider = await learner(server);
    expect((await outsider.client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);
    expect((await outsider.client.get(`/api/courses/${course.id}`)).body.schoolName).toBeNull();
  });
});
