/**
 * The trust scenario (issue 39's scale): trusts of 20 schools × 250 staff × 20 courses
 * (trustData.ts), measured through the real server signed in as trust managers, and the
 * scheduler's deadline reminders pass in this process on the same database.
 *
 * - `/trust`'s first screen: GET /api/trusts/:id/overview (every school's counts by status) and
 *   GET /api/trusts/:id/statuses (the first page of 50), one request at a time over the signed-in
 *   managers' trusts (p95 against 300 ms), then at --connections for --duration (req/s against the
 *   adjacent ceiling run).
 * - The trust's register (GET /api/trusts/:id/register.xlsx) of a full trust (5,000 staff × 20
 *   courses): time, and the server's RSS before, at its peak and after (≤ 30 s, memory flat).
 * - The deadline reminders pass with the trusts' deadlines and the groups' courses, against
 *   today's pass (the same schools with the trust deadlines copied to each school, no group
 *   courses), alternated twice; the faster of each is compared (≤ 2×).
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { Database } from '../server/src/db/database.ts';
import type { Db } from '../server/src/db/knex.ts';
import { runDeadlineReminders } from '../server/src/reminders/deadlineReminders.ts';
import type { CpuPerRequest } from './cpuTime.ts';
import { exportDownload, type ExportResult } from './exportRun.ts';
import { mapLimit, settle, signIn } from './http.ts';
import type { LoadResult } from './load.ts';
import type { BenchTarget } from './options.ts';
import { memoryOf } from './processes.ts';
import { rotatingGet, type BenchContext } from './scenarios.ts';
import { BENCH_PASSWORD } from './seedData.ts';
import { trustManagerEmail } from './trustData.ts';

export interface LatencyRun {
  label: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** Requests per second one at a time (1000 ÷ mean ms). */
  rps: number;
  failures: number;
  /** CPU per answer (server, and MariaDB's when local): steadier than latency on a shared host. */
  cpu: CpuPerRequest | null;
}

export interface PassRun {
  kind: 'today' | 'trusts and groups';
  seconds: number;
  mails: number;
}

export interface TrustBench {
  trusts: number;
  signedIn: number;
  latency: LatencyRun[];
  /** Closed loop at --connections, with the ceiling run just before each. */
  load: Array<{ label: string; result: LoadResult; ceiling: number }>;
  register: ExportResult & { rssAfterMb: number; rows: number };
  passes: PassRun[];
}

const REQUESTS = 100;
const WARMUP = 5;
/** Managers signed in (argon2id-bound: a few), their trusts rotated through. */
const MANAGERS = 8;

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function latency(
  base: string,
  label: string,
  visits: Array<{ path: string; cookie: string }>,
  meter: () => (answers: number) => Promise<CpuPerRequest | null>,
): Promise<LatencyRun> {
  const get = async (visit: { path: string; cookie: string }) => {
    const started = performance.now();
    const response = await fetch(`${base}${visit.path}`, {
      headers: { cookie: visit.cookie, accept: 'application/json' },
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };
  for (let i = 0; i < WARMUP; i += 1) await get(visits[i % visits.length]!);
  const measured = meter();
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const { ms, status } = await get(visits[i % visits.length]!);
    times.push(ms);
    if (status !== 200) failures += 1;
  }
  const cpu = await measured(REQUESTS - failures);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  times.sort((a, b) => a - b);
  return { label, requests: REQUESTS, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)!, rps: 1000 / mean, failures, cpu };
}

/** Today's shape: every trust deadline copied to each school of its trust (a school's own earlier one kept), no group courses. */
async function withoutTrustsAndGroups<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const trustDeadlines = await db('trustDeadlines').select('*');
  const groupCourses = await db('groupCourses').select('*');
  // updatedAt = 1 marks the copies, so they are the ones removed afterwards.
  await db.transaction(async (trx) => {
    await trx.raw(
      `insert into school_deadlines (school_id, course_id, complete_by_day, new_staff_days, updated_by, updated_at)
       select s.id, td.course_id, td.complete_by_day, td.new_staff_days, null, 1 from trust_deadlines td join schools s on s.trust_id = td.trust_id
       where not exists (select 1 from school_deadlines d where d.school_id = s.id and d.course_id = td.course_id)`,
    );
    await trx('groupCourses').delete();
    await trx('trustDeadlines').delete();
  });
  try {
    return await work();
  } finally {
    await db.transaction(async (trx) => {
      await trx('schoolDeadlines').where('updatedAt', 1).delete();
      await trx.batchInsert('trustDeadlines', trustDeadlines, 500);
      await trx.batchInsert('groupCourses', groupCourses, 500);
    });
  }
}

/** One deadline reminders pass from a clean slate (no reminder sent yet today), timed. */
async function reminderPass(db: Db, deps: Parameters<typeof runDeadlineReminders>[0]['deps'], kind: PassRun['kind']): Promise<PassRun> {
  await db('remindersSent').delete();
  await db('outbox').delete();
  const started = performance.now();
  const { sent } = await runDeadlineReminders({ deps, now: Date.now(), renewLease: async () => undefined });
  return { kind, seconds: (performance.now() - started) / 1000, mails: sent };
}

async function reminderPasses(target: BenchTarget, db: Db, log: (message: string) => void): Promise<PassRun[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...(target.dialect === 'sqlite' ? { SQLITE_FILE: target.file } : { DATABASE_URL: target.url }),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await Database.open(config.database);
  const app = createApp({ config, database, logger: pino({ level: 'silent' }) });
  const passes: PassRun[] = [];
  try {
    for (let round = 0; round < 2; round += 1) {
      passes.push(await withoutTrustsAndGroups(db, () => reminderPass(db, app.deps, 'today')));
      passes.push(await reminderPass(db, app.deps, 'trusts and groups'));
      log(
        `reminders pass, round ${round + 1}: ${passes
          .slice(-2)
          .map((p) => `${p.kind} ${p.seconds.toFixed(2)} s (${p.mails} mails)`)
          .join(', ')}`,
      );
    }
  } finally {
    await db('remindersSent').delete();
    await db('outbox').delete();
    await app.close();
    await database.close();
  }
  return passes;
}

export async function trustScenario(
  ctx: BenchContext,
  options: {
    target: BenchTarget;
    serverPid: number;
    adjacentCeiling: () => Promise<number>;
    /** Starts measuring the server's (and the database's) CPU; the result is per answer. */
    meter: () => (answers: number) => Promise<CpuPerRequest | null>;
    log: (message: string) => void;
  },
): Promise<TrustBench> {
  const { db, base } = ctx;
  const { log } = options;
  const trusts = Number((await db('trusts').count({ n: '*' }).first())?.n ?? 0);
  if (!trusts) throw new Error('the trust scenario needs the trusts seeded: run without --reuse-db, with --only trust');
  const ids = Array.from({ length: Math.min(MANAGERS, trusts) }, (_, i) => 1 + Math.floor((i * trusts) / Math.min(MANAGERS, trusts)));
  const cookies = await mapLimit(ids, 4, (id) => signIn(base, trustManagerEmail(id), BENCH_PASSWORD));
  log(`${ids.length} trust managers signed in (trusts ${ids.join(', ')})`);
  const visits = (path: (id: number) => string) => ids.map((id, i) => ({ path: path(id), cookie: cookies[i]! }));
  const overview = visits((id) => `/api/trusts/${id}/overview`);
  const statuses = visits((id) => `/api/trusts/${id}/statuses?limit=50`);

  const latencyRuns: LatencyRun[] = [];
  const loadRuns: TrustBench['load'] = [];
  for (const [label, pages] of [
    ['GET /api/trusts/:id/overview', overview],
    ['GET /api/trusts/:id/statuses?limit=50', statuses],
  ] as const) {
    await settle(base);
    log(`${label}: ${REQUESTS} requests one at a time`);
    latencyRuns.push(await latency(base, label, [...pages], options.meter));
    const ceiling = await options.adjacentCeiling();
    log(`${label} at ${ctx.connections} connections for ${ctx.duration} s`);
    loadRuns.push({ label, result: await rotatingGet(ctx, [...pages]), ceiling });
  }

  await settle(base);
  log(`GET /api/trusts/${ids[0]}/register.xlsx (a full trust: 20 schools × 250 staff × 20 courses)`);
  const download = await exportDownload(base, cookies[0]!, options.serverPid, { path: `/api/trusts/${ids[0]}/register.xlsx` });
  const rows = Number(
    (
      await db('schoolMembers as sm')
        .join('schools as s', 's.id', 'sm.schoolId')
        .join('schoolLicences as sl', 'sl.schoolId', 'sm.schoolId')
        .where('s.trustId', ids[0]!)
        .whereNull('sl.revokedAt')
        .count({ n: '*' })
        .first()
    )?.n ?? 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const register = { ...download, rssAfterMb: memoryOf(options.serverPid)?.rssMb ?? 0, rows };

  await settle(base);
  log('the deadline reminders pass: today (school deadlines only) and with the trusts and groups, alternated twice');
  const passes = await reminderPasses(options.target, db, log);
  return { trusts, signedIn: ids.length, latency: latencyRuns, load: loadRuns, register, passes };
}
