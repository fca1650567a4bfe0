import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createCourse, createUser, enroll, signIn } from '../../../test/factories.ts';
import { addMember, certify, licensedSchool, startCourse } from '../../../test/deadlines.ts';
import { learner, schoolWithManager } from '../../../test/schools.ts';
import { adminClient, trustInviteToken, trustManagerOf, trustOf } from '../../../test/trusts.ts';
import { addQuiz, takeQuiz } from '../../../test/quizzes.ts';

const server = useTestServer();
const now = () => server.clock.now().getTime();

describe('an admin building a trust', () => {
  it('creates a trust, attaches existing schools, lists them and detaches one', async () => {
    const admin = await adminClient(server);
    const oak = await schoolWithManager(server, 'Oak Primary');
    const elm = await schoolWithManager(server, 'Elm Academy');
    const created = await admin.post('/api/admin/trusts', { name: '  Greenway Trust ' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Greenway Trust', schoolCount: 0, schools: [], managers: [], invitations: [] });
    const trustId = created.body.id as number;
    expect(created.body.api).toBe(`/api/admin/trusts/${trustId}`);
    await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: oak.schoolId });
    const both = await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: elm.schoolId });
    expect(both.body.schools.map((s: { name: string }) => s.name)).toEqual(['Elm Academy', 'Oak Primary']);
    expect(both.body.schools[0]).toMatchObject({ id: elm.schoolId, members: 1, country: 'GB' });
    // Attaching again is a no-op.
    expect((await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: oak.schoolId })).status).toBe(200);
    const list = await admin.get('/api/admin/trusts');
    expect(list.body).toContainEqual(expect.objectContaining({ id: trustId, name: 'Greenway Trust', schoolCount: 2 }));
    const detached = await admin.delete(`/api/admin/trusts/${trustId}/schools/${oak.schoolId}`);
    expect(detached.status, detached.text).toBe(200);
    expect(detached.body.schools.map((s: { id: number }) => s.id)).toEqual([elm.schoolId]);
    expect((await server.db('schools').where({ id: oak.schoolId }).first())?.trustId).toBeNull();
    // Detaching a school that is not in the trust is a 404.
    expect((await admin.delete(`/api/admin/trusts/${trustId}/schools/${oak.schoolId}`)).status).toBe(404);
  });

  it('creates a school for the trust, in it and licensed for its courses at once, with no manager yet (issue 53)', async () => {
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Willow Learning Trust', []);
    const course = await createCourse(server, { title: 'Trust course' });
    expect((await admin.post(`/api/admin/trusts/${trustId}/licences`, { courseId: course.id })).status).toBe(200);

    const created = await admin.post(`/api/admin/trusts/${trustId}/schools/new`, { name: '  Willow Primary ', country: 'ie' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ id: trustId, schoolCount: 1 });
    expect(created.body.schools).toEqual([expect.objectContaining({ name: 'Willow Primary', country: 'IE', members: 0 })]);
    const schoolId = created.body.schools[0].id as number;
    const row = await server.db('schools').where({ id: schoolId }).first();
    expect(Number(row?.trustId)).toBe(trustId);
    const licence = await server.db('schoolLicences').where({ schoolId, courseId: course.id }).first();
    expect(licence).toMatchObject({ source: 'trust', revokedAt: null });
    // Its page is the admin's like any school's: staff are invited from there.
    expect((await admin.get(`/api/admin/schools/${schoolId}`)).status).toBe(200);
  });

  it('refuses a school for a trust without a name or country (400), for an unknown trust (404), and to anyone but an admin (401, 403)', async () => {
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Hazel Trust', []);
    const before = await server.db('schools').count({ n: '*' }).first();
    const empty = await admin.post(`/api/admin/trusts/${trustId}/schools/new`, { name: '  ', country: 'GB' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toBe('Please enter the school or organisation name');
    const noCountry = await admin.post(`/api/admin/trusts/${trustId}/schools/new`, { name: 'Hazel Primary', country: 'XX' });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.errors.country).toBe("Please choose the school's country");
    expect((await admin.post('/api/admin/trusts/99999999/schools/new', { name: 'Hazel Primary', country: 'GB' })).status).toBe(404);
    expect((await server.client().post(`/api/admin/trusts/${trustId}/schools/new`, { name: 'Hazel Primary', country: 'GB' })).status).toBe(401);
    // The trust's own manager runs the trust but does not create its schools.
    const manager = await trustManagerOf(server, admin, trustId);
    expect((await manager.client.post(`/api/admin/trusts/${trustId}/schools/new`, { name: 'Hazel Primary', country: 'GB' })).status).toBe(403);
    expect(await server.db('schools').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses a school that is in another trust, naming that trust, and changes nothing', async () => {
    const admin = await adminClient(server);
    const oak = await schoolWithManager(server, 'Birch Primary');
    const first = await trustOf(admin, 'North Trust', [oak.schoolId]);
    const second = await trustOf(admin, 'South Trust', []);
    const refused = await admin.post(`/api/admin/trusts/${second}/schools`, { schoolId: oak.schoolId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Birch Primary already belongs to the trust North Trust. A school is in one trust at a time: detach it there first.');
    expect(Number((await server.db('schools').where({ id: oak.schoolId }).first())?.trustId)).toBe(first);
  });

  it('answers bad input with a 4xx naming the field, and unknown trusts and schools with 404', async () => {
    const admin = await adminClient(server);
    const empty = await admin.post('/api/admin/trusts', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('name');
    const long = await admin.post('/api/admin/trusts', { name: 'x'.repeat(201) });
    expect(long.body.errors.name).toBe('Trust name can be at most 200 characters');
    const trustId = await trustOf(admin, 'East Trust', []);
    const noSchool = await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: 99_999_999 });
    expect(noSchool.status).toBe(404);
    expect(noSchool.body.message).toBe('School not found');
    const badId = await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: 'oak' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('schoolId');
    expect((await admin.get('/api/admin/trusts/99999999')).status).toBe(404);
    const badEmail = await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: 'not an address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toHaveProperty('email');
  });
});

describe('trust manager invitations', () => {
  it('mails the invitation; only the invited account accepts it, once, and becomes a manager', async () => {
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'West Trust', []);
    const invitee = await createUser(server.db);
    const invited = await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: invitee.email.toUpperCase() });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.invitations).toEqual([expect.objectContaining({ email: invitee.email, status: 'pending' })]);
    const token = await trustInviteToken(server, invitee.email);
    const mail = await server.db('outbox').where({ toAddress: invitee.email }).orderBy('id', 'desc').first();
    expect(mail?.text).toContain('"West Trust"');
    expect(mail?.subject).not.toContain('West Trust');

    const preview = await server.client().get(`/api/trusts/invites/${token}`);
    expect(preview.body).toEqual({ trustName: 'West Trust', email: invitee.email, problem: null });

    const stranger = await learner(server);
    const wrong = await stranger.client.post(`/api/trusts/invites/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toContain(invitee.email);

    const client = server.client();
    await signIn(client, invitee);
    expect((await client.get('/api/trusts/mine')).body).toEqual({ trust: null });
    const accepted = await client.post(`/api/trusts/invites/${token}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    // With the API root its manager calls the trust's routes under; the admin's is their own.
    expect(accepted.body).toEqual({ trust: { id: trustId, name: 'West Trust', courseIds: [], api: `/api/trusts/${trustId}` } });
    expect((await client.get('/api/trusts/mine')).body).toEqual({ trust: { id: trustId, name: 'West Trust', courseIds: [], api: `/api/trusts/${trustId}` } });
    expect((await client.get(`/api/trusts/${trustId}/groups`)).status).toBe(200);
    // Again: the same answer, nothing more.
    expect((await client.post(`/api/trusts/invites/${token}/accept`)).status).toBe(200);
    expect(await server.db('trustManagers').where({ trustId })).toHaveLength(1);
    expect((await server.client().get(`/api/trusts/invites/${token}`)).body.problem).toBe('This invitation has been used already.');
    const detail = await admin.get(`/api/admin/trusts/${trustId}`);
    expect(detail.body.managers).toEqual([expect.objectContaining({ userId: invitee.id, email: invitee.email })]);
    expect(detail.body.api).toBe(`/api/admin/trusts/${trustId}`);
    expect((await admin.get(`${detail.body.api}/groups`)).status).toBe(200);
    expect(detail.body.invitations).toEqual([]);
    // Inviting a manager again is refused with the reason.
    const again = await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: invitee.email });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${invitee.email} already manages this trust.`);
  });

  it('refuses an expired or withdrawn invitation, and someone who manages another trust', async () => {
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Lake Trust', []);
    const other = await trustOf(admin, 'Hill Trust', []);
    const person = await createUser(server.db);
    await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: person.email });
    const first = await trustInviteToken(server, person.email);
    // A second invitation withdraws the first link.
    const second = await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: person.email });
    expect(second.body.invitations).toHaveLength(1);
    const client = server.client();
    await signIn(client, person);
    const withdrawn = await client.post(`/api/trusts/invites/${first}/accept`);
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.body.message).toBe('This invitation has been withdrawn. Ask for a new one.');
    const latest = await trustInviteToken(server, person.email);
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    const expired = await client.post(`/api/trusts/invites/${latest}/accept`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This invitation has expired. Ask for a new one.');
    expect(await server.db('trustManagers').where({ userId: person.id })).toHaveLength(0);

    const manager = await trustManagerOf(server, admin, other);
    const refused = await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: manager.user.email });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${manager.user.email} already manages another trust. A person manages one trust at a time.`);
    expect((await client.post('/api/trusts/invites/made-up-token-made-up-token/accept')).status).toBe(404);
  });

  it('lets a trust manager invite a colleague, who then manages the same trust', async () => {
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'River Trust', []);
    const manager = await trustManagerOf(server, admin, trustId);
    const colleague = await createUser(server.db);
    const invited = await manager.client.post(`/api/trusts/${trustId}/invitations`, { email: colleague.email });
    expect(invited.status, invited.text).toBe(201);
    const client = server.client();
    await signIn(client, colleague);
    expect((await client.post(`/api/trusts/invites/${await trustInviteToken(server, colleague.email)}/accept`)).status).toBe(200);
    const managers = await manager.client.get(`/api/trusts/${trustId}/managers`);
    expect(managers.body.managers.map((m: { userId: number }) => m.userId).sort()).toEqual([manager.user.id, colleague.id].sort());

    // Inviting someone who manages another trust answers as for anyone: it never tells a trust's
    // manager that the address has an account, nor what it manages. Accepting says why it cannot be.
    const elsewhere = await trustManagerOf(server, admin, await trustOf(admin, 'Lake Trust', []));
    const stranger = await manager.client.post(`/api/trusts/${trustId}/invitations`, { email: 'nobody-yet@school.test' });
    const busy = await manager.client.post(`/api/trusts/${trustId}/invitations`, { email: elsewhere.user.email });
    expect([busy.status, busy.body.message]).toEqual([stranger.status, `Invitation sent to ${elsewhere.user.email}`]);
    const refused = await elsewhere.client.post(`/api/trusts/invites/${await trustInviteToken(server, elsewhere.user.email)}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You already manage another trust. A person manages one trust at a time.');
  });
});

describe('the trust manager’s view', () => {
  async function trustOfTwo() {
    server.clock.set('2026-03-01T09:00:00Z');
    const oak = await licensedSchool(server, 'Oak Primary');
    const elm = await licensedSchool(server, 'Elm Academy');
    const trustId = await trustOf(oak.admin, 'Greenway Trust', [oak.schoolId, elm.schoolId]);
    const manager = await trustManagerOf(server, oak.admin, trustId);
    // Oak: the manager (not started), one who started, one certified; Elm: its manager and one who started.
    const started = await addMember(server.db, oak.schoolId, now(), { firstName: 'Ann', lastName: 'Able' });
    await startCourse(server.db, started.id, oak.course.id);
    const done = await addMember(server.db, oak.schoolId, now(), { firstName: 'Bea', lastName: 'Bold' });
    await certify(server.db, done.id, oak.course.id, now());
    const elmStarted = await addMember(server.db, elm.schoolId, now(), { firstName: 'Cal', lastName: 'Cole' });
    await startCourse(server.db, elmStarted.id, elm.course.id);
    return { oak, elm, trustId, manager, started, done, elmStarted };
  }

  it('shows every school’s counts by status, the totals and the courses', async () => {
    const { oak, elm, trustId, manager } = await trustOfTwo();
    const overview = await manager.client.get(`/api/trusts/${trustId}/overview`);
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body.trust).toEqual({ id: trustId, name: 'Greenway Trust' });
    const byName = Object.fromEntries(overview.body.schools.map((s: { name: string }) => [s.name, s]));
    expect(byName['Oak Primary']).toMatchObject({ schoolId: oak.schoolId, members: 3, counts: { not_started: 1, in_progress: 1, completed: 1, overdue: 0 } });
    // Elm's licence is for its own course: its pairs are Elm's members × Elm's course.
    expect(byName['Elm Academy']).toMatchObject({ schoolId: elm.schoolId, members: 2, counts: { not_started: 1, in_progress: 1, completed: 0 } });
    expect(overview.body.totals).toMatchObject({ not_started: 2, in_progress: 2, completed: 1, due_soon: 0 });
    expect(overview.body.courses.map((c: { id: number }) => c.id).sort()).toEqual([oak.course.id, elm.course.id].sort());
    const oneCourse = await manager.client.get(`/api/trusts/${trustId}/overview?courseId=${elm.course.id}`);
    expect(oneCourse.body.totals).toMatchObject({ not_started: 1, in_progress: 1, completed: 0 });
  });

  it('lists the staff across schools, filtered by school, course and status, paged', async () => {
    const { oak, elm, trustId, manager, started, done, elmStarted } = await trustOfTwo();
    const path = `/api/trusts/${trustId}/statuses`;
    const all = await manager.client.get(path);
    expect(all.headers.get('x-total-count')).toBe('5');
    // By school name (Elm before Oak), then member name.
    expect(all.body[0]).toMatchObject({ schoolId: elm.schoolId, schoolName: 'Elm Academy' });
    const inProgress = await manager.client.get(`${path}?status=in_progress`);
    expect(inProgress.body.map((r: { userId: number }) => r.userId)).toEqual([elmStarted.id, started.id]);
    const oakOnly = await manager.client.get(`${path}?schoolId=${oak.schoolId}&status=completed`);
    expect(oakOnly.body).toEqual([expect.objectContaining({ userId: done.id, courseId: oak.course.id, status: 'completed', schoolName: 'Oak Primary' })]);
    expect(oakOnly.body[0].certificateNumber).toMatch(/^ATR-/);
    const byCourse = await manager.client.get(`${path}?courseId=${elm.course.id}`);
    expect(byCourse.headers.get('x-total-count')).toBe('2');
    const page = await manager.client.get(`${path}?limit=2&offset=4`);
    expect(page.body).toHaveLength(1);
    // Without a status filter the page is chosen by its keys before the statuses are computed:
    // the same rows, in the same order, with the statuses the filtered lists give.
    expect(page.body[0]).toEqual(all.body[4]);
    const statusOf = (userId: number) => all.body.filter((r: { userId: number }) => r.userId === userId).map((r: { status: string }) => r.status);
    expect(statusOf(done.id)).toEqual(['completed']);
    expect([...statusOf(started.id), ...statusOf(elmStarted.id)]).toEqual(['in_progress', 'in_progress']);
    const bad = await manager.client.get(`${path}?status=finished`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('status');
    // A school of another trust named as the filter finds nothing (it is not in this trust).
    const outsider = await schoolWithManager(server, 'Outside School');
    const other = await manager.client.get(`${path}?schoolId=${outsider.schoolId}`);
    expect(other.body).toEqual([]);
  });

  it('downloads the trust register: a summary sheet, then one sheet per school', async () => {
    const { oak: oakSchool, trustId, manager, started } = await trustOfTwo();
    // Oak's course has a final quiz that Ann tried; Elm's has none (its cells stay empty).
    const quiz = await addQuiz(oakSchool.admin, oakSchool.course.id);
    const ann = server.client();
    await signIn(ann, started);
    await enroll(server.db, started.id, oakSchool.course.id);
    await takeQuiz(ann, quiz, 2);
    const response = await fetch(`${server.url}/api/trusts/${trustId}/register.xlsx`, { headers: { cookie: manager.client.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="trust-training-register-2026-03-01.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Elm Academy', 'Oak Primary', 'CPD hours']);
    const summary = workbook.getWorksheet('Summary')!;
    const rows = summary.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => row.slice(1, 3))).toEqual([
      ['Elm Academy', 2],
      ['Oak Primary', 3],
      ['All schools', 5],
    ]);
    // Not started, In progress, …, Completed, Renewal due, pairs, percent completed.
    expect(rows[2]!.slice(3)).toEqual([2, 2, 0, 0, 1, 0, 5, 20]);
    const oak = workbook.getWorksheet('Oak Primary')!;
    expect(oak.getRow(1).getCell(12).value).toBe('Final quiz score (%)');
    expect(oak.getRow(1).getCell(13).value).toBe('Final quiz result');
    const oakRows = (oak.getSheetValues().slice(2) as unknown[][]).map((row) => [row[1], row[4], row[12], row[13]]);
    expect(oakRows).toEqual([
      ['Ann Able', 'In progress', 100, 'Passed (pass mark 80%)'],
      ['Bea Bold', 'Completed', undefined, undefined],
      [expect.any(String), 'Not started', undefined, undefined],
    ]);
    const elmRows = (workbook.getWorksheet('Elm Academy')!.getSheetValues().slice(2) as unknown[][]).map((row) => [row[12], row[13]]);
    expect(elmRows).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });
});

describe('isolation', () => {
  it('keeps every trust route to that trust’s managers: other trusts, school managers, members, admins and unknown ids get 403', async () => {
    const admin = await adminClient(server);
    const oak = await schoolWithManager(server, 'Ash Primary');
    const elm = await schoolWithManager(server, 'Yew Primary');
    const trustId = await trustOf(admin, 'Ash Trust', [oak.schoolId, elm.schoolId]);
    const otherTrust = await trustOf(admin, 'Yew Trust', []);
    const manager = await trustManagerOf(server, admin, trustId);
    const otherManager = await trustManagerOf(server, admin, otherTrust);
    const member = await learner(server);
    await server.db('schoolMembers').insert({ schoolId: oak.schoolId, userId: member.user.id, role: 'member', joinedAt: now() });
    const paths = ['overview', 'statuses', 'managers', 'register.xlsx'].map((p) => `/api/trusts/${trustId}/${p}`);
    for (const path of paths) {
      expect((await manager.client.get(path)).status, path).toBe(200);
      for (const [who, client] of [
        ['other trust', otherManager.client],
        ['school manager', oak.client],
        ['member', member.client],
        ['admin', admin],
      ] as const) {
        expect((await client.get(path)).status, `${who} ${path}`).toBe(403);
      }
      expect((await server.client().get(path)).status).toBe(401);
    }
    // An id that is no trust at all answers exactly like another trust's.
    const unknown = await manager.client.get('/api/trusts/99999999/overview');
    expect(unknown.status).toBe(403);
    expect(unknown.body.message).toBe((await manager.client.get(`/api/trusts/${otherTrust}/overview`)).body.message);
    expect((await manager.client.post(`/api/trusts/${otherTrust}/invitations`, { email: 'x@school.test' })).status).toBe(403);
    // A school manager keeps their own school and never sees the sibling school.
    expect((await oak.client.get(`/api/schools/${oak.schoolId}/members`)).status).toBe(200);
    expect((await oak.client.get(`/api/schools/${elm.schoolId}/members`)).status).toBe(403);
    expect((await oak.client.get(`/api/schools/${elm.schoolId}/register.xlsx`)).status).toBe(403);
    // The trust manager has no school routes by being one.
    expect((await manager.client.get(`/api/schools/${oak.schoolId}/members`)).status).toBe(403);
  });
});
