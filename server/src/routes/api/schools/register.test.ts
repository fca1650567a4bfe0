import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../../../test/server.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, signIn } from '../../../test/factories.ts';
import { invitingSchool, inviteToken, learner, schoolWithManager } from '../../../test/schools.ts';
import type { TestClient } from '../../../test/client.ts';
import { addQuiz, takeQuiz } from '../../../test/quizzes.ts';

const server = useTestServer();
let admin: TestClient;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});

describe('staff training register', () => {
  it('streams member × course rows with completion and certificate, formula-safe', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Register School');
    const course = await createCourse(server, { price: 100, title: 'Safeguarding Video' });
    const module = await createModule(server, course.id);
    await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id });
    const colleague = await learner(server, { firstName: '=HYPERLINK("http://evil.test","x")', lastName: null });
    await colleague.client.post(`/api/invites/${await inviteToken(manager, schoolId)}/accept`);
    const done = await colleague.client.post('/api/progress', {
      moduleId: module.id,
      courseId: course.id,
      watchedDuration: module.duration,
      isCompleted: true,
    });
    expect(done.body.certificateNumber).toBeTruthy();

    const response = await fetch(`${server.url}/api/schools/${schoolId}/register.xlsx`, { headers: { cookie: manager.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="staff-training-register-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Member',
      'Email',
      'Course',
      'Modules completed',
      'Modules in course',
      'Percent',
      'Completed on',
      'Certificate number',
      'Status',
      'Due by',
      'Certificate expires',
      'Minutes played',
      'Minutes in course',
      'Modules completed without playing (<90% played)',
      'Final quiz score (%)',
      'Final quiz result',
      'Groups',
    ]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r[1] === colleague.user.email)!;
    expect(row.slice(0, 6)).toEqual(['=HYPERLINK("http://evil.test","x")', colleague.user.email, 'Safeguarding Video', 1, 1, 100]);
    expect(row[6]).toBeInstanceOf(Date);
    expect(row[7]).toBe(done.body.certificateNumber);
    // No deadline for this course, no validity: completed, nothing due, nothing expiring; marked
    // complete with nothing played, which the last columns say (queries/watching.test.ts has more).
    // The course has no quiz: the quiz columns (the last two) stay empty.
    expect(row.slice(8)).toEqual(['Completed', undefined, undefined, 0, 10, 1]);
    expect([row[14], row[15]]).toEqual([undefined, undefined]);
    expect(sheet.getCell(`A${rows.indexOf(row) + 2}`).formula).toBeUndefined();

    const stranger = await learner(server);
    expect((await stranger.client.get(`/api/schools/${schoolId}/register.xlsx`)).status).toBe(403);
    expect((await server.client().get(`/api/schools/${schoolId}/register.xlsx`)).status).toBe(401);
  });
});

describe('staff training register: a spreadsheet to work in', () => {
  it('the register and "Download my data" share one budget of 60 exports an hour per account (429 with Retry-After); another manager has their own', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const { client: manager, schoolId } = await schoolWithManager(limited, 'Busy Primary');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        statuses.push((await manager.get(`/api/schools/${schoolId}/register.xlsx`)).status);
        statuses.push((await manager.get('/api/user/export')).status);
      }
      expect(statuses.every((status) => status === 200)).toBe(true);
      for (const path of [`/api/schools/${schoolId}/register.xlsx`, '/api/user/export']) {
        const refused = await manager.get(path);
        expect(refused.status, path).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      const other = await schoolWithManager(limited, 'Quiet Primary');
      expect((await other.client.get(`/api/schools/${other.schoolId}/register.xlsx`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('writes dates as date cells, freezes the header row and gives it filter buttons', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Dated Register School');
    const course = await createCourse(server, { price: 100, title: 'Fire Safety' });
    await createModule(server, course.id);
    await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id });
    expect((await manager.put(`/api/schools/${schoolId}/deadlines/${course.id}`, { completeBy: '2031-03-15' })).status).toBe(200);

    const response = await fetch(`${server.url}/api/schools/${schoolId}/register.xlsx`, { headers: { cookie: manager.cookieHeader } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const due = sheet.getCell('J2');
    expect(due.value).toEqual(new Date('2031-03-15T00:00:00Z'));
    expect(due.numFmt).toBe('yyyy-mm-dd');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:Q1');
  });
});

describe('the best score on the final quiz (issue 36)', () => {
  it('shows each member’s best on the course’s final quiz in the status list and the register, and nothing for a course without a quiz', async () => {
    const { client: manager, user: managerUser, schoolId } = await schoolWithManager(server, 'Quiz Register School');
    const quizzed = await createCourse(server, { price: 100, title: 'A Quizzed Course' });
    const first = await createModule(server, quizzed.id);
    await createModule(server, quizzed.id);
    const plain = await createCourse(server, { price: 100, title: 'B Plain Course' });
    await createModule(server, plain.id);
    for (const course of [quizzed, plain]) await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id });
    // A quiz after the first module, and the final one at the end: only the final one is reported.
    const middle = await addQuiz(admin, quizzed.id, { title: 'Midway check', afterModuleId: first.id });
    const final = await addQuiz(admin, quizzed.id);
    const token = await inviteToken(manager, schoolId);
    const ann = await learner(server, { firstName: 'Ann', lastName: 'Able' });
    const bob = await learner(server, { firstName: 'Bob', lastName: 'Best' });
    for (const member of [ann, bob]) await member.client.post(`/api/invites/${token}/accept`);
    await takeQuiz(ann.client, final, 1);
    await takeQuiz(ann.client, final, 0);
    await takeQuiz(bob.client, final, 2);
    await takeQuiz(bob.client, final, 1);
    // The manager tried the midway quiz only: no final score.
    await takeQuiz(manager, middle, 2);

    const list = await manager.get(`/api/schools/${schoolId}/training-status`);
    expect(list.status).toBe(200);
    const of = (userId: number, courseId: number) =>
      list.body.find((row: { userId: number; courseId: number }) => row.userId === userId && row.courseId === courseId);
    expect(of(ann.user.id, quizzed.id).finalQuiz).toEqual({ bestScore: 50, passed: false, passMark: 80 });
    expect(of(bob.user.id, quizzed.id).finalQuiz).toEqual({ bestScore: 100, passed: true, passMark: 80 });
    expect(of(managerUser.id, quizzed.id).finalQuiz).toEqual({ bestScore: null, passed: false, passMark: 80 });
    for (const userId of [ann.user.id, bob.user.id, managerUser.id]) expect(of(userId, plain.id)).not.toHaveProperty('finalQuiz');

    const response = await fetch(`${server.url}/api/schools/${schoolId}/register.xlsx`, { headers: { cookie: manager.cookieHeader } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1)));
    const cells = (email: string, title: string) => {
      const row = rows.find((r) => r[1] === email && r[2] === title)!;
      return [row[14], row[15]];
    };
    expect(cells(ann.user.email, 'A Quizzed Course')).toEqual([50, 'Not passed (pass mark 80%)']);
    expect(cells(bob.user.email, 'A Quizzed Course')).toEqual([100, 'Passed (pass mark 80%)']);
    expect(cells(managerUser.email, 'A Quizzed Course')).toEqual([undefined, undefined]);
    expect(cells(bob.user.email, 'B Plain Course')).toEqual([undefined, undefined]);
  });
});

describe('admin: schools and licences', () => {
  it('lists schools with counts, shows one with members and licences, and grants, revokes and restores', async () => {
    const { client: manager, user, schoolId } = await schoolWithManager(server, 'Zeta Admin School');
    const course = await createCourse(server, { price: 100, title: 'Admin Course' });
    const granted = await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: schoolId, memberCount: 1, licenceCount: 1, members: [{ userId: user.id, email: user.email, role: 'manager' }] });
    expect(granted.body.licences).toEqual([{ courseId: course.id, title: 'Admin Course', source: 'grant', createdAt: expect.any(String), revokedAt: null }]);
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id })).body.licences).toHaveLength(1);

    const list = await admin.get('/api/admin/schools?q=Zeta');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body).toEqual([expect.objectContaining({ id: schoolId, name: 'Zeta Admin School', memberCount: 1, licenceCount: 1 })]);
    expect((await admin.get('/api/admin/schools?q=%25')).body).toEqual([]);

    expect((await admin.post(`/api/admin/schools/${schoolId}/licences/${course.id}/revoke`)).body.licenceCount).toBe(0);
    expect((await admin.get(`/api/admin/schools/${schoolId}`)).body.licences[0].revokedAt).toBeTruthy();
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences/${course.id}/restore`)).body.licenceCount).toBe(1);

    expect((await admin.get('/api/admin/schools/999999')).status).toBe(404);
    expect((await admin.post('/api/admin/schools/999999/licences', { courseId: course.id })).status).toBe(404);
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: 999999 })).status).toBe(404);
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences/999999/revoke`)).status).toBe(404);
    expect((await admin.post(`/api/admin/schools/${schoolId}/licences`, {})).status).toBe(400);
    expect((await manager.get('/api/admin/schools')).status).toBe(403);
    expect((await manager.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id })).status).toBe(403);
  });
});

describe('inviting colleagues by e-mail', () => {
  it('mails each named colleague a link of their own, tied to their address, validates the list and is rate limited', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const { client: manager, schoolId } = await invitingSchool(limited);
      const sent = await manager.post(`/api/schools/${schoolId}/invites/email`, { emails: ['a@oak.test', 'B@oak.test', 'a@oak.test'] });
      expect(sent.status).toBe(200);
      expect(sent.body.sent).toBe(2);
      const mails = await limited.db('outbox').whereIn('toAddress', ['a@oak.test', 'b@oak.test']).orderBy('toAddress');
      expect(mails).toHaveLength(2);
      const token = /join\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
      expect(/join\?token=([A-Za-z0-9_-]+)/.exec(mails[1]!.text)![1]).not.toBe(token);
      // a@'s link is a@'s: someone else signed in cannot use it, a@ can.
      const colleague = await learner(limited);
      const refused = await colleague.client.post(`/api/invites/${token}/accept`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('This invitation was sent to a@oak.test');
      const invitee = await learner(limited, { email: 'a@oak.test' });
      expect((await invitee.client.post(`/api/invites/${token}/accept`)).status).toBe(201);

      const tooMany = Array.from({ length: 51 }, (_, i) => `t${i}@oak.test`);
      expect((await manager.post(`/api/schools/${schoolId}/invites/email`, { emails: tooMany })).status).toBe(400);
      expect((await manager.post(`/api/schools/${schoolId}/invites/email`, { emails: ['not-an-address'] })).status).toBe(400);
      let last = 200;
      for (let i = 0; i < 12 && last !== 429; i++) last = (await manager.post(`/api/schools/${schoolId}/invites/email`, { emails: ['c@oak.test'] })).status;
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
