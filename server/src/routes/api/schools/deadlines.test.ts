import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createCourse, signIn } from '../../../test/factories.ts';
import { addMember, certify, licensedSchool, startCourse, statuses } from '../../../test/deadlines.ts';
import { learner, schoolWithManager } from '../../../test/schools.ts';
import { countQueries } from '../../../test/countQueries.ts';

const server = useTestServer();
const at = (iso: string) => Date.parse(`${iso}T09:00:00Z`);

describe('setting a deadline', () => {
  it('lets the manager set, change and remove a deadline on a licensed course', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server);
    const path = `/api/schools/${schoolId}/deadlines`;
    const set = await manager.client.put(`${path}/${course.id}`, { completeBy: '2026-03-20', newStaffDays: 30 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.courses).toEqual([
      { courseId: course.id, title: course.title, completeBy: '2026-03-20', newStaffDays: 30, validityMonths: null, trust: null },
    ]);
    const changed = await manager.client.put(`${path}/${course.id}`, { completeBy: '2026-04-01' });
    expect(changed.body.courses[0]).toMatchObject({ completeBy: '2026-04-01', newStaffDays: null });
    expect(await server.db('schoolDeadlines').where({ schoolId })).toHaveLength(1);
    const removed = await manager.client.delete(`${path}/${course.id}`);
    expect(removed.body.courses[0]).toMatchObject({ completeBy: null, newStaffDays: null });
    expect(await server.db('schoolDeadlines').where({ schoolId })).toHaveLength(0);
  });

  it('refuses a date in the past or over five years ahead, a malformed date, days out of range and an empty deadline, naming the field and writing nothing', async () => {
    server.clock.set('2026-03-10T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server);
    const path = `/api/schools/${schoolId}/deadlines/${course.id}`;
    const past = await manager.client.put(path, { completeBy: '2026-03-09' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toHaveProperty('completeBy');
    // Today is allowed: the member has all of today.
    expect((await manager.client.put(path, { completeBy: '2026-03-10' })).status).toBe(200);
    await manager.client.delete(path);
    for (const [body, field] of [
      [{ completeBy: '2026-02-30' }, 'completeBy'],
      [{ completeBy: '10/04/2026' }, 'completeBy'],
      // A mistyped year: more than five years ahead.
      [{ completeBy: '2206-03-10' }, 'completeBy'],
      [{ completeBy: '2031-03-11' }, 'completeBy'],
      [{ newStaffDays: 0 }, 'newStaffDays'],
      [{ newStaffDays: 2.5 }, 'newStaffDays'],
      [{ newStaffDays: 400 }, 'newStaffDays'],
      [{}, 'completeBy'],
    ] as const) {
      const response = await manager.client.put(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await server.db('schoolDeadlines').where({ schoolId })).toHaveLength(0);
  });

  it('refuses a course the school is not licensed for, another school, a plain member and a visitor', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course, admin } = await licensedSchool(server);
    const unlicensed = await createCourse(server);
    const body = { completeBy: '2026-05-01' };
    const notLicensed = await manager.client.put(`/api/schools/${schoolId}/deadlines/${unlicensed.id}`, body);
    expect(notLicensed.status).toBe(403);
    expect(notLicensed.body.message).toMatch(/not licensed/);
    expect((await admin.put(`/api/admin/schools/${schoolId}/deadlines/${unlicensed.id}`, body)).status).toBe(403);

    const other = await schoolWithManager(server, 'Elm High');
    expect((await other.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, body)).status).toBe(403);
    expect((await other.client.get(`/api/schools/${schoolId}/training-status`)).status).toBe(403);
    const plain = await learner(server);
    await server.db('schoolMembers').insert({ schoolId, userId: plain.user.id, role: 'member', joinedAt: Date.now() });
    expect((await plain.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, body)).status).toBe(403);
    expect((await server.client().put(`/api/schools/${schoolId}/deadlines/${course.id}`, body)).status).toBe(401);
    expect((await admin.put(`/api/admin/schools/999999/deadlines/${course.id}`, body)).status).toBe(404);
    expect(await server.db('schoolDeadlines').where({ schoolId })).toHaveLength(0);

    // The admin sets it for any school.
    const byAdmin = await admin.put(`/api/admin/schools/${schoolId}/deadlines/${course.id}`, body);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.courses[0].completeBy).toBe('2026-05-01');
  });
});

describe('statuses', () => {
  it('moves each member through not started, in progress, due soon, overdue, completed and renewal due', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, admin, schoolId, course } = await licensedSchool(server);
    const joined = at('2026-01-05');
    const idle = await addMember(server.db, schoolId, joined);
    const started = await addMember(server.db, schoolId, joined);
    const done = await addMember(server.db, schoolId, joined);
    await startCourse(server.db, started.id, course.id);
    await certify(server.db, done.id, course.id, at('2026-02-20'));
    const path = `/api/schools/${schoolId}/training-status?courseId=${course.id}`;

    // No deadline yet.
    let now = await statuses(manager.client, path);
    expect([now[idle.id], now[started.id], now[done.id], now[manager.user.id]]).toEqual(['not_started', 'in_progress', 'completed', 'not_started']);

    expect((await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2026-03-20' })).status).toBe(200);
    now = await statuses(manager.client, path);
    expect([now[idle.id], now[started.id], now[done.id]]).toEqual(['not_started', 'in_progress', 'completed']);

    server.clock.set('2026-03-13T09:00:00Z'); // 7 days left
    now = await statuses(manager.client, path);
    expect([now[idle.id], now[started.id], now[done.id]]).toEqual(['due_soon', 'due_soon', 'completed']);
    server.clock.set('2026-03-20T23:00:00Z'); // the last day
    expect((await statuses(manager.client, path))[idle.id]).toBe('due_soon');
    server.clock.set('2026-03-21T00:00:01Z');
    now = await statuses(manager.client, path);
    expect([now[idle.id], now[started.id], now[done.id]]).toEqual(['overdue', 'overdue', 'completed']);
    // The learner sees their own status and date (the dashboard's "Due …" / "Overdue"), and only theirs.
    const idleBrowser = server.client();
    await signIn(idleBrowser, idle);
    expect((await idleBrowser.get('/api/user/training')).body).toEqual([{ courseId: course.id, status: 'overdue', dueOn: '2026-03-20', expiresOn: null }]);
    // The staff training register carries the same status and date.
    const register = await fetch(`${server.url}/api/schools/${schoolId}/register.xlsx`, { headers: { cookie: manager.client.cookieHeader } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await register.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: unknown[][] = [];
    sheet.eachRow((row, n) => n > 1 && cells.push((row.values as unknown[]).slice(1)));
    // "Due by" is a date cell (issue 34): ExcelJS reads it back as a Date at UTC midnight.
    const dueBy = new Date('2026-03-20T00:00:00Z');
    expect(cells.find((row) => row[1] === idle.email)!.slice(8, 10)).toEqual(['Overdue', dueBy]);
    expect(cells.find((row) => row[1] === done.email)!.slice(8, 10)).toEqual(['Completed', dueBy]);
    const outsider = await learner(server);
    expect((await outsider.client.get('/api/user/training')).body).toEqual([]);

    // A validity of 12 months: the February certificate expires in February 2027.
    expect((await admin.put(`/api/courses/${course.id}`, { validityMonths: 12 })).status).toBe(200);
    server.clock.set('2027-02-19T09:00:00Z');
    expect((await statuses(manager.client, path))[done.id]).toBe('completed');
    server.clock.set('2027-02-21T09:00:00Z');
    expect((await statuses(manager.client, path))[done.id]).toBe('renewal_due');

    const counts = (await manager.client.get(`/api/schools/${schoolId}/deadlines`)).body.counts;
    expect(counts).toEqual({ not_started: 0, in_progress: 0, due_soon: 0, overdue: 3, completed: 0, renewal_due: 1 });
    // The filtered list agrees with the counts, for every status.
    for (const [status, n] of Object.entries(counts)) {
      const filteredList = await manager.client.get(`/api/schools/${schoolId}/training-status?status=${status}`);
      expect([status, filteredList.headers.get('x-total-count')]).toEqual([status, String(n)]);
    }
  });

  it('gives new staff N days from joining when that is later than the date', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server);
    const early = await addMember(server.db, schoolId, at('2026-01-01'));
    const late = await addMember(server.db, schoolId, at('2026-03-01'));
    await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2026-03-10', newStaffDays: 30 });
    const rows = (await manager.client.get(`/api/schools/${schoolId}/training-status?courseId=${course.id}`)).body as Array<{ userId: number; dueOn: string }>;
    expect(rows.find((r) => r.userId === early.id)!.dueOn).toBe('2026-03-10');
    expect(rows.find((r) => r.userId === late.id)!.dueOn).toBe('2026-03-31');
    // Only a number of days: everyone counts from joining.
    await manager.client.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { newStaffDays: 14 });
    const only = (await manager.client.get(`/api/schools/${schoolId}/training-status?courseId=${course.id}`)).body as Array<{ userId: number; dueOn: string }>;
    expect(only.find((r) => r.userId === early.id)!.dueOn).toBe('2026-01-15');
    const overdue = (await manager.client.get(`/api/schools/${schoolId}/training-status?status=overdue`)).body as Array<{ userId: number }>;
    expect(overdue.map((r) => r.userId)).toEqual([early.id]);
  });

  it('pages and filters the list, and counts in a fixed number of queries whatever the number of members', async () => {
    server.clock.set('2026-03-01T09:00:00Z');
    const { manager, schoolId, course } = await licensedSchool(server);
    const members = [];
    for (let i = 0; i < 12; i += 1) members.push(await addMember(server.db, schoolId, at('2026-01-01'), { lastName: `Member ${String(i).padStart(2, '0')}` }));
    for (const member of members.slice(0, 4)) await startCourse(server.db, member.id, course.id);
    const first = await manager.client.get(`/api/schools/${schoolId}/training-status?limit=5&offset=0`);
    expect(first.headers.get('x-total-count')).toBe('13');
    expect(first.body).toHaveLength(5);
    const second = await manager.client.get(`/api/schools/${schoolId}/training-status?limit=5&offset=5`);
    expect(second.body.map((r: { userId: number }) => r.userId)).not.toContain(first.body[0].userId);
    const inProgress = await manager.client.get(`/api/schools/${schoolId}/training-status?status=in_progress`);
    expect(inProgress.headers.get('x-total-count')).toBe('4');
    expect(new Set(inProgress.body.map((r: { status: string }) => r.status))).toEqual(new Set(['in_progress']));
    expect((await manager.client.get(`/api/schools/${schoolId}/training-status?status=lost`)).status).toBe(400);
    expect((await manager.client.get(`/api/schools/${schoolId}/training-status?limit=501`)).status).toBe(400);

    const small = await countQueries(server, () => manager.client.get(`/api/schools/${schoolId}/deadlines`));
    for (let i = 0; i < 20; i += 1) await addMember(server.db, schoolId, at('2026-01-01'));
    const large = await countQueries(server, () => manager.client.get(`/api/schools/${schoolId}/deadlines`));
    expect(large).toBe(small);
  });
});
