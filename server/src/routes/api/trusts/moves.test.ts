import ExcelJS from 'exceljs';
import type { MemberMoveDto } from '@atrium/common';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { addMember, certify, licensedSchool, startCourse } from '../../../test/deadlines.ts';
import { createCourse } from '../../../test/factories.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../../test/trusts.ts';

const server = useTestServer();

/** Oak (licensed for one course) and Elm (licensed for another) in one trust, its manager, and a member of Oak who has started and passed Oak's course. */
async function trustWithMember() {
  const oak = await licensedSchool(server, 'Oak Primary');
  const elm = await schoolWithManager(server, 'Elm Academy');
  const elmCourse = await createCourse(server, { price: 0 });
  expect((await oak.admin.post(`/api/admin/schools/${elm.schoolId}/licences`, { courseId: elmCourse.id })).status).toBe(200);
  const trustId = await trustOf(oak.admin, 'Greenway Trust', [oak.schoolId, elm.schoolId]);
  const trustManager = (await trustManagerOf(server, oak.admin, trustId)).client;
  const joinedAt = Date.parse('2026-01-05T09:00:00Z');
  const member = await addMember(server.db, oak.schoolId, joinedAt);
  await server.db('enrollments').insert({ userId: member.id, courseId: oak.course.id, source: 'licence', enrolledAt: joinedAt });
  await startCourse(server.db, member.id, oak.course.id);
  const certificate = await certify(server.db, member.id, oak.course.id, joinedAt + 86_400_000);
  return { oak, elm, elmCourse, trustId, trustManager, member, joinedAt, certificate };
}

const membershipOf = (userId: number) => server.db('schoolMembers').where({ userId }).first();
const enrolledIn = async (userId: number) =>
  (await server.db('enrollments').where({ userId }).orderBy('courseId').select('courseId', 'source')).map((row) => [Number(row.courseId), row.source] as const);

describe('POST /api/trusts/:id/members/:userId/move', () => {
  it('moves a member to another school of the trust, keeping their progress, certificate and join date; access follows the licences', async () => {
    const { oak, elm, elmCourse, trustId, trustManager, member, joinedAt, certificate } = await trustWithMember();

    server.clock.set('2026-03-02T10:00:00Z');
    const moved = await trustManager.post(`/api/trusts/${trustId}/members/${member.id}/move`, { schoolId: elm.schoolId });
    expect(moved.status, moved.text).toBe(200);
    const membership = await membershipOf(member.id);
    expect(membership).toMatchObject({ schoolId: elm.schoolId, role: 'member', joinedAt, movedFromSchoolId: oak.schoolId });
    // The app's clock (it runs on from the time set).
    expect(Number(membership!.movedAt) - Date.parse('2026-03-02T10:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(Number(membership!.movedAt) - Date.parse('2026-03-02T10:00:00Z')).toBeLessThan(60_000);
    expect(moved.body).toEqual({
      userId: member.id,
      fromSchoolId: oak.schoolId,
      toSchoolId: elm.schoolId,
      movedAt: new Date(Number(membership!.movedAt)).toISOString(),
    } satisfies MemberMoveDto);
    // Oak's course came through Oak's licence: it ends; Elm's begins. History stays.
    expect(await enrolledIn(member.id)).toEqual([[elmCourse.id, 'licence']]);
    expect(await server.db('courseProgress').where({ userId: member.id, courseId: oak.course.id }).first()).toBeTruthy();
    expect((await server.db('certificates').where({ userId: member.id }).select('certificateNumber')).map((row) => row.certificateNumber)).toEqual([
      certificate,
    ]);

    // Each school's own list shows them where they are now.
    const elmList = await elm.client.get(`/api/schools/${elm.schoolId}/training-status`);
    expect(elmList.status, elmList.text).toBe(200);
    expect((elmList.body as Array<{ userId: number }>).map((row) => row.userId)).toContain(member.id);
    const oakList = await oak.manager.client.get(`/api/schools/${oak.schoolId}/training-status`);
    expect((oakList.body as Array<{ userId: number }>).map((row) => row.userId)).not.toContain(member.id);
    const trustList = await trustManager.get(`/api/trusts/${trustId}/statuses`);
    const rows = (trustList.body as Array<{ userId: number; schoolName: string; movedAt?: string }>).filter((row) => row.userId === member.id);
    expect(rows.map((row) => [row.schoolName, row.movedAt])).toEqual([['Elm Academy', moved.body.movedAt]]);
    // Someone never moved carries no date.
    expect((trustList.body as Array<{ userId: number; movedAt?: string }>).find((row) => row.userId === oak.manager.user.id)).not.toHaveProperty('movedAt');

    // The trust's register lists them on Elm's sheet with the day they moved, not on Oak's.
    const response = await fetch(`${server.url}/api/trusts/${trustId}/register.xlsx`, { headers: { cookie: trustManager.cookieHeader } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const elmSheet = workbook.getWorksheet('Elm Academy')!;
    const movedColumn = (elmSheet.getRow(1).values as unknown[]).indexOf('Moved here on');
    expect(movedColumn).toBeGreaterThan(0);
    const emails = (sheet: ExcelJS.Worksheet) => (sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row[2]);
    expect(emails(elmSheet)).toContain(member.email);
    expect(emails(workbook.getWorksheet('Oak Primary')!)).not.toContain(member.email);
    const row = (elmSheet.getSheetValues().slice(2) as unknown[][]).find((cells) => cells[2] === member.email)!;
    expect((row[movedColumn] as Date).toISOString().slice(0, 10)).toBe('2026-03-02');
  });

  it('keeps a course both schools license, and an enrollment the person bought', async () => {
    const { oak, elm, trustId, trustManager, member } = await trustWithMember();
    expect((await oak.admin.post(`/api/admin/schools/${elm.schoolId}/licences`, { courseId: oak.course.id })).status).toBe(200);
    const bought = await createCourse(server, { price: 100 });
    await server.db('enrollments').insert({ userId: member.id, courseId: bought.id, source: 'payment', enrolledAt: Date.now() });
    expect((await trustManager.post(`/api/trusts/${trustId}/members/${member.id}/move`, { schoolId: elm.schoolId })).status).toBe(200);
    const enrolled = new Map(await enrolledIn(member.id));
    expect(enrolled.get(oak.course.id)).toBe('licence');
    expect(enrolled.get(bought.id)).toBe('payment');
  });

  it('takes them out of the old school’s groups (the trust’s kept); moved back, they are in none of them, and put back their new-staff days start again', async () => {
    server.clock.set('2026-02-02T09:00:00Z');
    const { oak, elm, trustId, trustManager } = await trustWithMember();
    const member = await addMember(server.db, oak.schoolId, Date.parse('2026-01-05T09:00:00Z'));
    const oakBase = `/api/schools/${oak.schoolId}`;
    const office = await oak.manager.client.post(`${oakBase}/groups`, { name: 'Office' });
    expect(office.status, office.text).toBe(201);
    expect((await oak.manager.client.post(`${oakBase}/groups/${office.body.id}/members`, { emails: [member.email] })).status).toBe(200);
    expect((await oak.manager.client.put(`${oakBase}/groups/${office.body.id}/courses/${oak.course.id}`, { newStaffDays: 30 })).status).toBe(200);
    const leads = await trustManager.post(`/api/trusts/${trustId}/groups`, { name: 'Safeguarding leads' });
    expect(leads.status, leads.text).toBe(201);
    expect((await trustManager.post(`/api/trusts/${trustId}/groups/${leads.body.id}/members`, { emails: [member.email] })).status).toBe(200);
    const groupsOf = async (userId: number) =>
      (await server.db('groupMembers as gm').join('groups as g', 'g.id', 'gm.groupId').where('gm.userId', userId).orderBy('g.name').select('g.name')).map(
        (row) => row.name,
      );
    expect(await groupsOf(member.id)).toEqual(['Office', 'Safeguarding leads']);

    server.clock.set('2026-03-02T10:00:00Z');
    expect((await trustManager.post(`/api/trusts/${trustId}/members/${member.id}/move`, { schoolId: elm.schoolId })).status).toBe(200);
    expect(await groupsOf(member.id)).toEqual(['Safeguarding leads']);
    const oakGroups = await oak.manager.client.get(`${oakBase}/groups`);
    const officeNow = (oakGroups.body.groups as Array<{ id: number; members: Array<{ userId: number }> }>).find((group) => group.id === office.body.id)!;
    expect(officeNow.members.map((row) => row.userId)).not.toContain(member.id);

    server.clock.set('2026-04-01T10:00:00Z');
    expect((await trustManager.post(`/api/trusts/${trustId}/members/${member.id}/move`, { schoolId: oak.schoolId })).status).toBe(200);
    expect(await groupsOf(member.id)).toEqual(['Safeguarding leads']);

    // Put back in Office on 1 May, they are its new staff again: 30 days from that day.
    server.clock.set('2026-05-01T10:00:00Z');
    expect((await oak.manager.client.post(`${oakBase}/groups/${office.body.id}/members`, { emails: [member.email] })).status).toBe(200);
    const list = await oak.manager.client.get(`${oakBase}/training-status?courseId=${oak.course.id}`);
    expect(list.status, list.text).toBe(200);
    expect((list.body as Array<{ userId: number; dueOn: string | null }>).find((row) => row.userId === member.id)?.dueOn).toBe('2026-05-31');
  });

  it('refuses, with the reason and changing nothing: the same school, a school or person outside the trust, the only manager, bad input, anyone but the trust’s managers', async () => {
    const { oak, elm, trustId, trustManager, member } = await trustWithMember();
    const before = await membershipOf(member.id);
    const move = (userId: number, body: object, client = trustManager) => client.post(`/api/trusts/${trustId}/members/${userId}/move`, body);

    const same = await move(member.id, { schoolId: oak.schoolId });
    expect([same.status, same.body.message]).toEqual([409, 'They are already on the staff of that school.']);
    const outsider = await schoolWithManager(server, 'Outside School');
    expect((await move(member.id, { schoolId: outsider.schoolId })).status).toBe(404);
    expect((await move(outsider.user.id, { schoolId: elm.schoolId })).status).toBe(404);
    expect((await move(999_999, { schoolId: elm.schoolId })).status).toBe(404);
    const onlyManager = await move(oak.manager.user.id, { schoolId: elm.schoolId });
    expect(onlyManager.status).toBe(409);
    expect(onlyManager.body.message).toMatch(/only manager/);
    const bad = await move(member.id, { schoolId: 'Elm' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('schoolId');

    // A school's manager (of either school) is not the trust's manager; another trust's manager neither.
    expect((await move(member.id, { schoolId: elm.schoolId }, oak.manager.client)).status).toBe(403);
    expect((await move(member.id, { schoolId: elm.schoolId }, elm.client)).status).toBe(403);
    const otherTrust = await trustOf(oak.admin, 'Other Trust', [outsider.schoolId]);
    const otherManager = (await trustManagerOf(server, oak.admin, otherTrust)).client;
    expect((await move(member.id, { schoolId: elm.schoolId }, otherManager)).status).toBe(403);
    expect((await otherManager.post(`/api/trusts/${otherTrust}/members/${member.id}/move`, { schoolId: outsider.schoolId })).status).toBe(404);
    expect((await server.client().post(`/api/trusts/${trustId}/members/${member.id}/move`, { schoolId: elm.schoolId })).status).toBe(401);

    expect(await membershipOf(member.id)).toEqual(before);
  });
});
