import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/knex.ts';
import { createTestCluster, type TestCluster, type TestServer } from '../test/server.ts';
import { testDialect } from '../test/db.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp.ts';
import { createCourse } from '../test/factories.ts';
import { testScheduler } from '../test/deadlines.ts';
import { runDeadlineReminders } from './deadlineReminders.ts';
import { LEASE_MS } from '../scheduler/scheduler.ts';

/**
 * Two instances of the app on one database (MariaDB in the server-mysql project), each with its
 * own pool, scheduler and mailer, all delivering to one SMTP listener: 2,000 due reminders are
 * delivered once each, when both run the scheduler at once and when one is killed mid-run.
 * MariaDB only: the instances here share one process, and better-sqlite3 waits for a lock by
 * blocking that process, so an in-process pair on one SQLite file would wait on itself (separate
 * processes on one SQLite file wait for each other as usual).
 */
const onMariaDb = testDialect() === 'mysql';
const MEMBERS = 2000;
// Limits sized from the work, not from a quiet machine: each test inserts 2,000 people and
// delivers 2,000 mails through SMTP from two instances on one MariaDB. A test that passes is as
// fast as before; beside three CPU burners on two cores the same work takes several times longer.
const WORK_LIMIT_MS = 300_000;
let smtp: SmtpCapture;
let cluster: TestCluster;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  if (!onMariaDb) return;
  smtp = await startSmtpCapture();
  // Pooled SMTP connections, as an operator sending reminders in bulk would configure.
  cluster = await createTestCluster(2, { SMTP_URL: `${smtp.url}?pool=true` });
  [a, b] = cluster.servers as [TestServer, TestServer];
}, WORK_LIMIT_MS);
afterAll(async () => {
  await cluster?.close();
  await smtp?.close();
});

const setClocks = (iso: string) => cluster.servers.forEach((server) => server.clock.set(iso));

/** A school of `MEMBERS` members (bulk inserts), licensed for a new course with a deadline on `completeBy`. */
async function bigSchool(db: Db, completeBy: string): Promise<{ emails: string[]; courseId: number }> {
  const tag = randomBytes(4).toString('hex');
  const now = Date.now();
  const [schoolId] = await db('schools').insert({ name: `School ${tag}`, country: 'GB', createdAt: now });
  const school = Number(typeof schoolId === 'object' ? (schoolId as { id: number }).id : schoolId);
  const emails = Array.from({ length: MEMBERS }, (_, i) => `s${tag}-${i}@school.test`);
  for (let i = 0; i < emails.length; i += 500) {
    await db('users').insert(
      emails
        .slice(i, i + 500)
        .map((email, j) => ({ email, firstName: 'Staff', lastName: `${i + j}`, role: 'learner', passwordHash: 'x', createdAt: now, updatedAt: now })),
    );
  }
  const ids: number[] = (await db('users').where('email', 'like', `s${tag}-%`).pluck('id')).map(Number);
  for (let i = 0; i < ids.length; i += 500) {
    await db('schoolMembers').insert(ids.slice(i, i + 500).map((userId) => ({ schoolId: school, userId, role: 'member', joinedAt: now })));
  }
  const course = await createCourse(cluster);
  await db('schoolLicences').insert({ schoolId: school, courseId: course.id, source: 'grant', createdAt: now });
  await db('schoolDeadlines').insert({
    schoolId: school,
    courseId: course.id,
    completeByDay: Date.parse(`${completeBy}T00:00:00Z`) / 86_400_000,
    updatedAt: now,
  });
  return { emails, courseId: course.id };
}

/** How many mails each address received at the listener. */
function receivedBy(emails: string[]): Map<string, number> {
  const wanted = new Set(emails);
  const counts = new Map<string, number>();
  for (const mail of smtp.messages) {
    for (const to of mail.to) if (wanted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function deliverAll(servers: TestServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.app.deps.mailer.flush()));
}

describe.skipIf(!onMariaDb)('reminders across two instances', () => {
  it(
    'delivers 2,000 due reminders once each when both instances run the scheduler, and the job itself, at once',
    async () => {
      setClocks('2027-03-01T09:00:00Z');
      const { emails } = await bigSchool(cluster.db, '2027-03-05');
      // Both schedulers tick together (one wins the lease), and both run the job body outright,
      // as two instances would if a lease were ever lost: the reminders' key still holds.
      const now = Date.parse('2027-03-01T09:00:00Z');
      const renewLease = async () => undefined;
      await Promise.all([
        testScheduler(a).tick(),
        testScheduler(b).tick(),
        runDeadlineReminders({ deps: a.app.deps, now, renewLease }),
        runDeadlineReminders({ deps: b.app.deps, now, renewLease }),
      ]);
      await deliverAll([a, b]);
      const counts = receivedBy(emails);
      expect(counts.size).toBe(MEMBERS);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      expect(
        Number(
          (await cluster
            .db('outbox')
            .where('toAddress', 'like', `${emails[0]!.split('-')[0]}-%`)
            .count({ n: '*' })
            .first())!.n,
        ),
      ).toBe(MEMBERS);
    },
    WORK_LIMIT_MS,
  );

  it(
    'still delivers each once when one instance dies mid-run and the other takes the job over',
    async () => {
      setClocks('2027-04-01T09:00:00Z');
      const { emails, courseId } = await bigSchool(cluster.db, '2027-04-03');
      const sentFor = async () => Number((await cluster.db('remindersSent').where({ courseId }).count({ n: '*' }).first())!.n);
      // A delivers nothing: mail is delivered as each chunk commits, and rows a mailer claimed when
      // it was killed wait out its claim (a minute of wall time) before another mailer takes them.
      await a.app.deps.mailer.close();
      const dying = testScheduler(a).tick();
      // Kill A once it has committed part of the run: its connections go, its transaction with them.
      await expect.poll(sentFor, { timeout: WORK_LIMIT_MS / 2, interval: 20 }).toBeGreaterThan(0);
      await a.database.knex.destroy();
      await dying;
      const partial = await sentFor();
      expect(partial).toBeLessThan(MEMBERS);

      // B finds the job leased until A's lease lapses, then takes it over and finishes.
      await testScheduler(b).tick();
      expect(await sentFor()).toBe(partial);
      b.clock.advance(LEASE_MS + 1000);
      await testScheduler(b).tick();
      expect(await sentFor()).toBe(MEMBERS);
      // The mail A queued before it died is delivered by B, as the outbox is shared.
      await deliverAll([b]);
      const counts = receivedBy(emails);
      expect(counts.size).toBe(MEMBERS);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    },
    WORK_LIMIT_MS,
  );
});
