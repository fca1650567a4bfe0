/**
 * `npm run load`: issue 8's load run. Seeds a bench database, starts the real server in a child
 * process, signs a pool of learners in, and drives `--connections` autocannon connections for
 * `--duration` seconds of mixed traffic (browse, progress saves, comments, sign-ins). Prints one
 * table per kind and checks that every acknowledged progress save and comment is readable.
 * Exits 1 on any error or lost write. See bench/README.md, "Mixed load run".
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { countRows, createDb, type Db } from '../server/src/db/knex.ts';
import { mapLimit, settle, signIn } from './http.ts';
import { KINDS, percentile, runMixed, type MixedLearner, type MixedModule, type MixedResult } from './mixedTraffic.ts';
import { resolveTarget, RESULTS_DIR, ROOT } from './options.ts';
import { startServer } from './processes.ts';
import { seedBenchDatabase } from './seed.ts';
import { BENCH_PASSWORD } from './seedData.ts';

const USAGE = `npm run load -- [--connections 200] [--duration 60] [--scale 0.02] [--learners 400]
                 [--logins-per-second 2] [--progress-step 30] [--reuse-db] [--sqlite-file data/bench/atrium-load-bench.sqlite]
DATABASE_URL=mysql://root@127.0.0.1:3306/atrium_load_bench selects MariaDB/MySQL (loopback only, database name must contain "bench").`;

const log = (message: string) => console.log(`[load] ${message}`);

function positive(name: string, value: string | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (integer && !Number.isInteger(parsed)))
    throw new Error(`--${name} must be a non-negative ${integer ? 'integer' : 'number'} (got "${value}")`);
  return parsed;
}

function parseLoadOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string' },
      duration: { type: 'string' },
      scale: { type: 'string' },
      learners: { type: 'string' },
      'logins-per-second': { type: 'string' },
      'progress-step': { type: 'string' },
      'reuse-db': { type: 'boolean', default: false },
      'sqlite-file': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const connections = positive('connections', values.connections, 200, true);
  return {
    // Its own SQLite file, so a load run never replaces the bench's larger database.
    target: resolveTarget(process.env, values['sqlite-file'] ?? join(ROOT, 'data/bench/atrium-load-bench.sqlite')),
    connections,
    duration: positive('duration', values.duration, 60),
    scale: positive('scale', values.scale, 0.02),
    // Two learners per connection by default: several tabs of one learner are not the common case.
    learners: positive('learners', values.learners, connections * 2, true),
    loginsPerSecond: positive('logins-per-second', values['logins-per-second'], 2),
    progressStep: positive('progress-step', values['progress-step'], 30, true),
    reuseDb: values['reuse-db'],
  };
}

async function signInPool(db: Db, base: string, count: number): Promise<{ learners: MixedLearner[]; others: string[] }> {
  const all: Array<{ id: number; email: string }> = await db('users').where('role', 'learner').orderBy('id').select('id', 'email');
  if (all.length < count + 10) throw new Error(`--learners ${count} needs more seeded learners than ${all.length}: raise --scale`);
  const step = Math.floor(all.length / count);
  const chosen = all.filter((_, index) => index % step === 0).slice(0, count);
  const chosenIds = new Set(chosen.map((user) => user.id));
  const enrollments: Array<{ userId: number; courseId: number }> = [];
  for (let from = 0; from < chosen.length; from += 500) {
    enrollments.push(
      ...(await db('enrollments')
        .whereIn(
          'userId',
          chosen.slice(from, from + 500).map((user) => user.id),
        )
        .select('userId', 'courseId')),
    );
  }
  const cookies = await mapLimit(chosen, 8, (user) => signIn(base, user.email, BENCH_PASSWORD));
  const learners = chosen.map((user, index) => ({
    id: Number(user.id),
    cookie: cookies[index]!,
    courseIds: enrollments.filter((row) => Number(row.userId) === Number(user.id)).map((row) => Number(row.courseId)),
  }));
  // Sign-ins during the run are by other learners, so the pool's sessions stay as they are.
  return { learners, others: all.filter((user) => !chosenIds.has(user.id)).map((user) => user.email) };
}

const fmt = (value: number, digits = 0) =>
  Number.isNaN(value) ? '—' : value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(header: string[], rows: string[][], numericFrom = 1): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, column) => (column >= numericFrom && column < header.length - 1 ? value.padStart(widths[column]!) : value.padEnd(widths[column]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function formatMixed(result: MixedResult): { text: string; errors: number } {
  const rows: string[][] = [];
  let totalRequests = 0;
  let totalErrors = 0;
  const all: number[] = [];
  for (const kind of KINDS) {
    const entry = result.stats[kind];
    const failed = Object.entries(entry.statuses).filter(([status]) => Number(status) < 200 || Number(status) >= 300);
    const errors = failed.reduce((sum, [, n]) => sum + n, 0);
    totalRequests += entry.requests;
    totalErrors += errors;
    all.push(...entry.latencies);
    rows.push([
      kind,
      fmt(entry.requests),
      fmt(entry.requests / result.seconds),
      fmt(errors),
      fmt(percentile(entry.latencies, 50), 1),
      fmt(percentile(entry.latencies, 99), 1),
      failed.map(([status, n]) => `${status} × ${n}`).join(', ') || '—',
    ]);
  }
  totalErrors += result.connectionErrors + result.timeouts;
  rows.push([
    'all',
    fmt(totalRequests),
    fmt(totalRequests / result.seconds),
    fmt(totalErrors),
    fmt(percentile(all, 50), 1),
    fmt(percentile(all, 99), 1),
    result.connectionErrors || result.timeouts ? `connection errors ${result.connectionErrors}, timeouts ${result.timeouts}` : '—',
  ]);
  const { progress, comments } = result;
  const text = [
    table(['kind', 'requests', 'req/s', 'errors', 'p50 ms', 'p99 ms', 'errors by status'], rows),
    '',
    table(
      ['writes', 'acknowledged', 'readable', 'lost'],
      [
        ['progress saves', fmt(progress.acknowledged), fmt(progress.readable), fmt(progress.lost)],
        ['comments', fmt(comments.acknowledged), fmt(comments.stored), fmt(Math.max(0, comments.acknowledged - comments.stored))],
      ],
      1,
    ),
  ].join('\n');
  return { text, errors: totalErrors };
}

async function main(): Promise<number> {
  const options = parseLoadOptions(process.argv.slice(2));
  const { target } = options;
  const load1 = loadavg()[0]!;
  if (!options.reuseDb) await seedBenchDatabase(target, options.scale);
  const db = createDb(target.dialect === 'sqlite' ? { client: 'sqlite', filename: target.file } : { client: 'mysql', url: target.url });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const logFile = join(RESULTS_DIR, `${stamp}-${target.label}-load-server.log`);
  const server = await startServer({ target, logFile });
  try {
    log(`server pid ${server.pid} at ${server.url} (log: ${logFile})`);
    const signInStarted = Date.now();
    const { learners, others } = await signInPool(db, server.url, options.learners);
    log(`${learners.length} learners signed in in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`);
    const modules: MixedModule[] = (await db('modules').select('id', 'courseId', 'duration')).map((m: MixedModule) => ({
      id: Number(m.id),
      courseId: Number(m.courseId),
      duration: Number(m.duration),
    }));
    const modulesByCourse = new Map<number, MixedModule[]>();
    for (const module of modules) modulesByCourse.set(module.courseId, [...(modulesByCourse.get(module.courseId) ?? []), module]);
    await settle(server.url);
    log(`${options.connections} connections × ${options.duration} s of mixed traffic, ${options.loginsPerSecond} sign-ins/s`);
    const result = await runMixed(
      {
        base: server.url,
        connections: options.connections,
        duration: options.duration,
        learners,
        modulesByCourse,
        loginEmails: others,
        loginsPerSecond: options.loginsPerSecond,
        progressStep: options.progressStep,
      },
      db,
    );
    const users = await countRows(db('users'));
    const { text, errors } = formatMixed(result);
    console.log(
      `\nAtrium load run — ${target.label}, ${users.toLocaleString('en')} users, ${learners.length} signed-in learners, ${options.connections} connections × ${options.duration} s (${result.seconds.toFixed(1)} s measured), ${cpus().length} CPUs, load ${load1.toFixed(2)} at start\n`,
    );
    console.log(text);
    const failed = errors > 0 || result.progress.lost > 0 || result.comments.stored < result.comments.acknowledged;
    console.log(`\n${failed ? 'FAILED: errors or lost writes (see above)' : 'OK: 0 errors, 0 lost writes'}`);
    return failed ? 1 : 0;
  } finally {
    await settle(server.url).catch(() => undefined);
    await server.stop();
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
