import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { addMember, certify, licensedSchool } from '../../../test/deadlines.ts';
import { createCourse, signIn } from '../../../test/factories.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../../test/trusts.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();
const at = (iso: string) => Date.parse(iso);

/** A certificate with hours; a course of its own unless one is named (a person holds one certificate per course and round). */
async function withHours(db: typeof server.db, userId: number, courseId: number | null, completedAt: string, quarterHours: number | null) {
  const number = await certify(db, userId, courseId ?? (await createCourse(server, { price: 0 })).id, at(completedAt));
  await db('certificates').where({ certificateNumber: number }).update({ cpdQuarterHours: quarterHours });
  return number;
}

async function workbookOf(client: TestClient, path: string): Promise<ExcelJS.Workbook> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: client.cookieHeader } });
  expect(response.status, path).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook;
}

const sheetRows = (sheet: ExcelJS.Worksheet) => (sheet.getSheetValues().slice(1) as unknown[][]).map((row) => row.slice(1));

/**
 * Oak (in a trust with Elm): Ada joined Oak on 15 Sept 2025 and has hours before and after;
 * Ben joined on 1 Jan 2026 and lets Oak see his whole record; Elm's Cy completed a course in the year.
 */
async function trustWithHours() {
  const oak = await licensedSchool(server, 'Oak Primary');
  const elm = await schoolWithManager(server, 'Elm Academy');
  const ada = await addMember(server.db, oak.schoolId, at('2025-09-15T09:00:00Z'), { firstName: 'Ada', lastName: 'Lovelace' });
  const ben = await addMember(server.db, oak.schoolId, at('2026-01-01T09:00:00Z'), { firstName: 'Ben', lastName: 'Okri' });
  const cy = await addMember(server.db, elm.schoolId, at('2025-09-01T09:00:00Z'), { firstName: 'Cy', lastName: 'Twombly' });
  // Ada: before joining Oak (not Oak's to count), then 1.5 h and 0.75 h as its member, and a course without hours.
  await withHours(server.db, ada.id, null, '2025-09-10T10:00:00Z', 8);
  await withHours(server.db, ada.id, oak.course.id, '2025-10-01T10:00:00Z', 6);
  await withHours(server.db, ada.id, null, '2026-02-01T10:00:00Z', 3);
  await withHours(server.db, ada.id, null, '2026-03-01T10:00:00Z', null);
  // Revoked certificates and last year's never count.
  const revoked = await withHours(server.db, ada.id, null, '2026-03-02T10:00:00Z', 40);
  await server.db('certificates').where({ certificateNumber: revoked }).update({ revokedAt: Date.now() });
  await withHours(server.db, ada.id, null, '2025-08-31T10:00:00Z', 40);
  // Ben: 2 h before joining, 1 h after; he shares his whole record with Oak (through the API).
  await withHours(server.db, ben.id, null, '2025-11-01T10:00:00Z', 8);
  await withHours(server.db, ben.id, null, '2026-02-01T10:00:00Z', 4);
  await withHours(server.db, cy.id, null, '2025-12-01T10:00:00Z', 2);
  const trustId = await trustOf(oak.admin, 'Greenway Trust', [oak.schoolId, elm.schoolId]);
  const trustManager = (await trustManagerOf(server, oak.admin, trustId)).client;
  return { oak, elm, ada, ben, cy, trustId, trustManager };
}

const YEAR = 'from=2025-09-01&to=2026-08-31';

describe('CPD hours for schools and trusts (issue 59)', () => {
  it('a school sees each member’s verified hours in the range and the total: only what they completed while its member, unless they share their whole record', async () => {
    const { oak, ada, ben } = await trustWithHours();
    const manager = oak.manager.client;
    const hours = await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?${YEAR}`);
    expect(hours.status, hours.text).toBe(200);
    expect(hours.body).toMatchObject({ from: '2025-09-01', to: '2026-08-31', schoolYear: '2025–26' });
    const byName = Object.fromEntries(hours.body.people.map((person: { name: string }) => [person.name, person]));
    expect(byName['Ada Lovelace']).toMatchObject({ userId: ada.id, hours: 2.25, courses: 3, wholeRecordShared: false, schoolName: 'Oak Primary' });
    expect(byName['Ben Okri']).toMatchObject({ userId: ben.id, hours: 1, courses: 1, wholeRecordShared: false });
    expect(hours.body.totalHours).toBe(3.25);

    // Ben shares his whole record with Oak: his 2 hours from before joining count too; he can take it back.
    const benClient = server.client();
    await signIn(benClient, ben);
    expect((await benClient.get('/api/transcript/sharing')).body.schools).toEqual([
      { schoolId: oak.schoolId, name: 'Oak Primary', memberSince: '2026-01-01T09:00:00.000Z', sharedWholeRecord: false },
    ]);
    expect((await benClient.put(`/api/transcript/schools/${oak.schoolId}`, { shared: true })).status).toBe(204);
    const shared = await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?${YEAR}`);
    expect(shared.body.people.find((person: { userId: number }) => person.userId === ben.id)).toMatchObject({ hours: 3, courses: 2, wholeRecordShared: true });
    expect(shared.body.totalHours).toBe(5.25);
    expect((await benClient.put(`/api/transcript/schools/${oak.schoolId}`, { shared: false })).status).toBe(204);
    expect((await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?${YEAR}`)).body.totalHours).toBe(3.25);
    // Nobody shares with a school they are not in.
    expect((await benClient.put(`/api/transcript/schools/${oak.schoolId + 1000}`, { shared: true })).status).toBe(404);
  });

  it('sharing the whole record ends with the membership: removed and back, or moved within the trust and back, it is off again', async () => {
    const { oak, elm, ben, trustManager } = await trustWithHours();
    const benClient = server.client();
    await signIn(benClient, ben);
    const sharedWithOak = async () => (await benClient.get('/api/transcript/sharing')).body.schools[0]?.sharedWholeRecord as boolean | undefined;

    expect((await benClient.put(`/api/transcript/schools/${oak.schoolId}`, { shared: true })).status).toBe(204);
    expect(await sharedWithOak()).toBe(true);
    expect((await oak.manager.client.delete(`/api/schools/${oak.schoolId}/members/${ben.id}`)).body).toMatchObject({ removed: true });
    await server.db('schoolMembers').insert({ schoolId: oak.schoolId, userId: ben.id, role: 'member', joinedAt: Date.now() });
    expect(await sharedWithOak()).toBe(false);

    expect((await benClient.put(`/api/transcript/schools/${oak.schoolId}`, { shared: true })).status).toBe(204);
    const trustId = (await server.db('schools').where({ id: oak.schoolId }).first('trustId'))!.trustId;
    expect((await trustManager.post(`/api/trusts/${trustId}/members/${ben.id}/move`, { schoolId: elm.schoolId })).status).toBe(200);
    expect((await trustManager.post(`/api/trusts/${trustId}/members/${ben.id}/move`, { schoolId: oak.schoolId })).status).toBe(200);
    expect(await sharedWithOak()).toBe(false);
    expect(await server.db('schoolCpdShares').where({ userId: ben.id })).toEqual([]);
  });

  it('filters like the staff list (a group, a course) and by range; a bad range is a 400 with a sentence; other schools’ managers and members are refused', async () => {
    const { oak, elm, ada, ben } = await trustWithHours();
    const manager = oak.manager.client;
    const course = await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?${YEAR}&courseId=${oak.course.id}`);
    const hoursOf = (body: { people: Array<{ userId: number; hours: number }> }, userId: number) =>
      body.people.find((person) => person.userId === userId)?.hours;
    expect([hoursOf(course.body, ada.id), hoursOf(course.body, ben.id), course.body.totalHours]).toEqual([1.5, 0, 1.5]);
    const autumn = await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?from=2025-09-01&to=2025-12-31`);
    expect(autumn.body).toMatchObject({ schoolYear: null, totalHours: 1.5 });
    const group = await manager.post(`/api/schools/${oak.schoolId}/groups`, { name: 'Early years' });
    expect(group.status, group.text).toBe(201);
    await server.db('groupMembers').insert({ groupId: group.body.id, userId: ben.id, joinedAt: Date.now() });
    const grouped = await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?${YEAR}&groupId=${group.body.id}`);
    expect(grouped.body.people.map((person: { userId: number }) => person.userId)).toEqual([ben.id]);

    const backwards = await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?from=2026-01-01&to=2025-01-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toBe('The start of the range must not be after its end');
    expect((await manager.get(`/api/schools/${oak.schoolId}/cpd-hours?from=2026-02-30`)).body.errors.from).toBe('Enter the dates as YYYY-MM-DD');
    expect((await elm.client.get(`/api/schools/${oak.schoolId}/cpd-hours`)).status).toBe(403);
    const adaClient = server.client();
    await signIn(adaClient, ada);
    expect((await adaClient.get(`/api/schools/${oak.schoolId}/cpd-hours`)).status).toBe(403);
    expect((await server.client().get(`/api/schools/${oak.schoolId}/cpd-hours`)).status).toBe(401);
  });

  it('the current school year when no range is given', async () => {
    const { oak } = await trustWithHours();
    server.clock.set('2026-05-10T10:00:00Z');
    const hours = await oak.manager.client.get(`/api/schools/${oak.schoolId}/cpd-hours`);
    expect(hours.body).toMatchObject({ from: '2025-09-01', to: '2026-08-31', schoolYear: '2025–26', totalHours: 3.25 });
  });

  it('the school’s register gains a "CPD hours" sheet for the range, read back from the .xlsx', async () => {
    const { oak } = await trustWithHours();
    const workbook = await workbookOf(oak.manager.client, `/api/schools/${oak.schoolId}/register.xlsx?${YEAR}`);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Staff training register', 'CPD hours']);
    const rows = sheetRows(workbook.getWorksheet('CPD hours')!);
    expect(rows[0]).toEqual(['Member', 'Email', 'CPD hours 2025-09-01 to 2026-08-31', 'Courses completed', 'Whole record shared']);
    const named = rows.slice(1).map((row) => [row[0], row[2], row[3], row[4]]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['Ada Lovelace', 2.25, 3, 'No'],
        ['Ben Okri', 1, 1, 'No'],
      ]),
    );
    expect(rows.at(-1)).toEqual(['Total', undefined, 3.25, 4]);
    expect(
      (await fetch(`${server.url}/api/schools/${oak.schoolId}/register.xlsx?from=nope`, { headers: { cookie: oak.manager.client.cookieHeader } })).status,
    ).toBe(400);
  });

  it('the trust sees every school’s people (each since they joined one of its schools) on /cpd-hours and in its register', async () => {
    const { trustId, trustManager, oak } = await trustWithHours();
    const hours = await trustManager.get(`/api/trusts/${trustId}/cpd-hours?${YEAR}`);
    expect(hours.status, hours.text).toBe(200);
    expect(hours.body.people.map((person: { schoolName: string; name: string; hours: number }) => [person.schoolName, person.name, person.hours])).toEqual(
      expect.arrayContaining([
        ['Elm Academy', 'Cy Twombly', 0.5],
        ['Oak Primary', 'Ada Lovelace', 2.25],
        ['Oak Primary', 'Ben Okri', 1],
      ]),
    );
    expect(hours.body.totalHours).toBe(3.75);
    expect((await oak.manager.client.get(`/api/trusts/${trustId}/cpd-hours`)).status).toBe(403);

    const workbook = await workbookOf(trustManager, `/api/trusts/${trustId}/register.xlsx?${YEAR}`);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Elm Academy', 'Oak Primary', 'CPD hours']);
    const rows = sheetRows(workbook.getWorksheet('CPD hours')!);
    expect(rows[0]).toEqual(['School', 'Member', 'Email', 'CPD hours 2025-09-01 to 2026-08-31', 'Courses completed', 'Whole record shared']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual(
      expect.arrayContaining([
        ['Elm Academy', 'Cy Twombly', 0.5],
        ['Oak Primary', 'Ada Lovelace', 2.25],
      ]),
    );
    expect(rows.at(-1)).toEqual(['All schools', 'Total', undefined, 3.75, 5]);
  });
});
