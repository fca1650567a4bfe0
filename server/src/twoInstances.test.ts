import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from './test/client.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, TEST_PASSWORD, type UserRow } from './test/factories.ts';
import { certificateInvariantViolations } from './test/invariants.ts';
import { redisForTests, TEST_REDIS_URL } from './test/redis.ts';
import { createTestCluster, type TestCluster, type TestServer } from './test/server.ts';

/**
 * Two instances of the app on one database (MariaDB in the server-mysql project, one SQLite
 * file in server-sqlite), each with its own connection pool, reached over real HTTP by the same
 * browser as a load balancer would send it: sessions, rate limits and certificate issue must not
 * depend on which instance a request lands on.
 */
let cluster: TestCluster;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  cluster = await createTestCluster(2);
  [a, b] = cluster.servers as [TestServer, TestServer];
});
afterAll(() => cluster?.close());

const currentUser = async (client: TestClient) => {
  const response = await client.get('/api/user');
  return response.status === 200 ? (response.body.id as number) : response.status;
};

describe('sessions across two instances', () => {
  it('a session made on one instance works on the other, both ways', async () => {
    const user = await createUser(cluster.db);
    const browser = a.client();
    await signIn(browser, user);
    expect(await currentUser(browser.at(b.url))).toBe(user.id);
    // A write through B is what A then reads.
    expect((await browser.at(b.url).patch('/api/user/profile', { company: 'Oak Academy' })).status).toBe(200);
    expect((await browser.get('/api/user')).body.company).toBe('Oak Academy');

    const other = b.client();
    await signIn(other, user);
    expect(await currentUser(other.at(a.url))).toBe(user.id);
    expect(await currentUser(other)).toBe(user.id);
  });

  it('logging out on one instance ends the session on the other', async () => {
    const user = await createUser(cluster.db);
    const browser = a.client();
    await signIn(browser, user);
    const replayed = browser.copy(a.url);
    expect((await browser.at(b.url).post('/api/logout')).status).toBe(200);
    // The cookie a copy still holds names a session that no instance will accept.
    expect(await currentUser(replayed)).toBe(401);
    expect(await currentUser(replayed.at(b.url))).toBe(401);
    expect(await cluster.db('sessions').where({ userId: user.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('signing out everywhere on one instance ends every session of the account on both, and no one else’s', async () => {
    const user = await createUser(cluster.db);
    const bystander = await createUser(cluster.db);
    const [laptop, phone, tablet, someoneElse] = [a.client(), b.client(), a.client(), b.client()];
    await signIn(laptop, user);
    await signIn(phone, user);
    await signIn(tablet, user);
    await signIn(someoneElse, bystander);

    expect((await phone.post('/api/user/sign-out-everywhere')).status).toBe(200);
    for (const browser of [laptop, phone, tablet]) {
      expect(await currentUser(browser)).toBe(401);
      expect(await currentUser(browser.at(browser.baseUrl === a.url ? b.url : a.url))).toBe(401);
    }
    expect(await currentUser(someoneElse)).toBe(bystander.id);
    expect(await currentUser(someoneElse.at(a.url))).toBe(bystander.id);

    // Signing in again works anywhere.
    await signIn(laptop.at(b.url), user);
    expect(await currentUser(laptop)).toBe(user.id);
  });

  it('a password changed on one instance signs the other devices out on the other', async () => {
    const user = await createUser(cluster.db);
    const [laptop, phone] = [a.client(), b.client()];
    await signIn(laptop, user);
    await signIn(phone, user);
    const changed = await phone.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password' });
    expect(changed.status).toBe(200);
    expect(await currentUser(laptop)).toBe(401);
    expect(await currentUser(laptop.at(b.url))).toBe(401);
    // The device that changed it keeps a fresh session, valid on both.
    expect(await currentUser(phone.at(a.url))).toBe(user.id);
    expect(await currentUser(phone)).toBe(user.id);
  });
});

/*
 * middlewares/rateLimit.test.ts already shows the limiters counting across two RateLimits on one
 * Redis, and a login lock across two app instances started with REDIS_URL (each on a database
 * of its own). Here both instances also share the database, so one signed-in learner reaches
 * either of them with the same session, and the per-learner comment limit must count both.
 */
const redisAvailable = await redisForTests('two-instance rate limit test');

describe.skipIf(!redisAvailable)('a rate limit across two instances sharing REDIS_URL', () => {
  let limited: TestCluster;
  beforeAll(async () => {
    limited = await createTestCluster(2, { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => limited?.close());

  it('counts a learner’s comments on both instances together: the 21st in a minute is refused on either', async () => {
    const [first, second] = limited.servers as [TestServer, TestServer];
    // Redis outlives this database (and the other project's run): an id no other run shares
    // keeps the per-learner key this test's own.
    const learner = await createUser(limited.db, { id: randomInt(10_000_000, 2_000_000_000) });
    const course = await createCourse(limited);
    const module = await createModule(limited, course.id);
    await enroll(limited.db, learner.id, course.id);
    const browser = first.client();
    await signIn(browser, learner);

    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const via = browser.at((i % 2 ? first : second).url);
      statuses.push((await via.post(`/api/modules/${module.id}/comments`, { comment: `Comment ${i}` })).status);
    }
    expect(statuses).toEqual(Array(20).fill(201));
    for (const server of [first, second]) {
      const refused = await browser.at(server.url).post(`/api/modules/${module.id}/comments`, { comment: 'One too many' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await limited.db('comments').where({ userId: learner.id }).count({ n: '*' }).first()).toMatchObject({ n: 20 });
  });
});

interface Report {
  learner: number;
  courseId: number;
  body: Record<string, unknown>;
  server: TestServer;
}

describe('certificate issue across two instances', () => {
  it('stays exactly-once when learners complete their last modules in many concurrent reports split across both', async () => {
    const { db } = cluster;
    const LEARNERS = 4;
    const MODULES = 3;
    const REPEATS = 3;
    const courses = [await createCourse(cluster), await createCourse(cluster)];
    // A course each learner leaves one module short of finishing: no certificate may appear.
    const unfinished = await createCourse(cluster);
    const modulesOf = new Map<number, Array<{ id: number; duration: number }>>();
    for (const course of [...courses, unfinished]) {
      const modules: Array<{ id: number; duration: number }> = [];
      for (let m = 0; m < MODULES; m += 1) modules.push(await createModule(cluster, course.id, { duration: 600 }));
      modulesOf.set(course.id, modules);
    }
    // Rows written behind the instances' backs: drop their cached catalogues (as the TTL would).
    a.catalogue.invalidate();
    b.catalogue.invalidate();

    const learners: Array<{ user: UserRow; browser: TestClient }> = [];
    for (let l = 0; l < LEARNERS; l += 1) {
      const user = await createUser(db);
      for (const course of [...courses, unfinished]) await enroll(db, user.id, course.id);
      const browser = (l % 2 ? a : b).client();
      await signIn(browser, user);
      learners.push({ user, browser });
    }

    const reports: Report[] = [];
    for (let l = 0; l < LEARNERS; l += 1) {
      for (const course of [...courses, unfinished]) {
        modulesOf.get(course.id)!.forEach((module, index) => {
          const short = course.id === unfinished.id && index === MODULES - 1;
          for (let r = 0; r < REPEATS; r += 1) {
            // Completed by the 90 percent rule, by "Mark as Complete", or (the unfinished one) not at all.
            const body = short
              ? { moduleId: module.id, courseId: course.id, watchedDuration: 100 + r, position: 100 + r }
              : { moduleId: module.id, courseId: course.id, watchedDuration: r === 1 ? 0 : 560 + r, isCompleted: r === 1, position: 300 };
            reports.push({ learner: l, courseId: course.id, body, server: reports.length % 2 ? a : b });
          }
        });
      }
    }
    shuffle(reports);

    const responses: Array<Report & { response: TestResponse }> = await Promise.all(
      reports.map(async (report) => ({
        ...report,
        response: await learners[report.learner]!.browser.at(report.server.url).post('/api/progress', report.body),
      })),
    );
    const failures = responses.filter(({ response }) => response.status !== 200).map(({ response }) => `${response.status} ${response.text}`);
    expect(failures).toEqual([]);

    const userIds = learners.map(({ user }) => user.id);
    const certificates = await db('certificates').whereIn('userId', userIds);
    expect(certificates).toHaveLength(LEARNERS * courses.length);
    expect(certificates.filter((c) => Number(c.courseId) === unfinished.id)).toEqual([]);
    expect(await certificateInvariantViolations(db, userIds)).toEqual([]);

    for (const [l, { user }] of learners.entries()) {
      for (const course of courses) {
        const number = certificates.find((c) => Number(c.userId) === user.id && Number(c.courseId) === course.id)!.certificateNumber;
        const told = responses.filter((r) => r.learner === l && r.courseId === course.id).map((r) => r.response.body.certificateNumber ?? null);
        // Every report that announced a certificate announced the one that exists, and one did.
        expect(told.filter((n) => n !== null && n !== number)).toEqual([]);
        expect(told).toContain(number);
      }
    }
    // One progress row per learner and module, and no completion lost to a concurrent report.
    const progress = await db('progress').whereIn('userId', userIds);
    expect(progress).toHaveLength(LEARNERS * MODULES * (courses.length + 1));
    const finishedModules = courses.flatMap((course) => modulesOf.get(course.id)!.map((m) => m.id));
    for (const row of progress.filter((p) => finishedModules.includes(Number(p.moduleId)))) {
      expect({ completed: Boolean(Number(row.isCompleted)), watched: Number(row.watchedDuration), at: row.completedAt !== null }).toEqual({
        completed: true,
        watched: 600,
        at: true,
      });
    }
  });
});

describe('certificate renewal across two instances', () => {
  it('starts one renewal when both instances are asked at once, then issues exactly one new certificate under concurrent reports', async () => {
    const { db } = cluster;
    const course = await createCourse(cluster, { validityMonths: 1 });
    const modules = [];
    for (let m = 0; m < 3; m += 1) modules.push(await createModule(cluster, course.id, { duration: 600 }));
    a.catalogue.invalidate();
    b.catalogue.invalidate();
    const user = await createUser(db);
    await enroll(db, user.id, course.id);
    const browser = a.client();
    await signIn(browser, user);
    const complete = (module: { id: number }, server: TestServer, r = 0) =>
      browser.at(server.url).post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: r === 1 ? 0 : 600, isCompleted: r === 1 });
    for (const module of modules) expect((await complete(module, a)).status).toBe(200);
    // Issued 40 days ago: past its month, so a renewal is due (on the real clock both instances share).
    const issuedAt = Date.now() - 40 * 86_400_000;
    await db('certificates').where({ userId: user.id, courseId: course.id }).update({ issuedAt, completedAt: issuedAt });
    const first = (await db('certificates').where({ userId: user.id, courseId: course.id }))[0]!;

    const starts = await Promise.all([a, b, a, b].map((server) => browser.at(server.url).post(`/api/courses/${course.id}/renewal`)));
    expect(starts.map((response) => response.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await db('certificateRenewals').where({ userId: user.id, courseId: course.id })).toHaveLength(1);
    expect(await db('progress').where({ userId: user.id, courseId: course.id })).toHaveLength(0);

    const reports = modules.flatMap((module) => [0, 1, 2].map((r, index) => ({ module, r, server: index % 2 ? a : b })));
    shuffle(reports);
    const responses = await Promise.all(reports.map(({ module, r, server }) => complete(module, server, r)));
    expect(responses.filter((response) => response.status !== 200).map((response) => response.text)).toEqual([]);
    const certificates = await db('certificates').where({ userId: user.id, courseId: course.id }).orderBy('round');
    expect(certificates.map((c) => [Number(c.round), c.certificateNumber === first.certificateNumber])).toEqual([
      [0, true],
      [1, false],
    ]);
    const told = new Set(responses.map((response) => response.body.certificateNumber).filter((n) => n !== null));
    expect(told).toEqual(new Set([certificates[1]!.certificateNumber]));
    expect(await certificateInvariantViolations(db, [user.id])).toEqual([]);
  });
});

describe('catalogue edits made through the other instance', () => {
  // Each instance keeps the catalogue in memory for up to CATALOGUE_TTL_MS, so for a few seconds
  // after an admin deletes a module through one instance the other still finds it: the progress
  // upsert inserts only when the module still exists (commands/recordProgress.ts), so the report
  // is a 404, not a foreign-key 500.
  it('answers 404, not 500, to a report on a module just deleted through the other instance', async () => {
    const { db } = cluster;
    const course = await createCourse(cluster);
    const kept = await createModule(cluster, course.id);
    const deleted = await createModule(cluster, course.id);
    const user = await createUser(db);
    await enroll(db, user.id, course.id);
    const admin = a.client();
    await signIn(admin, await createAdmin(db));
    const learner = b.client();
    await signIn(learner, user);
    // B has the module in its catalogue when A deletes it (the rows were written behind B's back:
    // B reloads now, as it would once CATALOGUE_TTL_MS has passed).
    b.catalogue.invalidate();
    expect((await learner.get(`/api/progress/${deleted.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/modules/${deleted.id}`)).status).toBe(200);

    const report = await learner.post('/api/progress', { moduleId: deleted.id, courseId: course.id, watchedDuration: 600 });
    expect(report.status, report.text).toBe(404);
    // The course is now the kept module alone: completing it issues the certificate.
    const last = await learner.post('/api/progress', { moduleId: kept.id, courseId: course.id, isCompleted: true });
    expect(last.body).toMatchObject({ courseCompleted: true, certificateNumber: expect.any(String) });
  });
});

function shuffle<T>(items: T[]): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
