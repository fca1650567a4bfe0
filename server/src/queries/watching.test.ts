import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CourseWatchingDto, TrainingStatusRowDto } from '@atrium/common';
import { useTestServer } from '../test/useTestServer.ts';
import { createCourse, createModule } from '../test/factories.ts';
import { inviteToken, learner, schoolWithManager } from '../test/schools.ts';
import { adminClient, trustManagerOf, trustOf } from '../test/trusts.ts';
import type { TestClient } from '../test/client.ts';

// Every report that says what was watched reads queries/watching.ts (issue 36). One school, one
// course of one ten-minute module, three members:
//   - Mark, who played 2 minutes and then marked the module complete (flagged);
//   - Nia, who played 95 % (completed by playing: not flagged);
//   - the manager, who has not started.
const server = useTestServer();

async function sheetRows(client: TestClient, path: string, sheetName?: string): Promise<{ header: unknown[]; rows: unknown[][] }> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: client.cookieHeader } });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = sheetName ? workbook.getWorksheet(sheetName)! : workbook.worksheets[0]!;
  const values = sheet.getSheetValues() as unknown[][];
  return { header: values[1]!.slice(1), rows: values.slice(2).map((row) => row.slice(1)) };
}

async function schoolWithWatchers() {
  const admin = await adminClient(server);
  const manager = await schoolWithManager(server, 'Watching Primary');
  const course = await createCourse(server, { price: 100, title: 'Safeguarding Basics' });
  const module = await createModule(server, course.id, { duration: 600 });
  expect((await admin.post(`/api/admin/schools/${manager.schoolId}/licences`, { courseId: course.id })).status).toBe(200);
  const join = async (firstName: string) => {
    const member = await learner(server, { firstName, lastName: 'Watcher' });
    expect((await member.client.post(`/api/invites/${await inviteToken(manager.client, manager.schoolId)}/accept`)).status).toBe(201);
    expect((await member.client.post('/api/enrollments', { courseId: course.id })).status).toBeLessThan(300);
    return member;
  };
  const mark = await join('Mark');
  const nia = await join('Nia');
  const report = (client: TestClient, body: Record<string, unknown>) => client.post('/api/progress', { moduleId: module.id, courseId: course.id, ...body });
  // Mark: two minutes played, then "Mark as Complete" as the module page sends it.
  expect((await report(mark.client, { watchedDuration: 120, position: 120 })).status).toBe(200);
  expect((await report(mark.client, { watchedDuration: 600, isCompleted: true })).body).toMatchObject({ isCompleted: true, playedSeconds: 120 });
  // Nia: 95 % played, completed automatically.
  expect((await report(nia.client, { watchedDuration: 570, playedSeconds: 570, position: 570 })).body).toMatchObject({ isCompleted: true });
  return { admin, manager, course, module, mark, nia };
}

describe('what was played, in every report', () => {
  it('the admin’s student page: per course and per module, a module marked complete without playing flagged', async () => {
    const { admin, course, module, mark, nia } = await schoolWithWatchers();
    const marked = await admin.get(`/api/admin/students/${mark.user.id}/watching`);
    expect(marked.status).toBe(200);
    expect(marked.body as CourseWatchingDto[]).toEqual([
      {
        courseId: course.id,
        playedSeconds: 120,
        durationSeconds: 600,
        completedWithoutPlaying: 1,
        modules: [
          { moduleId: module.id, title: expect.any(String), durationSeconds: 600, playedSeconds: 120, isCompleted: true, completedWithoutPlaying: true },
        ],
      },
    ]);
    const played = (await admin.get(`/api/admin/students/${nia.user.id}/watching`)).body as CourseWatchingDto[];
    expect(played[0]).toMatchObject({ playedSeconds: 570, completedWithoutPlaying: 0, modules: [{ isCompleted: true, completedWithoutPlaying: false }] });
    expect((await admin.get('/api/admin/students/99999999/watching')).status).toBe(404);
    expect((await admin.get('/api/admin/students/abc/watching')).status).toBe(400);
  });

  it('an enrolled course not started: every module listed with nothing played', async () => {
    const admin = await adminClient(server);
    const course = await createCourse(server, { price: 0 });
    await createModule(server, course.id, { duration: 300 });
    await createModule(server, course.id, { duration: 90 });
    const newcomer = await learner(server);
    expect((await newcomer.client.post('/api/enrollments', { courseId: course.id })).status).toBeLessThan(300);
    const body = (await admin.get(`/api/admin/students/${newcomer.user.id}/watching`)).body as CourseWatchingDto[];
    expect(body).toEqual([expect.objectContaining({ courseId: course.id, playedSeconds: 0, durationSeconds: 390, completedWithoutPlaying: 0 })]);
    expect(body[0]!.modules.map((m) => [m.playedSeconds, m.isCompleted, m.completedWithoutPlaying])).toEqual([
      [0, false, false],
      [0, false, false],
    ]);
  });

  it('the manager’s status list and the staff training register', async () => {
    const { manager, mark, nia } = await schoolWithWatchers();
    const list = await manager.client.get(`/api/schools/${manager.schoolId}/training-status`);
    expect(list.status).toBe(200);
    const byUser = new Map((list.body as TrainingStatusRowDto[]).map((row) => [row.userId, row.watching]));
    expect(byUser.get(mark.user.id)).toEqual({ playedSeconds: 120, durationSeconds: 600, completedWithoutPlaying: 1 });
    expect(byUser.get(nia.user.id)).toEqual({ playedSeconds: 570, durationSeconds: 600, completedWithoutPlaying: 0 });
    expect(byUser.get(manager.user.id)).toEqual({ playedSeconds: 0, durationSeconds: 600, completedWithoutPlaying: 0 });

    const { header, rows } = await sheetRows(manager.client, `/api/schools/${manager.schoolId}/register.xlsx`);
    // The final quiz's two columns and Groups follow (empty here: no quiz, no groups, so each row ends with these three).
    expect(header.slice(-6, -3)).toEqual(['Minutes played', 'Minutes in course', 'Modules completed without playing (<90% played)']);
    const row = (email: string) => rows.find((r) => r[1] === email)!.slice(-3);
    expect(row(mark.user.email)).toEqual([2, 10, 1]);
    expect(row(nia.user.email)).toEqual([9, 10, 0]);
    expect(row(manager.user.email)).toEqual([0, 10, 0]);
  });

  it('the trust’s staff list and register', async () => {
    const { admin, manager, mark, nia } = await schoolWithWatchers();
    const trustId = await trustOf(admin, 'Watching Trust', [manager.schoolId]);
    const trustee = await trustManagerOf(server, admin, trustId);
    const list = await trustee.client.get(`/api/trusts/${trustId}/statuses`);
    expect(list.status).toBe(200);
    const byUser = new Map((list.body as TrainingStatusRowDto[]).map((row) => [row.userId, row.watching]));
    expect(byUser.get(mark.user.id)).toMatchObject({ playedSeconds: 120, completedWithoutPlaying: 1 });
    expect(byUser.get(nia.user.id)).toMatchObject({ playedSeconds: 570, completedWithoutPlaying: 0 });

    const { header, rows } = await sheetRows(trustee.client, `/api/trusts/${trustId}/register.xlsx`, 'Watching Primary');
    // The final quiz's two columns, "Moved here on" and Groups follow (all empty here: no quiz, nobody moved, no groups, so each row ends with these three).
    expect(header.slice(-7, -4)).toEqual(['Minutes played', 'Minutes in course', 'Modules completed without playing (<90% played)']);
    expect(rows.find((r) => r[1] === mark.user.email)!.slice(-3)).toEqual([2, 10, 1]);
    expect(rows.find((r) => r[1] === nia.user.email)!.slice(-3)).toEqual([9, 10, 0]);
  });

  it('the learner’s own data export: played seconds beside SPEC’s watched duration', async () => {
    const { mark, nia } = await schoolWithWatchers();
    expect((await mark.client.get('/api/user/export')).body.progress).toEqual([
      expect.objectContaining({ watchedDuration: 600, playedSeconds: 120, isCompleted: true }),
    ]);
    expect((await nia.client.get('/api/user/export')).body.progress).toEqual([
      expect.objectContaining({ watchedDuration: 570, playedSeconds: 570, isCompleted: true }),
    ]);
  });
});
