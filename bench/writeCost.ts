/**
 * Where a progress report's database CPU goes (issue 54), on the existing bench database (run
 * `npm run bench` or bench/seed.ts first):
 *
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/atrium_bench node --import tsx bench/writeCost.ts [--reports 4000]
 *
 * Sends reports through the server's own command (recordProgress over Database, as
 * POST /api/progress does, 32 at a time) and counts the CPU they cost: MariaDB's per report,
 * taken from the threads of this process's own connections (information_schema.PROCESSLIST's
 * TID, read in /proc), so the other users of a shared MariaDB do not count; the whole mariadbd
 * beside it (its background threads flush the log and purge for these writes too); and this
 * process's. Then the same again with each group of triggers on the write's path dropped (and
 * put back, exactly as SHOW CREATE TRIGGER gave them), and with reports that name no played
 * buckets: the difference is what that part costs. Each pair resumes mid-module with its current
 * word of played buckets stored (resumeWords.ts), as the bench's progress scenario does. Partial reports first, then completions
 * (isCompleted on pairs not completed yet). The database's name must contain "bench": its
 * triggers are dropped for a moment.
 */
import { parseArgs } from 'node:util';
import { recordProgress } from '../server/src/commands/recordProgress.ts';
import { foldRetention } from '../server/src/commands/retentionFold.ts';
import { Database } from '../server/src/db/database.ts';
import { selectRows } from '../server/src/db/raw.ts';
import { cpuMsOf, databaseServerPid, databaseThreads, threadCpuMs } from './cpuTime.ts';
import { resolveTarget } from './options.ts';
import { reportedBuckets, resumeBucket, resumeWords } from './resumeWords.ts';

const { values } = parseArgs({ options: { reports: { type: 'string' }, concurrency: { type: 'string' } } });
const REPORTS = Number(values.reports ?? 4000);
const CONCURRENCY = Number(values.concurrency ?? 32);

interface Pair {
  userId: number;
  moduleId: number;
  courseId: number;
  duration: number;
  sent: number;
}

const processCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function main(): Promise<void> {
  const target = resolveTarget(process.env, undefined);
  if (target.dialect !== 'mysql') throw new Error('writeCost measures MariaDB: set DATABASE_URL (SQLite runs inside the server; use the bench row)');
  const database = await Database.open({ client: 'mysql', url: target.url });
  const knex = database.knex;
  const mariadbd = databaseServerPid();
  if (mariadbd === null) throw new Error('no single mariadbd process on this machine');
  const threads = () => databaseThreads(knex, target.database);

  const pairs: Pair[] = (
    await selectRows<Pair>(
      knex,
      `select e.user_id, m.id as module_id, m.course_id, m.duration, 0 as sent from enrollments e join modules m on m.course_id = e.course_id
       where e.user_id % 7 = 3 order by m.id, e.user_id limit ?`,
      [REPORTS * 8],
    )
  ).map((pair) => ({
    ...pair,
    userId: Number(pair.userId),
    moduleId: Number(pair.moduleId),
    courseId: Number(pair.courseId),
    duration: Number(pair.duration),
  }));
  const userIds = [...new Set(pairs.map((pair) => pair.userId))];
  const reset = async () => {
    for (let start = 0; start < userIds.length; start += 1000) {
      const chunk = userIds.slice(start, start + 1000);
      await knex('progress').whereIn('userId', chunk).update({ watchedDuration: 0, playedSeconds: 0, position: 0, isCompleted: false, completedAt: null });
      await knex('progressBuckets').whereIn('userId', chunk).delete();
      const inChunk = new Set(chunk);
      const words = resumeWords(pairs.filter((pair) => inChunk.has(pair.userId)));
      for (let at = 0; at < words.length; at += 500) await knex('progressBuckets').insert(words.slice(at, at + 500));
      await knex('certificates').whereIn('userId', chunk).delete();
    }
    for (const pair of pairs) pair.sent = 0;
  };
  let clock = Date.now();

  /** `count` reports, CONCURRENCY at a time, each on the next pair; the CPU they cost per report. */
  async function drive(count: number, kind: 'partial' | 'complete', buckets: boolean) {
    let next = 0;
    const one = async () => {
      const pair = pairs[next % pairs.length]!;
      next += 1;
      pair.sent += 1;
      const result = await recordProgress(
        database,
        {
          userId: pair.userId,
          module: { id: pair.moduleId, courseId: pair.courseId, duration: pair.duration },
          watchedDuration: kind === 'complete' ? pair.duration : pair.sent,
          isCompleted: kind === 'complete',
          position: pair.sent,
          playedBuckets: buckets ? reportedBuckets(resumeBucket(pair.userId, pair.moduleId, pair.duration), pair.sent, pair.duration) : [],
        },
        { now: (clock += 1) },
      );
      if (typeof result === 'string' || 'refusal' in result) throw new Error(`report refused: ${JSON.stringify(result)}`);
    };
    const worker = async (budget: { left: number }) => {
      while (budget.left > 0) {
        budget.left -= 1;
        await one();
      }
    };
    // Warm: every pooled connection open and its statements prepared.
    const warm = { left: CONCURRENCY * 4 };
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(warm)));
    const tids = await threads();
    const before = { own: tids.map((tid) => threadCpuMs(mariadbd!, tid)), all: cpuMsOf(mariadbd!)!, node: processCpuMs(), at: performance.now() };
    const budget = { left: count };
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(budget)));
    // A connection the pool opens meanwhile is not counted (MariaDB reuses cached threads, so a new
    // one's CPU so far is not all this run's): compare with the whole mariadbd when the pool grew.
    const own = tids.reduce((sum, tid, index) => sum + threadCpuMs(mariadbd!, tid) - before.own[index]!, 0);
    const per = (ms: number) => Math.round((ms * 1000) / count);
    return {
      connectionsUs: per(own),
      mariadbdUs: per(cpuMsOf(mariadbd!)! - before.all),
      nodeUs: per(processCpuMs() - before.node),
      perSecond: Math.round(count / ((performance.now() - before.at) / 1000)),
    };
  }

  const groups: Array<[string, string[]]> = [
    ['course_progress totals (007, 022)', ['progress_totals_insert', 'progress_totals_update']],
    ['status marks on course_progress (035)', ['course_progress_counts_insert', 'course_progress_counts_update']],
    ['triggers on progress_buckets (025 counters, or 043 pending news)', ['progress_buckets_insert', 'progress_buckets_update']],
  ];
  const existing = new Set(
    (await selectRows<{ triggerName: string }>(knex, 'select trigger_name from information_schema.triggers where trigger_schema = ?', [target.database])).map(
      (row) => row.triggerName,
    ),
  );
  const lines: string[] = [];
  const report = (label: string, cost: Awaited<ReturnType<typeof drive>>) => {
    const line = `| ${label} | ${cost.connectionsUs} | ${cost.mariadbdUs} | ${cost.nodeUs} | ${cost.perSecond} |`;
    lines.push(line);
    console.log(line);
  };
  console.log(
    `| ${REPORTS} reports, ${CONCURRENCY} at a time | MariaDB, own connections µs/report | mariadbd in all µs/report | this process µs/report | reports/s |`,
  );
  console.log('|---|---|---|---|---|');
  await reset();
  const hasPendingTable = await knex.schema.hasTable('retention_pending');
  if (hasPendingTable) await foldRetention(knex);
  report('partial report, as the server runs it', await drive(REPORTS, 'partial', true));
  if (hasPendingTable) {
    // The retention fold's share (migration 043): what the job spends on those reports' news, per report.
    const tids = await threads();
    const before = { own: tids.map((tid) => threadCpuMs(mariadbd, tid)), all: cpuMsOf(mariadbd)!, node: processCpuMs(), at: performance.now() };
    const folded = await foldRetention(knex);
    const reports = REPORTS + CONCURRENCY * 4;
    const per = (ms: number) => Math.round((ms * 1000) / reports);
    report(`(then) the retention fold of their ${folded} pending rows, per report`, {
      connectionsUs: per(tids.reduce((sum, tid, index) => sum + threadCpuMs(mariadbd, tid) - before.own[index]!, 0)),
      mariadbdUs: per(cpuMsOf(mariadbd)! - before.all),
      nodeUs: per(processCpuMs() - before.node),
      perSecond: Math.round(reports / ((performance.now() - before.at) / 1000)),
    });
  }
  report('partial report, no played buckets', await drive(REPORTS, 'partial', false));
  for (const [label, names] of groups) {
    const present = names.filter((name) => existing.has(name));
    if (!present.length) {
      console.log(`| (${label}: none of ${names.join(', ')} here) | | | | |`);
      continue;
    }
    const saved: string[] = [];
    for (const name of present) {
      const [rows] = (await knex.raw(`show create trigger ${name}`)) as unknown as [Array<Record<string, string>>];
      saved.push(rows[0]!['SQL Original Statement']!);
    }
    try {
      for (const name of present) await knex.raw(`drop trigger ${name}`);
      report(`partial report without ${label}`, await drive(REPORTS, 'partial', true));
    } finally {
      for (const sql of saved) await knex.raw(sql);
    }
  }
  await reset();
  report('completion (isCompleted, a pair not completed yet)', await drive(Math.min(REPORTS, pairs.length - CONCURRENCY * 4), 'complete', true));
  await reset();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
