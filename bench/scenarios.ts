import type autocannon from 'autocannon';
import type { Db } from '../server/src/db/knex.ts';
import { load, type LoadResult } from './load.ts';
import { reportedBuckets, resumeBucket, resumeWords } from './resumeWords.ts';
import { BENCH_PASSWORD, FIRST_NAMES, LAST_NAMES } from './seedData.ts';

export interface PoolUser {
  id: number;
  email: string;
  cookie: string;
  courseIds: number[];
}

export interface ModuleInfo {
  id: number;
  courseId: number;
  duration: number;
}

export interface BenchContext {
  base: string;
  duration: number;
  connections: number;
  users: PoolUser[];
  adminCookie: string;
  modulesByCourse: Map<number, ModuleInfo[]>;
  db: Db;
}

/** Hands out the items in turn, starting at a different place each time it is made. */
function cycle<T>(items: T[]): () => T {
  if (items.length === 0) throw new Error('nothing to cycle through');
  let next = Math.floor(Math.random() * items.length);
  return () => items[next++ % items.length]!;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/**
 * GETs whose path and cookie change from request to request. Connection i takes visits i,
 * i + connections, i + 2 × connections, … in turn, starting at a random one of its own, so the
 * connections ask for different learners' pages at any moment and every visit is used.
 *
 * Each connection's requests are built once, as autocannon builds the ceiling's one request,
 * rather than by a `setupRequest` per request: the load generator shares the machine's cores
 * with the server, so building requests one by one took CPU from the server that the ceiling's
 * run never lost, and the comparison with the ceiling was no longer fair (docs/performance-log.md).
 */
export function rotatingGet(ctx: BenchContext, visits: Array<{ path: string; cookie?: string }>, duration = ctx.duration): Promise<LoadResult> {
  if (visits.length === 0) throw new Error('nothing to visit');
  let clients = 0;
  const setupClient = (client: autocannon.Client) => {
    const index = clients % ctx.connections;
    clients += 1;
    const mine = visits.filter((_, i) => i % ctx.connections === index);
    const own = mine.length ? mine : [visits[index % visits.length]!];
    const start = Math.floor(Math.random() * own.length);
    const turn = [...own.slice(start), ...own.slice(0, start)];
    client.setRequests(turn.map(({ path, cookie }) => ({ method: 'GET', path, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } })));
  };
  return load({ url: ctx.base, connections: ctx.connections, duration, headers: { accept: 'application/json' }, setupClient });
}

export const coursesList = (ctx: BenchContext) => load({ url: `${ctx.base}/api/courses`, connections: ctx.connections, duration: ctx.duration });

/** The ceiling child answers every path with the same bytes. */
export const ceiling = (ctx: BenchContext) => load({ url: `${ctx.base}/`, connections: ctx.connections, duration: ctx.duration });

export function dashboard(ctx: BenchContext, duration?: number) {
  return rotatingGet(
    ctx,
    ctx.users.map((user) => ({ path: '/api/dashboard', cookie: user.cookie })),
    duration,
  );
}

/** A signed-in learner opening one of the courses they are enrolled in. */
export function courseDetail(ctx: BenchContext, duration?: number) {
  return rotatingGet(
    ctx,
    ctx.users.flatMap((user) => user.courseIds.map((courseId) => ({ path: `/api/courses/${courseId}`, cookie: user.cookie }))),
    duration,
  );
}

/** A learner reading the first page of a module's discussion, on a course they are enrolled in. */
export function comments(ctx: BenchContext, duration?: number) {
  const visits = ctx.users.flatMap((user) =>
    user.courseIds.flatMap((courseId) =>
      (ctx.modulesByCourse.get(courseId) ?? []).map((module) => ({ path: `/api/modules/${module.id}/comments`, cookie: user.cookie })),
    ),
  );
  return rotatingGet(ctx, visits, duration);
}

/** The first page of a module's threads with their replies (issue 58), on a course the learner is enrolled in. */
export function discussionPage(ctx: BenchContext, duration?: number) {
  const visits = ctx.users.flatMap((user) =>
    user.courseIds.flatMap((courseId) =>
      (ctx.modulesByCourse.get(courseId) ?? []).map((module) => ({ path: `/api/modules/${module.id}/discussion`, cookie: user.cookie })),
    ),
  );
  return rotatingGet(ctx, visits, duration);
}

/**
 * Replies posted by signed-in learners (issue 58): each connection takes learners in turn and
 * answers the newest comment of one of their modules (found once, up front), so every request is a
 * reply that moves its thread up the "Newest activity" order. Rows written stay in the bench database.
 */
export async function postReply(ctx: BenchContext, duration?: number): Promise<LoadResult> {
  const targets: Array<{ moduleId: number; parentId: number; cookie: string }> = [];
  for (const user of ctx.users) {
    for (const courseId of user.courseIds) {
      const module = (ctx.modulesByCourse.get(courseId) ?? [])[user.id % 12];
      if (!module) continue;
      const opener = (await ctx.db('comments').where({ moduleId: module.id }).whereNull('parentId').orderBy('id', 'desc').first('id')) as
        { id: number } | undefined;
      if (opener) targets.push({ moduleId: module.id, parentId: Number(opener.id), cookie: user.cookie });
    }
  }
  const next = cycle(targets);
  const setupRequest = (request: autocannon.Request): autocannon.Request => {
    const target = next();
    return {
      ...request,
      method: 'POST',
      path: `/api/modules/${target.moduleId}/comments`,
      headers: { ...JSON_HEADERS, cookie: target.cookie },
      body: JSON.stringify({ comment: 'Thank you, that helped with the lighting in my classroom.', parentId: target.parentId }),
    };
  };
  return load({ url: ctx.base, connections: ctx.connections, duration: duration ?? ctx.duration, headers: JSON_HEADERS, requests: [{ setupRequest }] });
}

/** What an admin types in the students search box: name and e-mail prefixes, a full name, a miss. */
export function searchTerms(): string[] {
  const terms: string[] = [];
  FIRST_NAMES.forEach((name, index) => {
    if (index % 3 === 0) terms.push(name.slice(0, 3));
    if (index % 5 === 1) terms.push(`${name.toLowerCase()}.${LAST_NAMES[index % LAST_NAMES.length]!.slice(0, 2).toLowerCase()}`);
    if (index % 7 === 2) terms.push(`${name} ${LAST_NAMES[(index * 3) % LAST_NAMES.length]!.slice(0, 3)}`);
  });
  LAST_NAMES.forEach((name, index) => {
    if (index % 3 === 0) terms.push(name.slice(0, index % 2 ? 4 : 3));
  });
  terms.push('zzq', 'qx');
  return terms;
}

export function students(ctx: BenchContext, duration?: number) {
  return rotatingGet(
    ctx,
    searchTerms().map((term) => ({ path: `/api/admin/students?q=${encodeURIComponent(term)}`, cookie: ctx.adminCookie })),
    duration,
  );
}

/** Sign-ins of the pool's learners: each one is an argon2id verify, capped by the server's hasher. */
export function login(ctx: BenchContext) {
  const user = cycle(ctx.users);
  const setupRequest = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    method: 'POST',
    path: '/api/login',
    body: JSON.stringify({ email: user().email, password: BENCH_PASSWORD }),
  });
  return load({ url: ctx.base, connections: ctx.connections, duration: ctx.duration, headers: JSON_HEADERS, requests: [{ setupRequest }] });
}

interface Pair {
  user: PoolUser;
  module: ModuleInfo;
  sent: number;
  /** watchedDuration values the server acknowledged with a 2xx. */
  acked: number[];
}

export interface ProgressCheck {
  /** 2xx answers, as counted per request by the bench. */
  acknowledged: number;
  /** Acknowledged writes whose value is in the database afterwards (stored watchedDuration ≥ it). */
  readable: number;
  lost: number;
  pairs: number;
  rowsTouched: number;
}

/**
 * POST /api/progress from the pool's learners on every module of their courses. Each connection
 * owns a disjoint set of (user, module) pairs and sends each pair watchedDuration 1, 2, 3, …
 * one at a time, so the value the server acknowledged last for a pair is the one it must still
 * hold afterwards (the stored value only ever grows). "Readable" = an acknowledged write whose
 * value is ≤ the stored watchedDuration of its row; "lost" = the other acknowledged writes.
 * The pool's progress rows are reset to zero first, so a seeded value cannot hide a loss.
 *
 * Like the read scenarios, the measured load follows a warm-up of `warmup` seconds on the same
 * pairs: a server's first second of reports is JIT compilation and the first prepare of each
 * statement on each pooled connection, much slower than every second after it, and that is
 * start-up, not the sustained rate the target is about. The warm-up's values are lower than every
 * measured one (each pair's values keep growing), so the loss check stays exact; only the
 * measured load's acknowledgements are counted.
 * `meter` is started right before the measured load and stopped right after it, so the reset,
 * the warm-up and the read-back are not counted; `beforeMeasure` runs just before it (the bench
 * folds the retention news the reset and the warm-up left, so what it folds afterwards is the
 * measured reports' alone).
 */
export async function progress<M>(
  ctx: BenchContext,
  meter: () => (answers: number) => M,
  warmup = 0,
  beforeMeasure?: () => Promise<unknown>,
): Promise<{ result: LoadResult; check: ProgressCheck; measured: M }> {
  const pairs: Pair[] = ctx.users.flatMap((user) =>
    user.courseIds.flatMap((courseId) => (ctx.modulesByCourse.get(courseId) ?? []).map((module) => ({ user, module, sent: 0, acked: [] }))),
  );
  if (pairs.length < ctx.connections) throw new Error('progress: fewer (user, module) pairs than connections; sign in more users');
  const userIds = ctx.users.map((user) => user.id);
  await ctx.db('progress').whereIn('userId', userIds).update({ watchedDuration: 0, position: 0, isCompleted: false, completedAt: null, updatedAt: 0 });
  // The learners' bucket masks too (when the schema has them), so each run sets new bits as real
  // viewing does, each pair resuming mid-module with its current word stored (resumeWords.ts).
  // hasTable takes the table's own (snake_case) name: knex's identifier mapping does not apply to it.
  if (await ctx.db.schema.hasTable('progress_buckets')) {
    await ctx.db('progressBuckets').whereIn('userId', userIds).delete();
    const words = resumeWords(pairs.map((pair) => ({ userId: pair.user.id, moduleId: pair.module.id, duration: pair.module.duration })));
    for (let start = 0; start < words.length; start += 500) await ctx.db('progressBuckets').insert(words.slice(start, start + 500));
  }
  let clients = 0;
  const setupClient = (client: autocannon.Client) => {
    const index = clients;
    clients += 1;
    const mine = pairs.filter((_, i) => i % ctx.connections === index % ctx.connections);
    let turn = Math.floor(Math.random() * mine.length);
    let inFlight: { pair: Pair; value: number } | null = null;
    client.setRequests([
      {
        method: 'POST',
        path: '/api/progress',
        headers: JSON_HEADERS,
        setupRequest(request) {
          const pair = mine[turn++ % mine.length]!;
          pair.sent += 1;
          inFlight = { pair, value: pair.sent };
          // As the player reports: the three 10-second buckets played in the 30 s since its last report.
          const playedBuckets = reportedBuckets(resumeBucket(pair.user.id, pair.module.id, pair.module.duration), pair.sent, pair.module.duration);
          const body = { moduleId: pair.module.id, courseId: pair.module.courseId, watchedDuration: pair.sent, position: pair.sent, playedBuckets };
          return { ...request, headers: { ...request.headers, cookie: pair.user.cookie }, body: JSON.stringify(body) };
        },
        onResponse(status) {
          if (inFlight && status >= 200 && status < 300) inFlight.pair.acked.push(inFlight.value);
          inFlight = null;
        },
      },
    ]);
  };
  if (warmup > 0) {
    await load({ url: ctx.base, connections: ctx.connections, duration: warmup, method: 'POST', headers: JSON_HEADERS, setupClient });
    // Requests cut off by the end of the warm-up may still be finishing on the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pair of pairs) pair.acked = [];
    // The measured connections take the same disjoint shares of the pairs as the warm-up's.
    clients = 0;
  }
  await beforeMeasure?.();
  const startedAt = Date.now();
  const stopMeter = meter();
  const result = await load({ url: ctx.base, connections: ctx.connections, duration: ctx.duration, method: 'POST', headers: JSON_HEADERS, setupClient });
  const measured = stopMeter(result.ok);
  // Requests cut off by the end of the run may still be finishing on the server.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rows: Array<{ userId: number; moduleId: number; watchedDuration: number | string; updatedAt: number | string }> = await ctx
    .db('progress')
    .whereIn('userId', userIds)
    .select('userId', 'moduleId', 'watchedDuration', 'updatedAt');
  const stored = new Map(rows.map((row) => [`${row.userId}:${row.moduleId}`, Number(row.watchedDuration)]));
  let acknowledged = 0;
  let readable = 0;
  for (const pair of pairs) {
    const value = stored.get(`${pair.user.id}:${pair.module.id}`) ?? -1;
    acknowledged += pair.acked.length;
    readable += pair.acked.filter((acked) => acked <= value).length;
  }
  const rowsTouched = rows.filter((row) => Number(row.updatedAt) >= startedAt).length;
  return { result, check: { acknowledged, readable, lost: acknowledged - readable, pairs: pairs.length, rowsTouched }, measured };
}

export interface CompletionCheck {
  /** 2xx answers to completing reports. */
  acknowledged: number;
  /** Acknowledged completions whose row is completed afterwards. */
  readable: number;
  lost: number;
  /** Certificates the measured completions issued (a course's last module completed). */
  certificates: number;
}

/**
 * POST /api/progress with isCompleted: true, each request on a (learner, module) pair not completed
 * yet (issue 54: a lesson's completion, with its certificate checks, steps and counts, costs at
 * most twice a partial report). The pool's progress rows are reset to not completed and their
 * certificates deleted first; the pairs go module by module, then learner by learner, so the
 * requests in flight at any moment are different learners' (one learner does not complete twelve
 * modules in the same millisecond) and each course's last module, which issues its certificate,
 * comes last. Each connection owns disjoint pairs and never sends one twice: the run stops after
 * as many requests as the pairs allow (autocannon's `amount`), a warm-up's worth first, unmeasured.
 */
export async function completion<M>(
  ctx: BenchContext,
  meter: () => (answers: number) => M,
  warmupPerConnection = 16,
): Promise<{ result: LoadResult; check: CompletionCheck; measured: M }> {
  const pairs: Array<{ user: PoolUser; module: ModuleInfo; order: number; acked: boolean }> = ctx.users.flatMap((user) =>
    user.courseIds.flatMap((courseId) => (ctx.modulesByCourse.get(courseId) ?? []).map((module, order) => ({ user, module, order, acked: false }))),
  );
  pairs.sort((a, b) => a.order - b.order || a.user.id - b.user.id || a.module.id - b.module.id);
  const userIds = ctx.users.map((user) => user.id);
  await ctx.db('progress').whereIn('userId', userIds).update({ isCompleted: false, completedAt: null });
  await ctx.db('certificates').whereIn('userId', userIds).delete();
  const perConnection = Math.floor(pairs.length / ctx.connections);
  if (perConnection <= warmupPerConnection * 2) throw new Error('completion: too few (learner, module) pairs per connection; sign in more learners');
  const cursors = new Map<number, number>();
  let clients = 0;
  const setupClient = (client: autocannon.Client) => {
    const index = clients % ctx.connections;
    clients += 1;
    const mine = pairs.filter((_, i) => i % ctx.connections === index);
    let inFlight: (typeof pairs)[number] | null = null;
    client.setRequests([
      {
        method: 'POST',
        path: '/api/progress',
        headers: JSON_HEADERS,
        setupRequest(request) {
          const turn = cursors.get(index) ?? 0;
          cursors.set(index, turn + 1);
          const pair = mine[turn % mine.length]!;
          inFlight = pair;
          const { module } = pair;
          const body = { moduleId: module.id, courseId: module.courseId, watchedDuration: module.duration, position: module.duration, isCompleted: true };
          return { ...request, headers: { ...request.headers, cookie: pair.user.cookie }, body: JSON.stringify(body) };
        },
        onResponse(status) {
          if (inFlight && status >= 200 && status < 300) inFlight.acked = true;
          inFlight = null;
        },
      },
    ]);
  };
  const options = { url: ctx.base, connections: ctx.connections, duration: ctx.duration, method: 'POST' as const, headers: JSON_HEADERS, setupClient };
  await load({ ...options, amount: ctx.connections * warmupPerConnection });
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const pair of pairs) pair.acked = false;
  clients = 0;
  const certificatesBefore = await ctx.db('certificates').whereIn('userId', userIds).count({ n: '*' });
  const stopMeter = meter();
  // autocannon shares the amount out evenly among the connections (±1): each stays within its own pairs.
  const result = await load({ ...options, amount: ctx.connections * (perConnection - warmupPerConnection - 1) });
  const measured = stopMeter(result.ok);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const certificatesAfter = await ctx.db('certificates').whereIn('userId', userIds).count({ n: '*' });
  const rows: Array<{ userId: number; moduleId: number; isCompleted: number | boolean }> = await ctx
    .db('progress')
    .whereIn('userId', userIds)
    .select('userId', 'moduleId', 'isCompleted');
  const completed = new Set(rows.filter((row) => Number(row.isCompleted) === 1 || row.isCompleted === true).map((row) => `${row.userId}:${row.moduleId}`));
  const acked = pairs.filter((pair) => pair.acked);
  const readable = acked.filter((pair) => completed.has(`${pair.user.id}:${pair.module.id}`)).length;
  return {
    result,
    check: {
      acknowledged: acked.length,
      readable,
      lost: acked.length - readable,
      certificates: Number(certificatesAfter[0]?.n ?? 0) - Number(certificatesBefore[0]?.n ?? 0),
    },
    measured,
  };
}
