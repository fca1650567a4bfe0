import { beforeEach, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { addMember, certify, licensedSchool, statuses, testScheduler } from '../../../test/deadlines.ts';
import { signIn } from '../../../test/factories.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../../test/trusts.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
const at = (iso: string) => Date.parse(`${iso}T09:00:00Z`);

/** A trust of two schools licensed for one course, its manager, and each school's manager. */
async function trustOfTwo(names: { trust: string; first: string; second: string }) {
  const oak = await licensedSchool(server, names.first);
  const elm = await schoolWithManager(server, names.second);
  const licensed = await oak.admin.post(`/api/admin/schools/${elm.schoolId}/licences`, { courseId: oak.course.id });
  if (licensed.status !== 200) throw new Error(`licence not granted: ${licensed.text}`);
  const trustId = await trustOf(oak.admin, names.trust, [oak.schoolId, elm.schoolId]);
  const trustManager = await trustManagerOf(server, oak.admin, trustId);
  return { admin: oak.admin, course: oak.course, trustId, trustManager: trustManager.client, oak: { ...oak.manager, schoolId: oak.schoolId }, elm };
}

const put = (client: TestClient, path: string, body: object) => client.put(path, body);

beforeEach(async () => {
  await server.db('schedulerJobs').delete();
});

describe('a trust’s deadlines', () => {
  it('lets the trust manager set, change and remove a course deadline that every school of the trust sees', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { trustId, trustManager, course, oak, elm } = await trustOfTwo({ trust: 'Greenway Trust', first: 'Oak Primary', second: 'Elm Academy' });
    const path = `/api/trusts/${trustId}/deadlines`;
    const none = await trustManager.get(path);
    expect(none.status, none.text).toBe(200);
    expect(none.body.courses).toEqual([
      { courseId: course.id, title: course.title, completeBy: null, newStaffDays: null, validityMonths: null, schools: 2, schoolsOverridden: 0 },
    ]);
    const set = await put(trustManager, `${path}/${course.id}`, { completeBy: '2026-03-31', newStaffDays: 30 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.courses[0]).toMatchObject({ completeBy: '2026-03-31', newStaffDays: 30, schools: 2 });
    for (const school of [oak, elm]) {
      const seen = await school.client.get(`/api/schools/${school.schoolId}/deadlines`);
      expect(seen.body.trustName).toBe('Greenway Trust');
      expect(seen.body.courses[0]).toMatchObject({ completeBy: null, newStaffDays: null, trust: { completeBy: '2026-03-31', newStaffDays: 30 } });
    }
    expect((await put(trustManager, `${path}/${course.id}`, { completeBy: '2026-04-15' })).body.courses[0]).toMatchObject({
      completeBy: '2026-04-15',
      newStaffDays: null,
    });
    expect(await server.db('trustDeadlines').where({ trustId })).toHaveLength(1);
    const removed = await trustManager.delete(`${path}/${course.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.courses[0]).toMatchObject({ completeBy: null, newStaffDays: null });
    expect(await server.db('trustDeadlines').where({ trustId })).toHaveLength(0);
    expect((await oak.client.get(`/api/schools/${oak.schoolId}/deadlines`)).body.courses[0].trust).toBeNull();
  });

  it('refuses a past date, bad input and a course none of its schools is licensed for, writing nothing', async () => {
    server.clock.set('2026-03-10T09:00:00Z');
    const { trustId, trustManager, course, admin } = await trustOfTwo({ trust: 'Fenland Trust', first: 'Ash Primary', second: 'Yew Academy' });
    const path = `/api/trusts/${trustId}/deadlines/${course.id}`;
    const past = await put(trustManager, path, { completeBy: '2026-03-09' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toHaveProperty('completeBy');
    for (const [body, field] of [
      [{ completeBy: '2026-02-30' }, 'completeBy'],
      [{ newStaffDays: 0 }, 'newStaffDays'],
      [{}, 'completeBy'],
    ] as const) {
      const refused = await put(trustManager, path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toHaveProperty(field);
    }
    const other = await licensedSchool(server, 'Unrelated School');
    const unlicensed = await put(trustManager, `/api/trusts/${trustId}/deadlines/${other.course.id}`, { completeBy: '2026-04-01' });
    expect(unlicensed.status).toBe(403);
    expect((await put(admin, `/api/admin/trusts/${trustId}/deadlines/${other.course.id}`, { completeBy: '2026-04-01' })).status).toBe(403);
    expect((await put(admin, `/api/admin/trusts/99999999/deadlines/${course.id}`, { completeBy: '2026-04-01' })).status).toBe(404);
    expect(await server.db('trustDeadlines').where({ trustId })).toHaveLength(0);
  });
});

describe('the earlier deadline applies', () => {
  it('lets a school set an earlier date or fewer days, refuses a later one naming the trust’s date, and keeps it unwritten', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { trustId, trustManager, course, oak, elm, admin } = await trustOfTwo({ trust: 'Riverside Trust', first: 'Birch Primary', second: 'Pine Academy' });
    expect((await put(trustManager, `/api/trusts/${trustId}/deadlines/${course.id}`, { completeBy: '2026-03-31', newStaffDays: 30 })).status).toBe(200);
    const path = `/api/schools/${oak.schoolId}/deadlines/${course.id}`;
    const later = await put(oak.client, path, { completeBy: '2026-04-10' });
    expect(later.status).toBe(400);
    expect(later.body.message).toBe('Riverside Trust requires this course by 31 March: your school may set that date or an earlier one, not a later one');
    expect(later.body.errors.completeBy).toBe('Choose 31 March or an earlier date: Riverside Trust requires the course by then');
    const moreDays = await put(oak.client, path, { completeBy: '2026-03-20', newStaffDays: 45 });
    expect(moreDays.status).toBe(400);
    expect(moreDays.body.errors.newStaffDays).toBe('Choose 30 days or fewer: Riverside Trust gives new staff 30');
    // An admin is held to the same rule on the school's deadline.
    expect((await put(admin, `/api/admin/schools/${oak.schoolId}/deadlines/${course.id}`, { completeBy: '2026-04-01' })).status).toBe(400);
    expect(await server.db('schoolDeadlines').where({ schoolId: oak.schoolId })).toHaveLength(0);

    // The trust's own date and an earlier one are accepted.
    expect((await put(oak.client, path, { completeBy: '2026-03-31' })).status).toBe(200);
    const earlier = await put(oak.client, path, { completeBy: '2026-03-20', newStaffDays: 14 });
    expect(earlier.status, earlier.text).toBe(200);
    expect(earlier.body.courses[0]).toMatchObject({ completeBy: '2026-03-20', newStaffDays: 14, trust: { completeBy: '2026-03-31', newStaffDays: 30 } });

    // Each member's deadline: the school's earlier date at Birch; the trust's at Pine, which set none.
    const veteran = await addMember(server.db, oak.schoolId, at('2026-01-05'));
    const pineVeteran = await addMember(server.db, elm.schoolId, at('2026-01-05'));
    // Joined on 25 March: 14 days from joining (Birch's rule) beats 30 (the trust's).
    const newcomer = await addMember(server.db, oak.schoolId, at('2026-03-25'));
    const dueOn = async (client: TestClient, schoolId: number) => {
      const list = await client.get(`/api/schools/${schoolId}/training-status?limit=500`);
      expect(list.status, list.text).toBe(200);
      return Object.fromEntries((list.body as Array<{ userId: number; dueOn: string | null }>).map((row) => [row.userId, row.dueOn]));
    };
    expect(await dueOn(oak.client, oak.schoolId)).toMatchObject({ [veteran.id]: '2026-03-20', [newcomer.id]: '2026-04-08' });
    expect(await dueOn(elm.client, elm.schoolId)).toMatchObject({ [pineVeteran.id]: '2026-03-31' });

    // The learner sees the same date on their dashboard and course page.
    const learner = server.client();
    await signIn(learner, veteran);
    expect((await learner.get('/api/user/training')).body).toEqual([expect.objectContaining({ courseId: course.id, dueOn: '2026-03-20' })]);

    // The trust moves its date before Birch's: the trust's applies; Birch's row is kept, and counted as overridden.
    expect((await put(trustManager, `/api/trusts/${trustId}/deadlines/${course.id}`, { completeBy: '2026-03-15' })).body.courses[0]).toMatchObject({
      completeBy: '2026-03-15',
      schoolsOverridden: 1,
    });
    expect(await dueOn(oak.client, oak.schoolId)).toMatchObject({ [veteran.id]: '2026-03-15' });
    expect((await learner.get('/api/user/training')).body[0].dueOn).toBe('2026-03-15');
    expect((await server.db('schoolDeadlines').where({ schoolId: oak.schoolId }).first())?.completeByDay).not.toBeNull();
    // Birch cannot now re-save its later date, and can set the trust's or an earlier one.
    expect((await put(oak.client, path, { completeBy: '2026-03-20' })).status).toBe(400);
    // Removing the trust's deadline gives Birch back the date it chose.
    await trustManager.delete(`/api/trusts/${trustId}/deadlines/${course.id}`);
    expect(await dueOn(oak.client, oak.schoolId)).toMatchObject({ [veteran.id]: '2026-03-20' });
    expect(await dueOn(elm.client, elm.schoolId)).toMatchObject({ [pineVeteran.id]: null });
  });

  it('counts overdue and due-soon pairs by the effective date, in the school’s list and the trust’s', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { trustId, trustManager, course, oak, elm } = await trustOfTwo({ trust: 'Meadow Trust', first: 'Lime Primary', second: 'Hazel Academy' });
    const oakMember = await addMember(server.db, oak.schoolId, at('2026-01-05'));
    const elmMember = await addMember(server.db, elm.schoolId, at('2026-01-05'));
    const elmDone = await addMember(server.db, elm.schoolId, at('2026-01-05'));
    await certify(server.db, elmDone.id, course.id, at('2026-02-01'));
    await put(trustManager, `/api/trusts/${trustId}/deadlines/${course.id}`, { completeBy: '2026-03-31' });
    await put(oak.client, `/api/schools/${oak.schoolId}/deadlines/${course.id}`, { completeBy: '2026-03-05' });
    server.clock.set('2026-03-03T09:00:00Z');
    // Lime: due on the 5th (its own), so due soon; Hazel: the trust's 31 March, not yet.
    expect(await statuses(oak.client, `/api/schools/${oak.schoolId}/training-status?status=due_soon`)).toEqual({
      [oakMember.id]: 'due_soon',
      [oak.user.id]: 'due_soon',
    });
    expect(await statuses(elm.client, `/api/schools/${elm.schoolId}/training-status?status=due_soon`)).toEqual({});
    server.clock.set('2026-03-28T09:00:00Z');
    expect(await statuses(oak.client, `/api/schools/${oak.schoolId}/training-status?status=overdue`)).toEqual({
      [oakMember.id]: 'overdue',
      [oak.user.id]: 'overdue',
    });
    expect(await statuses(elm.client, `/api/schools/${elm.schoolId}/training-status?status=due_soon`)).toEqual({
      [elmMember.id]: 'due_soon',
      [elm.user.id]: 'due_soon',
    });
    const counts = (await elm.client.get(`/api/schools/${elm.schoolId}/deadlines`)).body.counts;
    expect(counts).toMatchObject({ due_soon: 2, completed: 1, overdue: 0 });
    const trustWide = await trustManager.get(`/api/trusts/${trustId}/statuses?status=overdue`);
    expect(trustWide.body.map((row: { userId: number }) => row.userId).sort()).toEqual([oakMember.id, oak.user.id].sort());
  });
});

describe('reminders from the effective deadline', () => {
  it('remind once per date: by the trust’s earlier date over a school’s later one, by the school’s earlier one over the trust’s', async () => {
    server.clock.set('2026-05-01T09:00:00Z');
    const { trustId, trustManager, course, oak, elm } = await trustOfTwo({ trust: 'Harbour Trust', first: 'Cedar Primary', second: 'Willow Academy' });
    const cedar = await addMember(server.db, oak.schoolId, at('2026-01-05'));
    const willow = await addMember(server.db, elm.schoolId, at('2026-01-05'));
    // Willow chose the 28th before the trust set the 20th: the trust's earlier date is Willow's staff's.
    await put(elm.client, `/api/schools/${elm.schoolId}/deadlines/${course.id}`, { completeBy: '2026-05-28' });
    await put(trustManager, `/api/trusts/${trustId}/deadlines/${course.id}`, { completeBy: '2026-05-20' });
    await put(oak.client, `/api/schools/${oak.schoolId}/deadlines/${course.id}`, { completeBy: '2026-05-15' });
    const reminded = async (iso: string) => {
      server.clock.set(`${iso}T09:00:00Z`);
      await testScheduler(server).tick();
      return server.db('remindersSent').whereIn('userId', [cedar.id, willow.id]).orderBy(['userId', 'id']).select('userId', 'kind', 'dueDay');
    };
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    // 8 May: Cedar (due the 15th) is reminded; Willow (due the 20th) not yet.
    expect(await reminded('2026-05-08')).toEqual([{ userId: cedar.id, kind: 'due_soon', dueDay: day('2026-05-15') }]);
    // Again the same day and on the 13th: nothing new for Cedar, the trust's reminder for Willow.
    await reminded('2026-05-08');
    expect(await reminded('2026-05-13')).toEqual([
      { userId: cedar.id, kind: 'due_soon', dueDay: day('2026-05-15') },
      { userId: willow.id, kind: 'due_soon', dueDay: day('2026-05-20') },
    ]);
    const mails = await server.db('outbox').where({ toAddress: cedar.email }).pluck('subject');
    expect(mails).toEqual([`Reminder: ${course.title} is due 15 May`]);
    // The trust's date on the 20th is never Cedar's: on the 15th one "due today", then nothing for the 20th.
    await reminded('2026-05-15');
    await reminded('2026-05-20');
    const cedarKinds = await server.db('remindersSent').where({ userId: cedar.id }).orderBy('id').select('kind', 'dueDay');
    expect(cedarKinds).toEqual([
      { kind: 'due_soon', dueDay: day('2026-05-15') },
      { kind: 'due_today', dueDay: day('2026-05-15') },
    ]);
    // Nor is Willow's own 28th ever reminded of while the trust's 20th stands.
    await reminded('2026-05-21');
    await reminded('2026-05-28');
    expect(await server.db('remindersSent').where({ userId: willow.id }).orderBy('id').select('kind', 'dueDay')).toEqual([
      { kind: 'due_soon', dueDay: day('2026-05-20') },
      { kind: 'due_today', dueDay: day('2026-05-20') },
      { kind: 'overdue_1', dueDay: day('2026-05-20') },
    ]);
  });
});

describe('isolation', () => {
  it('keeps a trust’s deadlines to its own managers and admins, and its dates to its own schools', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const north = await trustOfTwo({ trust: 'North Hills Trust', first: 'Alder Primary', second: 'Rowan Academy' });
    const south = await trustOfTwo({ trust: 'South Vale Trust', first: 'Maple Primary', second: 'Holly Academy' });
    const outsider = await licensedSchool(server, 'Standalone School');
    const northPath = `/api/trusts/${north.trustId}/deadlines`;
    expect((await put(north.trustManager, `${northPath}/${north.course.id}`, { completeBy: '2026-03-31' })).status).toBe(200);
    // Another trust's manager, the trust's own school managers: 403, and nothing changes.
    for (const client of [south.trustManager, north.oak.client, north.elm.client, outsider.manager.client]) {
      expect((await client.get(northPath)).status).toBe(403);
      expect((await put(client, `${northPath}/${north.course.id}`, { completeBy: '2026-03-05' })).status).toBe(403);
      expect((await client.delete(`${northPath}/${north.course.id}`)).status).toBe(403);
    }
    expect((await server.client().get(northPath)).status).toBe(401);
    // The trust manager cannot reach a school's own deadlines.
    expect((await put(north.trustManager, `/api/schools/${north.oak.schoolId}/deadlines/${north.course.id}`, { completeBy: '2026-03-05' })).status).toBe(403);
    // Admins act on any trust, under /api/admin.
    expect((await north.admin.get(`/api/admin/trusts/${north.trustId}/deadlines`)).body.courses[0]).toMatchObject({ completeBy: '2026-03-31' });
    expect((await put(north.admin, `/api/admin/trusts/${south.trustId}/deadlines/${south.course.id}`, { completeBy: '2026-04-30' })).status).toBe(200);
    expect((await north.admin.get(northPath)).status).toBe(403);
    expect(await server.db('trustDeadlines').where({ trustId: north.trustId }).pluck('completeByDay')).toHaveLength(1);

    // North's date reaches North's schools only.
    for (const school of [south.oak, south.elm]) {
      expect((await school.client.get(`/api/schools/${school.schoolId}/deadlines`)).body.courses[0].trust).toMatchObject({ completeBy: '2026-04-30' });
    }
    const alone = await outsider.manager.client.get(`/api/schools/${outsider.schoolId}/deadlines`);
    expect(alone.body.trustName).toBeNull();
    expect(alone.body.courses[0].trust).toBeNull();
    // A school with no trust sets any date.
    expect((await put(outsider.manager.client, `/api/schools/${outsider.schoolId}/deadlines/${outsider.course.id}`, { completeBy: '2026-12-31' })).status).toBe(
      200,
    );
    // A school detached from the trust no longer has the trust's date.
    expect((await north.admin.delete(`/api/admin/trusts/${north.trustId}/schools/${north.elm.schoolId}`)).status).toBe(200);
    expect((await north.elm.client.get(`/api/schools/${north.elm.schoolId}/deadlines`)).body.courses[0].trust).toBeNull();
  });
});
