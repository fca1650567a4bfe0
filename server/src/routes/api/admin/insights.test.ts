import type { CourseInsightsDto, QuizEditDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';
import { describe, expect, it } from 'vitest';
import { rollUpInsights } from '../../../commands/insightsRollup.ts';
import { weekStartOf } from '../../../queries/insights.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import { addMember, certify } from '../../../test/deadlines.ts';
import { learner, schoolWithManager } from '../../../test/schools.ts';
import { adminClient, trustManagerOf, trustOf } from '../../../test/trusts.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

async function admin(): Promise<TestClient> {
  const client = server.client();
  await signIn(client, await createAdmin(server.db));
  return client;
}

async function signedIn(user: UserRow): Promise<TestClient> {
  const client = server.client();
  await signIn(client, user);
  return client;
}

async function report(client: TestClient, body: Record<string, unknown>): Promise<void> {
  const response = await client.post('/api/progress', body);
  expect(response.status, response.text).toBe(200);
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('retention counters', () => {
  it('counts each learner once per 10-second bucket, from the buckets each report names', async () => {
    const course = await createCourse(server, { price: 0 });
    // 95 seconds: ten buckets, the last one five seconds long.
    const module = await createModule(server, course.id, { duration: 95 });
    const [ada, ben, cy, dee, eve] = await Promise.all([
      createUser(server.db),
      createUser(server.db),
      createUser(server.db),
      createUser(server.db),
      createUser(server.db),
    ]);
    for (const user of [ada, ben, cy, dee, eve]) await enroll(server.db, user.id, course.id);
    const base = { moduleId: module.id, courseId: course.id };

    // Ada watches 0–40 s over two reports, then watches 10–20 s again: counted once.
    const adaClient = await signedIn(ada);
    await report(adaClient, { ...base, watchedDuration: 20, position: 20, playedBuckets: [0, 1] });
    await report(adaClient, { ...base, watchedDuration: 40, position: 40, playedBuckets: [2, 3] });
    await report(adaClient, { ...base, watchedDuration: 40, position: 20, playedBuckets: [1] });
    // Ben skips ahead to 60 s and watches to the end; a bucket past the end is dropped.
    await report(await signedIn(ben), { ...base, watchedDuration: 35, position: 95, playedBuckets: [6, 7, 8, 9, 10, 40] });
    // Cy's player is an old one: seconds only, no buckets. Stored, not a viewer.
    await report(await signedIn(cy), { ...base, watchedDuration: 30, position: 30 });
    // Eve marks it complete without playing it: the whole duration as watched seconds, at 0:00.
    await report(await signedIn(eve), { ...base, watchedDuration: 95, position: 0, isCompleted: true });
    // Dee is not enrolled in another course's module: refused, nothing counted.
    const other = await createCourse(server, { price: 0 });
    const otherModule = await createModule(server, other.id, { duration: 95 });
    const refused = await (
      await signedIn(dee)
    ).post('/api/progress', { moduleId: otherModule.id, courseId: other.id, watchedDuration: 10, playedBuckets: [0] });
    expect(refused.status).toBe(403);

    const agency = await admin();
    // The mean resume point comes from the hourly rollup: none before its first run.
    const before = await agency.get(`/api/admin/insights/modules/${module.id}/retention`);
    expect((before.body as RetentionDto).averagePosition).toBeNull();
    await rollUpInsights(server.db, server.clock.now().getTime());
    const response = await agency.get(`/api/admin/insights/modules/${module.id}/retention`);
    expect(response.status, response.text).toBe(200);
    const retention = response.body as RetentionDto;
    expect(retention.viewers).toBe(2);
    expect(retention.buckets.map((bucket) => bucket.viewers)).toEqual([1, 1, 1, 1, 0, 0, 1, 1, 1, 1]);
    expect(retention.buckets.map((bucket) => bucket.startSecond)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(retention.buckets[0]!.share).toBe(0.5);
    // Resume points of those who played some: Ada 20, Ben 95 (clamped to the duration), Cy 30; not
    // Eve, who played none of it.
    expect(retention.averagePosition).toBe(Math.round(((20 + 95 + 30) / 3) * 10) / 10);
    // The users were created at once, so either may have the lower id.
    const expected = [
      { userId: ada.id, word: 0, bits: 0b1111 },
      { userId: ben.id, word: 0, bits: 0b1111000000 },
    ].sort((a, b) => a.userId - b.userId);
    expect(await server.db('progressBuckets').where({ moduleId: module.id }).orderBy('userId').select('userId', 'word', 'bits')).toEqual(expected);
    expect(await server.db('moduleBuckets').where({ moduleId: otherModule.id })).toEqual([]);
  });

  it('keeps a learner to one count across mask words and repeated reports, and refuses malformed buckets naming the field', async () => {
    const course = await createCourse(server, { price: 0 });
    const module = await createModule(server, course.id, { duration: 3600 });
    const { client, user } = await learner(server);
    await enroll(server.db, user.id, course.id);
    const base = { moduleId: module.id, courseId: course.id };
    await report(client, { ...base, watchedDuration: 10, position: 10, playedBuckets: [31, 32, 100] });
    await report(client, { ...base, watchedDuration: 10, position: 10, playedBuckets: [31, 32, 100, 359] });
    const retention = (await (await admin()).get(`/api/admin/insights/modules/${module.id}/retention`)).body as RetentionDto;
    expect(retention.viewers).toBe(1);
    expect(retention.buckets).toHaveLength(360);
    expect(retention.buckets.filter((bucket) => bucket.viewers > 0).map((bucket) => [bucket.startSecond, bucket.viewers])).toEqual([
      [310, 1],
      [320, 1],
      [1000, 1],
      [3590, 1],
    ]);

    for (const playedBuckets of [[-1], [8640], [1.5], 'all', Array.from({ length: 361 }, (_, bucket) => bucket)]) {
      const response = await client.post('/api/progress', { ...base, watchedDuration: 10, playedBuckets });
      expect(response.status, JSON.stringify(playedBuckets)).toBe(400);
      expect(Object.keys(response.body.errors ?? {})[0]).toMatch(/^playedBuckets/);
    }
  });

  it('answers an empty curve for a module nobody watched, 404 for an unknown one, and only to admins', async () => {
    const course = await createCourse(server, { price: 0 });
    const module = await createModule(server, course.id, { duration: 25 });
    const client = await admin();
    const response = await client.get(`/api/admin/insights/modules/${module.id}/retention`);
    expect(response.body).toEqual({
      module: { id: module.id, courseId: course.id, title: 'Module 1', duration: 25 },
      viewers: 0,
      averagePosition: null,
      buckets: [0, 10, 20].map((startSecond) => ({ startSecond, viewers: 0, share: 0 })),
    });
    expect((await client.get('/api/admin/insights/modules/999999/retention')).status).toBe(404);
    expect((await (await learner(server)).client.get(`/api/admin/insights/modules/${module.id}/retention`)).status).toBe(403);
    expect((await server.client().get(`/api/admin/insights/modules/${module.id}/retention`)).status).toBe(401);
  });
});

describe('GET /api/admin/insights/courses/:courseId', () => {
  it('counts the funnel and each module’s completions, including a learner who skipped ahead and after a module is deleted', async () => {
    const course = await createCourse(server, { price: 0, title: 'Safeguarding' });
    const modules = [await createModule(server, course.id), await createModule(server, course.id), await createModule(server, course.id)];
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(server.db)));
    const [none, one, two, all, skipper, watcher] = users as [UserRow, UserRow, UserRow, UserRow, UserRow, UserRow];
    for (const user of users) await enroll(server.db, user.id, course.id);
    const complete = async (user: UserRow, indexes: number[]) => {
      const client = await signedIn(user);
      for (const index of indexes) await report(client, { moduleId: modules[index]!.id, courseId: course.id, watchedDuration: 600, isCompleted: true });
    };
    await complete(one, [0]);
    await complete(two, [0, 1]);
    await complete(all, [0, 1, 2]);
    await complete(skipper, [2]);
    await report(await signedIn(watcher), { moduleId: modules[0]!.id, courseId: course.id, watchedDuration: 30 });
    void none;

    const client = await admin();
    const before = (await client.get(`/api/admin/insights/courses/${course.id}`)).body as CourseInsightsDto;
    // Half way is at least half the steps: 2 of 3 yes, 1 of 3 no.
    expect(before.funnel).toEqual({ steps: 3, enrolled: 6, started: 5, halfWay: 2, completed: 1, certified: 1 });
    expect(before.course).toEqual({ id: course.id, title: 'Safeguarding' });
    expect(before.steps.map((step) => [step.kind, step.id, step.completed, step.rate])).toEqual([
      ['video', modules[0]!.id, 3, 3 / 6],
      ['video', modules[1]!.id, 2, 2 / 6],
      ['video', modules[2]!.id, 2, 2 / 6],
    ]);

    expect((await client.delete(`/api/modules/${modules[1]!.id}`)).status).toBe(200);
    const after = (await client.get(`/api/admin/insights/courses/${course.id}`)).body as CourseInsightsDto;
    // Two steps now: one, two (module 1 left of its two) and the skipper are half way; all has both.
    expect(after.funnel).toEqual({ steps: 2, enrolled: 6, started: 5, halfWay: 4, completed: 1, certified: 1 });
    expect(after.steps.map((step) => [step.id, step.completed])).toEqual([
      [modules[0]!.id, 3],
      [modules[2]!.id, 2],
    ]);
  });

  it('counts knowledge checks as steps: passed ones complete a step, any attempt is a start, a deleted quiz stops counting', async () => {
    const client = await admin();
    const course = await createCourse(server, { price: 0 });
    const [first, second] = [await createModule(server, course.id), await createModule(server, course.id)];
    const created = await client.post<QuizEditDto>(`/api/courses/${course.id}/quizzes`, {
      title: 'Check',
      afterModuleId: first.id,
      questions: [
        {
          type: 'truefalse',
          prompt: 'Photos of pupils need consent.',
          explanation: null,
          options: [
            { text: 'True', correct: true },
            { text: 'False', correct: false },
          ],
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const quiz = created.body;
    const answer = (right: boolean) => ({
      answers: [{ questionId: quiz.questions[0]!.id, optionIds: [quiz.questions[0]!.options.find((option) => option.correct === right)!.id!] }],
    });
    const [all, failed, quizOnly, none] = await Promise.all(Array.from({ length: 4 }, () => createUser(server.db)));
    for (const user of [all, failed, quizOnly, none]) await enroll(server.db, user!.id, course.id);
    const allClient = await signedIn(all!);
    for (const module of [first, second]) await report(allClient, { moduleId: module.id, courseId: course.id, watchedDuration: 600, isCompleted: true });
    expect((await allClient.post(`/api/quizzes/${quiz.id}/attempts`, answer(true))).status).toBe(201);
    const failedClient = await signedIn(failed!);
    await report(failedClient, { moduleId: first.id, courseId: course.id, watchedDuration: 600, isCompleted: true });
    expect((await failedClient.post(`/api/quizzes/${quiz.id}/attempts`, answer(false))).status).toBe(201);
    // Skipped straight to the check, and passed it: a start and one step of three.
    expect((await (await signedIn(quizOnly!)).post(`/api/quizzes/${quiz.id}/attempts`, answer(true))).status).toBe(201);

    const read = (await client.get(`/api/admin/insights/courses/${course.id}`)).body as CourseInsightsDto;
    // Three steps; half way is two of them: only "all" (failed has one, quizOnly one).
    expect(read.funnel).toEqual({ steps: 3, enrolled: 4, started: 3, halfWay: 1, completed: 1, certified: 1 });
    expect(read.steps.map((step) => [step.kind, step.id, step.completed, step.rate])).toEqual([
      ['video', first.id, 2, 2 / 4],
      ['quiz', quiz.id, 2, 2 / 4],
      ['video', second.id, 1, 1 / 4],
    ]);
    expect(read.steps[1]!.title).toBe('Check');

    // A school's view counts only its members' results.
    const { schoolId } = await schoolWithManager(server);
    await server.db('schoolMembers').insert({ schoolId, userId: quizOnly!.id, role: 'member', joinedAt: Date.now() });
    const narrowed = (await client.get(`/api/admin/insights/courses/${course.id}?schoolId=${schoolId}`)).body as CourseInsightsDto;
    expect(narrowed.funnel).toEqual({ steps: 3, enrolled: 1, started: 1, halfWay: 0, completed: 0, certified: 0 });
    expect(narrowed.steps.map((step) => step.completed)).toEqual([0, 1, 0]);

    expect((await client.delete(`/api/courses/${course.id}/quizzes/${quiz.id}`)).status).toBe(204);
    const after = (await client.get(`/api/admin/insights/courses/${course.id}`)).body as CourseInsightsDto;
    expect(after.funnel).toEqual({ steps: 2, enrolled: 4, started: 2, halfWay: 2, completed: 1, certified: 1 });
    expect(after.steps.map((step) => step.kind)).toEqual(['video', 'video']);
  });

  it('counts assignments as steps: completed ones (approved, or submitted without approval) complete a step, any submission is a start', async () => {
    const client = await admin();
    const course = await createCourse(server, { price: 0 });
    const module = await createModule(server, course.id);
    const assignment = async (title: string, approvalRequired: boolean) => {
      const created = await client.post<{ id: number }>(`/api/courses/${course.id}/assignments`, {
        title,
        instructions: 'Share a link to your work.',
        afterModuleId: null,
        accepts: ['link'],
        maxFiles: 1,
        approvalRequired,
      });
      expect(created.status, created.text).toBe(201);
      return created.body.id;
    };
    const reviewed = await assignment('Photos for review', true);
    const open = await assignment('Podcast link', false);
    const submit = async (learner: TestClient, assignmentId: number) => {
      expect((await learner.patch(`/api/assignments/${assignmentId}/draft`, { link: 'https://example.org/work' })).status).toBe(200);
      expect((await learner.post(`/api/assignments/${assignmentId}/submit`)).status).toBe(200);
    };
    const [all, waiting, none] = await Promise.all(Array.from({ length: 3 }, () => createUser(server.db)));
    for (const user of [all, waiting, none]) await enroll(server.db, user!.id, course.id);
    const allClient = await signedIn(all!);
    await report(allClient, { moduleId: module.id, courseId: course.id, watchedDuration: 600, isCompleted: true });
    await submit(allClient, open);
    await submit(allClient, reviewed);
    const submission = await server.db('submissions').where({ userId: all!.id, assignmentId: reviewed }).first('id');
    expect((await client.post(`/api/admin/reviews/${submission!.id}`, { decision: 'approve' })).status).toBe(200);
    // Submitted for review, not yet reviewed: a start, not a step done.
    await submit(await signedIn(waiting!), reviewed);

    const read = (await client.get(`/api/admin/insights/courses/${course.id}`)).body as CourseInsightsDto;
    // Three steps; half way is two: only "all" (waiting has none done).
    expect(read.funnel).toEqual({ steps: 3, enrolled: 3, started: 2, halfWay: 1, completed: 1, certified: 1 });
    expect(read.steps.map((step) => [step.kind, step.id, step.completed])).toEqual([
      ['video', module.id, 1],
      ['assignment', reviewed, 1],
      ['assignment', open, 1],
    ]);
    expect(read.steps[1]!.title).toBe('Photos for review');
  });

  it('answers zeros for an empty course, narrows to the date range and a school, and refuses bad input', async () => {
    const client = await admin();
    const empty = await createCourse(server, { price: 0 });
    const response = await client.get(`/api/admin/insights/courses/${empty.id}?from=2026-01-01&to=2026-03-31`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      range: { from: '2026-01-01', to: '2026-03-31' },
      funnel: { steps: 0, enrolled: 0, started: 0, halfWay: 0, completed: 0, certified: 0 },
      steps: [],
    });

    const course = await createCourse(server, { price: 0 });
    await createModule(server, course.id);
    const { schoolId } = await schoolWithManager(server, 'Oak Academy');
    const member = await addMember(server.db, schoolId, Date.now());
    const outsider = await createUser(server.db);
    const early = await createUser(server.db);
    const now = server.clock.now().getTime();
    await server.db('enrollments').insert([
      { userId: member.id, courseId: course.id, source: 'admin', enrolledAt: now - 10 * DAY },
      { userId: outsider.id, courseId: course.id, source: 'admin', enrolledAt: now - 10 * DAY },
      { userId: early.id, courseId: course.id, source: 'admin', enrolledAt: now - 400 * DAY },
    ]);
    const funnel = async (query: string) => ((await client.get(`/api/admin/insights/courses/${course.id}${query}`)).body as CourseInsightsDto).funnel.enrolled;
    // Default range: the last 12 months.
    expect(await funnel('')).toBe(2);
    expect(await funnel(`?from=${day(now - 500 * DAY)}`)).toBe(3);
    expect(await funnel(`?schoolId=${schoolId}`)).toBe(1);

    expect((await client.get('/api/admin/insights/courses/999999')).status).toBe(404);
    const reversed = await client.get(`/api/admin/insights/courses/${course.id}?from=2026-03-01&to=2026-01-01`);
    expect([reversed.status, Object.keys(reversed.body.errors)]).toEqual([400, ['from']]);
    const notADate = await client.get(`/api/admin/insights/courses/${course.id}?to=2026-02-30`);
    expect([notADate.status, Object.keys(notADate.body.errors)]).toEqual([400, ['to']]);
    expect((await (await learner(server)).client.get(`/api/admin/insights/courses/${course.id}`)).status).toBe(403);
  });
});

describe('GET /api/admin/insights/weekly', () => {
  it('reads the rollup: enrollments, completions, certificates per week, revenue per currency, every week of the range present', async () => {
    const now = server.clock.now().getTime();
    const thisWeek = weekStartOf(now);
    const lastWeek = thisWeek - WEEK;
    const course = await createCourse(server, { price: 0 });
    const gone = await createCourse(server, { price: 0 });
    const { schoolId } = await schoolWithManager(server, 'Elm Primary');
    const member = await addMember(server.db, schoolId, now);
    const [ada, ben] = [await createUser(server.db), await createUser(server.db)];
    await server.db('enrollments').insert([
      { userId: member.id, courseId: course.id, source: 'admin', enrolledAt: lastWeek + DAY },
      { userId: ada.id, courseId: course.id, source: 'admin', enrolledAt: lastWeek + 2 * DAY },
      { userId: ben.id, courseId: course.id, source: 'admin', enrolledAt: thisWeek },
      { userId: ben.id, courseId: gone.id, source: 'admin', enrolledAt: thisWeek },
    ]);
    await certify(server.db, member.id, course.id, thisWeek + 1);
    const revoked = await certify(server.db, ada.id, course.id, thisWeek + 2);
    await server.db('certificates').where({ certificateNumber: revoked }).update({ revokedAt: now });
    const paid = { courseId: course.id, provider: 'stripe', amountRefunded: 0, status: 'succeeded', createdAt: now, updatedAt: now };
    await server.db('payments').insert([
      { ...paid, userId: ada.id, amount: 4900, currency: 'GBP', paidAt: lastWeek + DAY, providerReference: 'pi_a' },
      { ...paid, userId: ben.id, amount: 5900, currency: 'USD', paidAt: lastWeek + DAY, providerReference: 'pi_b' },
      { ...paid, userId: member.id, amount: 4900, amountRefunded: 900, currency: 'GBP', paidAt: lastWeek + 3 * DAY, providerReference: 'pi_c' },
      { ...paid, userId: ben.id, amount: 100, currency: 'GBP', status: 'failed', paidAt: null, providerReference: 'pi_d' },
    ]);
    await rollUpInsights(server.db, now);
    // The course deleted after the rollup: its row stays, the chart leaves it out.
    expect((await (await admin()).delete(`/api/courses/${gone.id}`)).status).toBe(200);

    const client = await admin();
    const response = await client.get(`/api/admin/insights/weekly?from=${day(lastWeek - WEEK)}&to=${day(now)}&courseId=${course.id}`);
    expect(response.status, response.text).toBe(200);
    const weekly = response.body as WeeklyInsightsDto;
    expect(weekly.weeks).toEqual([
      { week: day(lastWeek - WEEK), enrollments: 0, completions: 0, certificates: 0 },
      { week: day(lastWeek), enrollments: 2, completions: 0, certificates: 0 },
      { week: day(thisWeek), enrollments: 1, completions: 2, certificates: 1 },
    ]);
    expect(weekly.revenue).toEqual([
      { week: day(lastWeek), currency: 'GBP', amount: 4900 + 4000 },
      { week: day(lastWeek), currency: 'USD', amount: 5900 },
    ]);

    const school = (await client.get(`/api/admin/insights/weekly?from=${day(lastWeek)}&to=${day(now)}&schoolId=${schoolId}`)).body as WeeklyInsightsDto;
    const deleted = (await client.get(`/api/admin/insights/weekly?from=${day(lastWeek)}&to=${day(now)}&courseId=${gone.id}`)).body as WeeklyInsightsDto;
    expect(deleted.weeks.map((week) => week.enrollments)).toEqual([0, 0]);
    expect(school.weeks.map((week) => [week.enrollments, week.completions, week.certificates])).toEqual([
      [1, 0, 0],
      [0, 1, 1],
    ]);
    expect(school.revenue).toEqual([{ week: day(lastWeek), currency: 'GBP', amount: 4000 }]);

    // A second run rewrites the same weeks: nothing counted twice.
    await rollUpInsights(server.db, now);
    expect(
      ((await client.get(`/api/admin/insights/weekly?from=${day(lastWeek)}&to=${day(now)}&courseId=${course.id}`)).body as WeeklyInsightsDto).weeks[0]!
        .enrollments,
    ).toBe(2);
  });
});

describe('when the weekly figures were brought up to date (issue 53 item 11)', () => {
  it('says when the rollup job last finished, null before it ever has, for the admin and a school’s managers alike', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Rowan Academy');
    const client = await admin();
    await server.db('schedulerJobs').where({ name: 'insights-rollup' }).delete();
    expect(((await client.get('/api/admin/insights/weekly')).body as WeeklyInsightsDto).updatedAt).toBeNull();
    server.clock.set('2026-05-13T09:00:00Z');
    const ran = await client.post('/api/admin/scheduler/insights-rollup/run');
    expect(ran.status, ran.text).toBe(200);
    server.clock.set('2026-05-13T09:14:00Z');
    // The run's own finish, by the server's clock (which moves on a few milliseconds during it), not the time of asking.
    const updatedAt = ((await client.get('/api/admin/insights/weekly')).body as WeeklyInsightsDto).updatedAt!;
    expect(Date.parse(updatedAt) - Date.parse('2026-05-13T09:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(updatedAt) - Date.parse('2026-05-13T09:00:00Z')).toBeLessThan(60_000);
    expect(((await manager.get(`/api/schools/${schoolId}/insights/weekly`)).body as WeeklyInsightsDto).updatedAt).toBe(updatedAt);
    server.clock.reset();
  });
});

describe('a school’s Insights', () => {
  it('shows its managers their own staff only, and refuses everyone else', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Birch Academy');
    const other = await schoolWithManager(server, 'Ash Academy');
    const course = await createCourse(server, { price: 0 });
    const module = await createModule(server, course.id);
    const now = server.clock.now().getTime();
    const ours = await addMember(server.db, schoolId, now);
    const theirs = await addMember(server.db, other.schoolId, now);
    const nobody = await createUser(server.db);
    await server.db('schoolLicences').insert({ schoolId, courseId: course.id, source: 'grant', createdAt: now });
    for (const user of [ours, theirs, nobody]) {
      await server.db('enrollments').insert({ userId: user.id, courseId: course.id, source: 'admin', enrolledAt: now - DAY });
      await report(await signedIn(user), { moduleId: module.id, courseId: course.id, watchedDuration: 600, isCompleted: true });
    }
    await rollUpInsights(server.db, now);

    const funnel = await manager.get(`/api/schools/${schoolId}/insights/courses/${course.id}`);
    expect(funnel.status, funnel.text).toBe(200);
    expect((funnel.body as CourseInsightsDto).funnel).toEqual({ steps: 1, enrolled: 1, started: 1, halfWay: 1, completed: 1, certified: 1 });
    expect((funnel.body as CourseInsightsDto).steps.map((row) => row.completed)).toEqual([1]);
    const weekly = await manager.get(`/api/schools/${schoolId}/insights/weekly?from=${day(now - 14 * DAY)}`);
    expect(weekly.status, weekly.text).toBe(200);
    const body = weekly.body as WeeklyInsightsDto;
    expect(body.revenue).toBeUndefined();
    expect(body.weeks.reduce((sum, week) => sum + week.enrollments, 0)).toBe(1);
    expect(body.weeks.reduce((sum, week) => sum + week.completions, 0)).toBe(1);

    const member = await signedIn(ours);
    for (const path of [`/api/schools/${schoolId}/insights/weekly`, `/api/schools/${schoolId}/insights/courses/${course.id}`]) {
      expect((await other.client.get(path)).status).toBe(403);
      expect((await member.get(path)).status).toBe(403);
      expect((await server.client().get(path)).status).toBe(401);
    }
    expect((await manager.get(`/api/schools/999999/insights/weekly`)).status).toBe(403);
    expect((await manager.get(`/api/schools/${schoolId}/insights/courses/999999`)).status).toBe(404);
    // A course the school holds no licence for is unknown here: a member's own purchase is theirs.
    const bought = await createCourse(server, { price: 0 });
    await server.db('enrollments').insert({ userId: ours.id, courseId: bought.id, source: 'payment', enrolledAt: now });
    for (const path of [`/api/schools/${schoolId}/insights/courses/${bought.id}`, `/api/schools/${schoolId}/insights/weekly?courseId=${bought.id}`]) {
      const unknown = await manager.get(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body.message).toBe('Course not found');
    }
  });
});

describe('a trust’s Insights', () => {
  it('counts the staff of the trust’s schools (or one of them) only, and refuses everyone else', async () => {
    const admin = await adminClient(server);
    const birch = await schoolWithManager(server, 'Birch Academy');
    const oak = await schoolWithManager(server, 'Oak Academy');
    const elsewhere = await schoolWithManager(server, 'Elm Academy');
    const trustId = await trustOf(admin, 'Forest Trust', [birch.schoolId, oak.schoolId]);
    const otherTrustId = await trustOf(admin, 'River Trust', [elsewhere.schoolId]);
    const { client: trustee } = await trustManagerOf(server, admin, trustId);
    const { client: otherTrustee } = await trustManagerOf(server, admin, otherTrustId);
    const course = await createCourse(server, { price: 0 });
    const module = await createModule(server, course.id);
    const now = server.clock.now().getTime();
    const atBirch = await addMember(server.db, birch.schoolId, now);
    const atOak = await addMember(server.db, oak.schoolId, now);
    const atElm = await addMember(server.db, elsewhere.schoolId, now);
    const alone = await createUser(server.db);
    for (const school of [birch, oak])
      await server.db('schoolLicences').insert({ schoolId: school.schoolId, courseId: course.id, source: 'grant', createdAt: now });
    for (const user of [atBirch, atOak, atElm, alone]) {
      await server.db('enrollments').insert({ userId: user.id, courseId: course.id, source: 'admin', enrolledAt: now - DAY });
      if (user !== atOak) await report(await signedIn(user), { moduleId: module.id, courseId: course.id, watchedDuration: 600, isCompleted: true });
    }
    await rollUpInsights(server.db, now);

    const funnel = await trustee.get(`/api/trusts/${trustId}/insights/courses/${course.id}`);
    expect(funnel.status, funnel.text).toBe(200);
    expect((funnel.body as CourseInsightsDto).funnel).toEqual({ steps: 1, enrolled: 2, started: 1, halfWay: 1, completed: 1, certified: 1 });
    const oakOnly = await trustee.get(`/api/trusts/${trustId}/insights/courses/${course.id}?schoolId=${oak.schoolId}`);
    expect((oakOnly.body as CourseInsightsDto).funnel).toMatchObject({ enrolled: 1, completed: 0 });
    expect((oakOnly.body as CourseInsightsDto).steps.map((row) => row.completed)).toEqual([0]);

    const weekly = await trustee.get(`/api/trusts/${trustId}/insights/weekly?from=${day(now - 14 * DAY)}&courseId=${course.id}`);
    expect(weekly.status, weekly.text).toBe(200);
    const body = weekly.body as WeeklyInsightsDto;
    expect(body.revenue).toBeUndefined();
    expect(body.weeks.reduce((sum, week) => sum + week.enrollments, 0)).toBe(2);
    expect(body.weeks.reduce((sum, week) => sum + week.completions, 0)).toBe(1);

    // A school of another trust is not one of this trust's: unknown here, never its figures.
    for (const path of [
      `/api/trusts/${trustId}/insights/weekly?schoolId=${elsewhere.schoolId}`,
      `/api/trusts/${trustId}/insights/courses/${course.id}?schoolId=${elsewhere.schoolId}`,
    ]) {
      const unknown = await trustee.get(path);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('That school is not in this trust');
      // The trust's managers are asked first (trustInsightsReader narrows trustManager): anyone else is refused as before.
      expect((await otherTrustee.get(path)).status).toBe(403);
      expect((await server.client().get(path)).status).toBe(401);
    }
    // Another trust's manager, a school manager of the trust, a member, an admin and a visitor are refused.
    for (const path of [`/api/trusts/${trustId}/insights/weekly`, `/api/trusts/${trustId}/insights/courses/${course.id}`]) {
      expect((await otherTrustee.get(path)).status).toBe(403);
      expect((await birch.client.get(path)).status).toBe(403);
      expect((await (await signedIn(atBirch)).get(path)).status).toBe(403);
      expect((await admin.get(path)).status).toBe(403);
      expect((await server.client().get(path)).status).toBe(401);
    }
    expect((await trustee.get(`/api/trusts/${trustId}/insights/courses/999999`)).status).toBe(404);
    expect((await trustee.get(`/api/trusts/${trustId}/insights/weekly?from=2026-13-01`)).status).toBe(400);
    // A course none of the trust's schools is licensed for is unknown here, as in the school's own Insights.
    const elmOnly = await createCourse(server, { price: 0 });
    await server.db('schoolLicences').insert({ schoolId: elsewhere.schoolId, courseId: elmOnly.id, source: 'grant', createdAt: now });
    for (const path of [`/api/trusts/${trustId}/insights/courses/${elmOnly.id}`, `/api/trusts/${trustId}/insights/weekly?courseId=${elmOnly.id}`]) {
      const unknown = await trustee.get(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body.message).toBe('Course not found');
    }
  });

  it('counts a course only at the schools licensed for it: another school’s staff buying it for themselves stay theirs', async () => {
    const admin = await adminClient(server);
    const birch = await schoolWithManager(server, 'Birch Academy');
    const oak = await schoolWithManager(server, 'Oak Academy');
    const trustId = await trustOf(admin, 'Forest Trust', [birch.schoolId, oak.schoolId]);
    const { client: trustee } = await trustManagerOf(server, admin, trustId);
    const shared = await createCourse(server, { price: 0 });
    const birchOnly = await createCourse(server, { price: 0 });
    const now = server.clock.now().getTime();
    const atBirch = await addMember(server.db, birch.schoolId, now);
    const atOak = await addMember(server.db, oak.schoolId, now);
    for (const school of [birch, oak])
      await server.db('schoolLicences').insert({ schoolId: school.schoolId, courseId: shared.id, source: 'grant', createdAt: now });
    await server.db('schoolLicences').insert({ schoolId: birch.schoolId, courseId: birchOnly.id, source: 'grant', createdAt: now });
    for (const user of [atBirch, atOak]) {
      await server.db('enrollments').insert({ userId: user.id, courseId: shared.id, source: 'admin', enrolledAt: now - DAY });
      // Oak's member bought Birch's course with their own money: their purchase, not Oak's training.
      await server.db('enrollments').insert({ userId: user.id, courseId: birchOnly.id, source: user === atOak ? 'payment' : 'admin', enrolledAt: now - DAY });
    }
    await rollUpInsights(server.db, now);
    const enrollments = async (client: TestClient, path: string): Promise<number> => {
      const response = await client.get(path);
      expect(response.status, `${path} ${response.text}`).toBe(200);
      return (response.body as WeeklyInsightsDto).weeks.reduce((sum, week) => sum + week.enrollments, 0);
    };
    const from = `from=${day(now - 14 * DAY)}`;

    const funnel = await trustee.get(`/api/trusts/${trustId}/insights/courses/${birchOnly.id}`);
    expect(funnel.status, funnel.text).toBe(200);
    expect((funnel.body as CourseInsightsDto).funnel.enrolled).toBe(1);
    expect(await enrollments(trustee, `/api/trusts/${trustId}/insights/weekly?${from}&courseId=${birchOnly.id}`)).toBe(1);
    for (const path of [
      `/api/trusts/${trustId}/insights/courses/${birchOnly.id}?schoolId=${oak.schoolId}`,
      `/api/trusts/${trustId}/insights/weekly?${from}&courseId=${birchOnly.id}&schoolId=${oak.schoolId}`,
    ]) {
      const unknown = await trustee.get(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body.message).toBe('Course not found');
    }
    // Totals over every course count each school's licensed courses only, for the trust and for the school itself.
    expect(await enrollments(trustee, `/api/trusts/${trustId}/insights/weekly?${from}`)).toBe(3);
    expect(await enrollments(trustee, `/api/trusts/${trustId}/insights/weekly?${from}&schoolId=${oak.schoolId}`)).toBe(1);
    expect(await enrollments(oak.client, `/api/schools/${oak.schoolId}/insights/weekly?${from}`)).toBe(1);
    expect(await enrollments(birch.client, `/api/schools/${birch.schoolId}/insights/weekly?${from}`)).toBe(2);
    // The trust's overview says which schools hold each course, so /trust offers a school only its own.
    const overview = await trustee.get(`/api/trusts/${trustId}/overview`);
    expect(overview.status, overview.text).toBe(200);
    const held = Object.fromEntries((overview.body as { courses: Array<{ id: number; schoolIds: number[] }> }).courses.map((row) => [row.id, row.schoolIds]));
    expect(held).toEqual({ [shared.id]: [birch.schoolId, oak.schoolId].sort((a, b) => a - b), [birchOnly.id]: [birch.schoolId] });
  });
});
