import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestServer } from '../../../test/useTestServer.ts';
import { addMember, licensedSchool, testScheduler } from '../../../test/deadlines.ts';
import { createAdmin, createCourse, createUser, signIn } from '../../../test/factories.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../../test/trusts.ts';
import type { TestClient } from '../../../test/client.ts';

// Staff groups (issue 39 item 4): who may see and change them, and how a course given to a group
// combines with the school's and the trust's deadlines (the rules: queries/trainingStatus.ts,
// levelDueSql; README "Groups and deadlines").

const server = useTestServer();
const at = (iso: string) => Date.parse(`${iso}T09:00:00Z`);
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

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

async function newGroup(client: TestClient, base: string, name: string): Promise<number> {
  const created = await client.post(`${base}/groups`, { name });
  if (created.status !== 201) throw new Error(`group not created: ${created.status} ${created.text}`);
  return created.body.id as number;
}

async function dueDates(client: TestClient, path: string): Promise<Record<number, { dueOn: string | null; status: string; groups?: string[] }>> {
  const list = await client.get(path);
  if (list.status !== 200) throw new Error(`${path}: ${list.status} ${list.text}`);
  return Object.fromEntries(
    (list.body as Array<{ userId: number; dueOn: string | null; status: string; groups?: string[] }>).map((row) => [
      row.userId,
      { dueOn: row.dueOn, status: row.status, ...(row.groups ? { groups: row.groups } : {}) },
    ]),
  );
}

describe('a school’s groups', () => {
  it('are created, renamed, filled and deleted by the school’s managers; a name used twice is a 409 and nothing is written', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId } = await licensedSchool(server, 'Ash Primary');
    const base = `/api/schools/${schoolId}`;
    const ta = await newGroup(manager.client, base, '  Teaching   assistants ');
    const twice = await manager.client.post(`${base}/groups`, { name: 'teaching ASSISTANTS' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already a group called "teaching ASSISTANTS"/);
    const blank = await manager.client.post(`${base}/groups`, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toHaveProperty('name');
    expect(await server.db('groups').where({ schoolId }).pluck('name')).toEqual(['Teaching assistants']);

    const office = await newGroup(manager.client, base, 'Office');
    expect((await manager.client.patch(`${base}/groups/${office}`, { name: 'TEACHING assistants' })).status).toBe(409);
    const renamed = await manager.client.patch(`${base}/groups/${office}`, { name: 'Front office' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: office, name: 'Front office', owner: 'school', editable: true, members: [], courses: [] });

    const ann = await addMember(server.db, schoolId, at('2026-01-05'), { firstName: 'Ann', lastName: 'Able' });
    const elsewhere = await schoolWithManager(server, 'Birch Academy');
    const added = await manager.client.post(`${base}/groups/${ta}/members`, { emails: [ann.email, ann.email.toUpperCase()] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.added).toBe(1);
    expect(added.body.group.members).toEqual([{ userId: ann.id, name: 'Ann Able', email: ann.email, schoolName: 'Ash Primary', joinedOn: '2026-03-01' }]);
    // Someone not on the school's staff: refused naming the address, nobody added.
    const stranger = await manager.client.post(`${base}/groups/${office}/members`, { emails: [ann.email, elsewhere.user.email] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toContain(elsewhere.user.email);
    expect(await server.db('groupMembers').where({ groupId: office })).toHaveLength(0);
    // Addresses that are not addresses (issue 53 item 10): the answer names each, at the field, and
    // nobody is added. It reads the same whether or not the other addresses have accounts.
    const malformed = await manager.client.post(`${base}/groups/${office}/members`, {
      emails: [ann.email, 'jo@school', 'not-an-address', elsewhere.user.email],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Not valid e-mail addresses: jo@school and not-an-address. Nobody was added.');
    expect(malformed.body.errors).toEqual({ emails: 'Not valid e-mail addresses: jo@school and not-an-address. Nobody was added.' });
    const unknown = await manager.client.post(`${base}/groups/${office}/members`, {
      emails: [ann.email, 'jo@school', 'not-an-address', 'nobody@nowhere.example'],
    });
    expect(unknown.body).toEqual(malformed.body);
    const one = await manager.client.post(`${base}/groups/${office}/members`, { emails: [ann.email, ' jo@ '] });
    expect(one.body.errors).toEqual({ emails: 'Not a valid e-mail address: jo@. Nobody was added.' });
    expect(await server.db('groupMembers').where({ groupId: office })).toHaveLength(0);

    const list = await manager.client.get(`${base}/groups`);
    expect(list.body.groups.map((g: { name: string }) => g.name)).toEqual(['Front office', 'Teaching assistants']);
    expect((await manager.client.delete(`${base}/groups/${ta}/members/${ann.id}`)).body.members).toEqual([]);
    expect((await manager.client.delete(`${base}/groups/${ta}`)).status).toBe(204);
    expect((await manager.client.delete(`${base}/groups/${ta}`)).status).toBe(404);
  });

  it('never show or change a sibling school’s or another trust’s groups', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const north = await trustOfTwo({ trust: 'North Trust', first: 'Alder Primary', second: 'Rowan Academy' });
    const south = await trustOfTwo({ trust: 'South Trust', first: 'Maple Primary', second: 'Holly Academy' });
    const oakGroup = await newGroup(north.oak.client, `/api/schools/${north.oak.schoolId}`, 'Office');
    const trustGroup = await newGroup(north.trustManager, `/api/trusts/${north.trustId}`, 'Safeguarding leads');
    const rowanMember = await addMember(server.db, north.elm.schoolId, at('2026-01-05'));
    const alderMember = await addMember(server.db, north.oak.schoolId, at('2026-01-05'));
    expect(
      (await north.trustManager.post(`/api/trusts/${north.trustId}/groups/${trustGroup}/members`, { emails: [rowanMember.email, alderMember.email] })).status,
    ).toBe(200);

    // The sibling school's manager: 403 on the school's routes, 404 for its group through their own school.
    const sibling = north.elm.client;
    expect((await sibling.get(`/api/schools/${north.oak.schoolId}/groups`)).status).toBe(403);
    expect((await sibling.patch(`/api/schools/${north.elm.schoolId}/groups/${oakGroup}`, { name: 'Mine' })).status).toBe(404);
    expect((await sibling.delete(`/api/schools/${north.elm.schoolId}/groups/${oakGroup}`)).status).toBe(404);
    expect((await sibling.post(`/api/schools/${north.elm.schoolId}/groups/${oakGroup}/members`, { emails: [rowanMember.email] })).status).toBe(404);
    // Its trust's group is in view read-only, with its own staff only; it cannot change it.
    const seen = await sibling.get(`/api/schools/${north.elm.schoolId}/groups`);
    expect(seen.body.groups).toEqual([expect.objectContaining({ id: trustGroup, owner: 'trust', editable: false })]);
    expect(seen.body.groups[0].members.map((m: { userId: number }) => m.userId)).toEqual([rowanMember.id]);
    expect((await sibling.patch(`/api/schools/${north.elm.schoolId}/groups/${trustGroup}`, { name: 'Mine' })).status).toBe(404);
    // Another trust's manager: 403 on North's routes, 404 for North's group through South.
    expect((await south.trustManager.get(`/api/trusts/${north.trustId}/groups`)).status).toBe(403);
    expect((await south.trustManager.delete(`/api/trusts/${south.trustId}/groups/${trustGroup}`)).status).toBe(404);
    expect((await south.trustManager.get(`/api/trusts/${south.trustId}/groups`)).body.groups).toEqual([]);
    // A trust manager adds only its schools' staff; a filter naming another owner's group lists nobody.
    const southMember = await addMember(server.db, south.oak.schoolId, at('2026-01-05'));
    expect((await north.trustManager.post(`/api/trusts/${north.trustId}/groups/${trustGroup}/members`, { emails: [southMember.email] })).status).toBe(400);
    expect((await south.trustManager.get(`/api/trusts/${south.trustId}/statuses?groupId=${trustGroup}`)).body).toEqual([]);
    // The trust's counts follow the group filter as its list does: the group's two members, one per school.
    const statuses = await north.trustManager.get(`/api/trusts/${north.trustId}/statuses?groupId=${trustGroup}&limit=500`);
    const overview = await north.trustManager.get(`/api/trusts/${north.trustId}/overview?groupId=${trustGroup}`);
    expect(overview.status, overview.text).toBe(200);
    const pairsOf = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(pairsOf(overview.body.totals)).toBe(statuses.body.length);
    expect(statuses.body.length).toBeGreaterThan(0);
    expect(new Set(statuses.body.map((row: { userId: number }) => row.userId))).toEqual(new Set([rowanMember.id, alderMember.id]));
    const whole = await north.trustManager.get(`/api/trusts/${north.trustId}/overview`);
    expect(pairsOf(whole.body.totals)).toBeGreaterThan(pairsOf(overview.body.totals));
    expect(pairsOf((await south.trustManager.get(`/api/trusts/${south.trustId}/overview?groupId=${trustGroup}`)).body.totals)).toBe(0);
    expect((await south.oak.client.get(`/api/schools/${south.oak.schoolId}/training-status?groupId=${oakGroup}`)).body).toEqual([]);
    expect(Object.values((await south.oak.client.get(`/api/schools/${south.oak.schoolId}/training-status/counts?groupId=${oakGroup}`)).body.counts)).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    // Admins act on any school's and trust's groups under /api/admin, not through the managers' routes.
    expect((await north.admin.get(`/api/admin/trusts/${north.trustId}/groups`)).body.groups[0].members).toHaveLength(2);
    expect((await north.admin.patch(`/api/admin/schools/${north.oak.schoolId}/groups/${oakGroup}`, { name: 'Front office' })).status).toBe(200);
    expect((await north.admin.get(`/api/trusts/${north.trustId}/groups`)).status).toBe(403);
    expect(await server.db('groups').whereIn('id', [oakGroup, trustGroup]).orderBy('id').pluck('name')).toEqual(['Front office', 'Safeguarding leads']);

    // A school detached from the trust: its staff leave the trust's groups.
    expect((await north.admin.delete(`/api/admin/trusts/${north.trustId}/schools/${north.elm.schoolId}`)).status).toBe(200);
    expect((await server.db('groupMembers').where({ groupId: trustGroup }).select('userId')).map((row) => Number(row.userId))).toEqual([alderMember.id]);
  });
});

describe('a course given to a group', () => {
  it('is due for the group’s members only; the others see the course with no deadline; a school without group courses keeps its deadline for everyone', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server, 'Cedar Primary');
    const other = await createCourse(server, { price: 0 });
    const base = `/api/schools/${schoolId}`;
    const list = `${base}/training-status?limit=500&courseId=${course.id}`;
    const ta = await addMember(server.db, schoolId, at('2026-01-05'), { lastName: 'Assistant' });
    const teacher = await addMember(server.db, schoolId, at('2026-01-05'), { lastName: 'Teacher' });
    // Today's behaviour: the school's deadline is everyone's.
    expect((await manager.client.put(`${base}/deadlines/${course.id}`, { completeBy: '2026-04-30' })).status).toBe(200);
    expect(await dueDates(manager.client, list)).toMatchObject({ [ta.id]: { dueOn: '2026-04-30' }, [teacher.id]: { dueOn: '2026-04-30' } });

    const group = await newGroup(manager.client, base, 'Teaching assistants');
    await manager.client.post(`${base}/groups/${group}/members`, { emails: [ta.email] });
    const given = await manager.client.put(`${base}/groups/${group}/courses/${course.id}`, { completeBy: '2026-04-15' });
    expect(given.status, given.text).toBe(200);
    expect(given.body.courses).toEqual([{ courseId: course.id, title: course.title, completeBy: '2026-04-15', newStaffDays: null }]);
    // Now only the group: by its date (earlier than the school's); the teacher has no deadline.
    const rows = await dueDates(manager.client, list);
    expect(rows[ta.id]).toEqual({ dueOn: '2026-04-15', status: 'not_started', groups: ['Teaching assistants'] });
    expect(rows[teacher.id]).toEqual({ dueOn: null, status: 'not_started' });
    // The school's deadline still caps the group's members: a later group date gives way to it.
    await manager.client.put(`${base}/groups/${group}/courses/${course.id}`, { completeBy: '2026-05-31' });
    expect((await dueDates(manager.client, list))[ta.id]!.dueOn).toBe('2026-04-30');
    // The filter by group, and the teacher's own view of their training.
    expect(Object.keys(await dueDates(manager.client, `${list}&groupId=${group}`))).toEqual([String(ta.id)]);
    const teacherBrowser = server.client();
    await signIn(teacherBrowser, teacher);
    expect((await teacherBrowser.get('/api/user/training')).body).toEqual([expect.objectContaining({ courseId: course.id, dueOn: null })]);

    // Bad input and a course the school is not licensed for: 4xx, nothing written.
    expect((await manager.client.put(`${base}/groups/${group}/courses/${course.id}`, {})).status).toBe(400);
    // A date gone by: the one rule deadlines follow (common/rules/deadlines.ts), named on the field.
    const past = await manager.client.put(`${base}/groups/${group}/courses/${course.id}`, { completeBy: '2026-02-01' });
    expect([past.status, past.body.message, past.body.errors]).toEqual([
      400,
      'The deadline is in the past',
      { completeBy: 'Choose today (2026-03-01) or a later date' },
    ]);
    expect((await manager.client.put(`${base}/groups/${group}/courses/${other.id}`, { completeBy: '2026-06-01' })).status).toBe(403);
    expect((await server.db('groupCourses').where({ groupId: group }).select('completeByDay')).map((row) => Number(row.completeByDay))).toEqual([
      day('2026-05-31'),
    ]);

    // Taken back from the group: the school's deadline is everyone's again.
    expect((await manager.client.delete(`${base}/groups/${group}/courses/${course.id}`)).body.courses).toEqual([]);
    expect(await dueDates(manager.client, list)).toMatchObject({ [ta.id]: { dueOn: '2026-04-30' }, [teacher.id]: { dueOn: '2026-04-30' } });
  });

  it('gives new staff who join the group their days from joining it, and reminds only the group’s members', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server, 'Hawthorn Primary');
    const base = `/api/schools/${schoolId}`;
    const veteran = await addMember(server.db, schoolId, at('2025-09-01'));
    const outsider = await addMember(server.db, schoolId, at('2025-09-01'));
    const group = await newGroup(manager.client, base, 'Office');
    await manager.client.post(`${base}/groups/${group}/members`, { emails: [veteran.email] });
    expect((await manager.client.put(`${base}/groups/${group}/courses/${course.id}`, { completeBy: '2026-03-31', newStaffDays: 30 })).status).toBe(200);
    // Who was in the group when the course was given is existing staff: the date.
    // A newcomer joins the school, and the group on 1 April: new staff, 30 days from joining the group.
    server.clock.set('2026-04-01T09:00:00Z');
    const newcomer = await addMember(server.db, schoolId, at('2026-03-25'));
    await manager.client.post(`${base}/groups/${group}/members`, { emails: [newcomer.email] });
    const rows = await dueDates(manager.client, `${base}/training-status?limit=500`);
    expect(rows[veteran.id]).toMatchObject({ dueOn: '2026-03-31', status: 'overdue' });
    expect(rows[newcomer.id]).toMatchObject({ dueOn: '2026-05-01', status: 'not_started' });
    expect(rows[outsider.id]).toMatchObject({ dueOn: null, status: 'not_started' });
    expect(Object.keys(await dueDates(manager.client, `${base}/training-status?status=overdue`))).toEqual([String(veteran.id)]);
    // The status counts follow the group filter as the list does (for the manager and the admin alike).
    const none = { not_started: 0, in_progress: 0, due_soon: 0, overdue: 0, completed: 0, renewal_due: 0 };
    const groupCounts = await manager.client.get(`${base}/training-status/counts?groupId=${group}&courseId=${course.id}`);
    expect(groupCounts.status, groupCounts.text).toBe(200);
    expect(groupCounts.body).toEqual({ counts: { ...none, overdue: 1, not_started: 1 } });
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    expect((await admin.get(`/api/admin/schools/${schoolId}/training-status/counts?groupId=${group}`)).body).toEqual(groupCounts.body);
    const whole = (await manager.client.get(`${base}/training-status/counts`)).body.counts as Record<string, number>;
    expect(whole).toEqual((await manager.client.get(`${base}/deadlines`)).body.counts);
    expect(whole.not_started).toBeGreaterThan(1);
    expect((await manager.client.get(`${base}/training-status/counts?groupId=abc`)).status).toBe(400);

    // Reminders: the group's members by their own dates, never the member outside it.
    server.clock.set('2026-04-25T09:00:00Z');
    await testScheduler(server).tick();
    const sent = await server
      .db('remindersSent')
      .whereIn('userId', [veteran.id, newcomer.id, outsider.id])
      .orderBy('userId')
      .select('userId', 'kind', 'dueDay');
    expect(sent).toEqual([
      { userId: veteran.id, kind: 'overdue_3', dueDay: day('2026-03-31') },
      { userId: newcomer.id, kind: 'due_soon', dueDay: day('2026-05-01') },
    ]);
  });

  it('at trust level: the trust’s groups narrow the trust’s deadline; a school’s groups never take its staff out of the trust’s', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { trustId, trustManager, course, oak, elm, admin } = await trustOfTwo({ trust: 'Harbour Trust', first: 'Pine Primary', second: 'Fir Academy' });
    const pineTa = await addMember(server.db, oak.schoolId, at('2026-01-05'), { lastName: 'A' });
    const pineTeacher = await addMember(server.db, oak.schoolId, at('2026-01-05'), { lastName: 'B' });
    const firTeacher = await addMember(server.db, elm.schoolId, at('2026-01-05'), { lastName: 'C' });
    expect((await trustManager.put(`/api/trusts/${trustId}/deadlines/${course.id}`, { completeBy: '2026-04-30' })).status).toBe(200);
    // Pine gives the course to its own group with an earlier date: its TA by that date, everyone still by the trust's.
    const pineGroup = await newGroup(oak.client, `/api/schools/${oak.schoolId}`, 'Teaching assistants');
    await oak.client.post(`/api/schools/${oak.schoolId}/groups/${pineGroup}/members`, { emails: [pineTa.email] });
    await oak.client.put(`/api/schools/${oak.schoolId}/groups/${pineGroup}/courses/${course.id}`, { completeBy: '2026-04-10' });
    const pineList = `/api/schools/${oak.schoolId}/training-status?limit=500`;
    expect(await dueDates(oak.client, pineList)).toMatchObject({ [pineTa.id]: { dueOn: '2026-04-10' }, [pineTeacher.id]: { dueOn: '2026-04-30' } });

    // The trust gives the course to its own group: the trust's date now reaches that group only.
    const trustGroup = await newGroup(trustManager, `/api/trusts/${trustId}`, 'Safeguarding leads');
    await trustManager.post(`/api/trusts/${trustId}/groups/${trustGroup}/members`, { emails: [firTeacher.email] });
    const given = await trustManager.put(`/api/trusts/${trustId}/groups/${trustGroup}/courses/${course.id}`, { newStaffDays: 60 });
    expect(given.status, given.text).toBe(200);
    expect(await dueDates(oak.client, pineList)).toMatchObject({ [pineTa.id]: { dueOn: '2026-04-10' }, [pineTeacher.id]: { dueOn: null } });
    // Fir's teacher joined the group on 1 March: 60 days from then, or the trust's 30 April if earlier.
    const firRows = await dueDates(elm.client, `/api/schools/${elm.schoolId}/training-status?limit=500`);
    expect(firRows[firTeacher.id]).toEqual({ dueOn: '2026-04-30', status: 'not_started', groups: ['Safeguarding leads'] });
    // The trust's list filters by group, and both registers name each member's groups.
    const filtered = await trustManager.get(`/api/trusts/${trustId}/statuses?groupId=${trustGroup}`);
    expect(filtered.body.map((row: { userId: number }) => row.userId)).toEqual([firTeacher.id]);
    const response = await fetch(`${server.url}/api/trusts/${trustId}/register.xlsx`, { headers: { cookie: trustManager.cookieHeader } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const fir = workbook.getWorksheet('Fir Academy')!;
    const header = fir.getRow(1).values as unknown[];
    const groupsColumn = header.indexOf('Groups');
    expect(groupsColumn).toBeGreaterThan(0);
    const firRow = (fir.getRows(2, fir.rowCount - 1) ?? []).find((row) => row.getCell(2).value === firTeacher.email)!;
    expect(firRow.getCell(groupsColumn).value).toBe('Safeguarding leads');
    expect((await admin.get(`/api/admin/trusts/${trustId}/groups`)).body.groups[0].courses).toEqual([
      { courseId: course.id, title: course.title, completeBy: null, newStaffDays: 60 },
    ]);
  });
});

describe('the roster’s group columns', () => {
  it('offers to create the groups it names, creates them only when confirmed, and puts members and invitees in them', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId } = await licensedSchool(server, 'Willow Primary');
    await server.db('users').where({ id: manager.user.id }).update({ emailVerifiedAt: Date.now() });
    const base = `/api/schools/${schoolId}`;
    await newGroup(manager.client, base, 'Office');
    const member = await addMember(server.db, schoolId, at('2026-01-05'));
    const csv = [
      'Email,First name,Role,Department,Groups',
      `${member.email},Mo,Teaching assistant,office,Podcast; First aiders`,
      'new.person@willow.test,Nia,,Office,',
    ].join('\n');
    const preview = await manager.client.post(`${base}/roster/preview`, { csv });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.rows.map((row: { groups: string[] }) => row.groups)).toEqual([['Teaching assistant', 'office', 'Podcast', 'First aiders'], ['Office']]);
    expect(preview.body.groups).toEqual([
      { name: 'First aiders', exists: false, people: 1 },
      { name: 'Office', exists: true, people: 2 },
      { name: 'Podcast', exists: false, people: 1 },
      { name: 'Teaching assistant', exists: false, people: 1 },
    ]);
    // Not confirmed: refused with the reason, nobody invited, no group created.
    const refused = await manager.client.post(`${base}/roster`, { csv });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('"First aiders", "Podcast", "Teaching assistant"');
    expect(await server.db('schoolInvites').where({ schoolId, email: 'new.person@willow.test' })).toHaveLength(0);
    expect(await server.db('groups').where({ schoolId }).pluck('name')).toEqual(['Office']);

    const confirmed = await manager.client.post(`${base}/roster`, { csv, createGroups: true });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ invited: 1, unchanged: 1, groupsCreated: 3 });
    const groups = (await manager.client.get(`${base}/groups`)).body.groups as Array<{ name: string; members: Array<{ userId: number }> }>;
    expect(groups.map((g) => [g.name, g.members.map((m) => m.userId)])).toEqual([
      ['First aiders', [member.id]],
      ['Office', [member.id]],
      ['Podcast', [member.id]],
      ['Teaching assistant', [member.id]],
    ]);
    // The invitee joins "Office" when they accept.
    const mail = await server.db('outbox').where({ toAddress: 'new.person@willow.test' }).first();
    const token = /join\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const invitee = await createUser(server.db, { email: 'new.person@willow.test' });
    const browser = server.client();
    await signIn(browser, invitee);
    expect((await browser.post(`/api/invites/${token}/accept`)).status).toBe(201);
    const office = (await manager.client.get(`${base}/groups`)).body.groups.find((g: { name: string }) => g.name === 'Office');
    expect(office.members.map((m: { userId: number }) => m.userId).sort()).toEqual([member.id, invitee.id].sort());
    // Leaving the school takes them out of its groups.
    expect((await manager.client.delete(`${base}/members/${invitee.id}`)).status).toBe(200);
    expect(await server.db('groupMembers').where({ userId: invitee.id })).toHaveLength(0);
  });
});
