/**
 * One scheduler pass at scale (issue 27): 200 schools × 5,000 members × 20 licensed courses,
 * every course with a deadline, one school in twenty with a course due in 5 days (the day's
 * reminders), a certificate for one member in ten on one course, and a manager per school (the
 * weekly digest). Seeds a fresh SQLite file with bulk inserts, then times the pass and samples
 * peak memory; the baseline, in the same run, is a bare count of the member × course pairs the
 * pass must look at.
 *
 *   node --import tsx bench/schedulerPass.ts [--schools 200] [--members 5000] [--courses 20]
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { dayOf } from '@atrium/common';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { Database } from '../server/src/db/database.ts';
import { migrateLatest } from '../server/src/db/migrate.ts';
import type { Db } from '../server/src/db/knex.ts';
import { Scheduler } from '../server/src/scheduler/scheduler.ts';
import { reminderJobs } from '../server/src/reminders/jobs.ts';
import { ROOT } from './options.ts';

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '200' },
    members: { type: 'string', default: '5000' },
    courses: { type: 'string', default: '20' },
    'sqlite-file': { type: 'string', default: 'data/bench/scheduler-bench.sqlite' },
  },
});
const SCHOOLS = Number(values.schools);
const MEMBERS = Number(values.members);
const COURSES = Number(values.courses);
const file = resolve(ROOT, values['sqlite-file']);
if (!file.includes('bench')) throw new Error('The bench database file name must contain "bench": it is deleted and re-created');

async function inChunks<T>(db: Db, table: string, rows: Iterable<T>, size = 400): Promise<void> {
  let chunk: T[] = [];
  await db.transaction(async (trx) => {
    for (const row of rows) {
      chunk.push(row);
      if (chunk.length === size) {
        await trx(table).insert(chunk);
        chunk = [];
      }
    }
    if (chunk.length) await trx(table).insert(chunk);
  });
}

async function seed(db: Db, now: number): Promise<void> {
  const today = dayOf(now);
  await inChunks(
    db,
    'courses',
    Array.from({ length: COURSES }, (_, c) => ({ title: `Course ${c + 1}`, description: 'Bench course', price: 0, createdAt: now, updatedAt: now })),
  );
  await inChunks(
    db,
    'schools',
    Array.from({ length: SCHOOLS }, (_, s) => ({ name: `School ${s + 1}`, country: 'GB', createdAt: now })),
  );
  const total = SCHOOLS * MEMBERS;
  function* users() {
    for (let i = 1; i <= total; i += 1) {
      yield { email: `m${i}@bench.test`, firstName: 'Staff', lastName: `Member ${i}`, role: 'learner', passwordHash: 'x', createdAt: now, updatedAt: now };
    }
  }
  await inChunks(db, 'users', users());
  // Ids are 1..total in insert order on a fresh file: member i belongs to school ceil(i / MEMBERS).
  function* members() {
    for (let i = 1; i <= total; i += 1) {
      const school = Math.ceil(i / MEMBERS);
      yield { schoolId: school, userId: i, role: i % MEMBERS === 1 ? 'manager' : 'member', joinedAt: now - 200 * 86_400_000 };
    }
  }
  await inChunks(db, 'schoolMembers', members());
  function* perSchoolCourse<R>(make: (school: number, course: number) => R) {
    for (let s = 1; s <= SCHOOLS; s += 1) for (let c = 1; c <= COURSES; c += 1) yield make(s, c);
  }
  await inChunks(
    db,
    'schoolLicences',
    perSchoolCourse((schoolId, courseId) => ({ schoolId, courseId, source: 'grant', createdAt: now })),
  );
  await inChunks(
    db,
    'schoolDeadlines',
    perSchoolCourse((schoolId, courseId) => ({
      schoolId,
      courseId,
      // One school in twenty has course 1 due in 5 days; every other deadline is weeks away.
      completeByDay: courseId === 1 && schoolId % 20 === 0 ? today + 5 : today + 40 + ((schoolId * COURSES + courseId) % 300),
      newStaffDays: null,
      updatedAt: now,
    })),
  );
  function* certificates() {
    for (let i = 1; i <= total; i += 10) {
      yield {
        userId: i,
        courseId: 2,
        certificateNumber: `ATR-BENCH-${i}`,
        studentName: `Staff Member ${i}`,
        courseName: 'Course 2',
        completionPercentage: 100,
        completedAt: now - 3 * 86_400_000,
        issuedAt: now - 3 * 86_400_000,
      };
    }
  }
  await inChunks(db, 'certificates', certificates());
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; peakRssMb: number; peakHeapMb: number; value: T }> {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 20);
  const start = performance.now();
  const value = await run();
  const ms = performance.now() - start;
  clearInterval(sampler);
  return { ms, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20, value };
}

async function main(): Promise<void> {
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'bench-secret', SQLITE_FILE: file, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const database = await Database.open(config.database);
  const db = database.knex;
  await migrateLatest(db);
  const now = Date.now();
  const seeding = await timed(() => seed(db, now));
  console.log(`seeded ${SCHOOLS} schools × ${MEMBERS} members × ${COURSES} courses in ${(seeding.ms / 1000).toFixed(1)} s`);

  const app = createApp({ config, database, logger: pino({ level: 'silent' }) });
  const baseline = await timed(() => db('schoolMembers as sm').join('schoolLicences as sl', 'sl.schoolId', 'sm.schoolId').count({ n: '*' }).first());
  const scheduler = new Scheduler(app.deps, reminderJobs());
  const first = await timed(() => scheduler.tick());
  const queued = Number((await db('outbox').count({ n: '*' }).first())?.n ?? 0);
  // The next pass is due an hour later; nothing new is due that day, so it queues nothing.
  await db('schedulerJobs').update({ nextRunAt: now });
  const second = await timed(() => scheduler.tick());
  const queuedAfter = Number((await db('outbox').count({ n: '*' }).first())?.n ?? 0);
  const jobs = await db('schedulerJobs').select('name', 'failures', 'lastError', 'lastSent');
  await app.close();
  await database.close();

  const row = (name: string, r: { ms: number; peakRssMb: number; peakHeapMb: number }) =>
    `| ${name} | ${(r.ms / 1000).toFixed(2)} s | ${(r.ms / baseline.ms).toFixed(1)}× | ${r.peakRssMb.toFixed(0)} MB | ${r.peakHeapMb.toFixed(0)} MB |`;
  console.log(`\n| what | time | vs baseline | peak RSS | peak heap |\n|---|---|---|---|---|`);
  console.log(row(`baseline: count the ${(SCHOOLS * MEMBERS * COURSES).toLocaleString('en-GB')} member × course pairs`, baseline));
  console.log(row(`first pass of the day (queues ${queued.toLocaleString('en-GB')} mails)`, first));
  console.log(row(`second pass the same day (queues ${(queuedAfter - queued).toLocaleString('en-GB')})`, second));
  console.log(`\njobs: ${JSON.stringify(jobs)}`);
  if (jobs.some((job) => Number(job.failures) > 0)) process.exitCode = 1;
}

await main();
