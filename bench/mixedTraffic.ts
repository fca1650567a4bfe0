/**
 * The mixed-traffic load of `npm run load`: every autocannon connection is one browser tab of a
 * signed-in learner, choosing each next request from a weighted mix (browse, progress saves,
 * comments), plus sign-ins at a fixed rate across all connections. Each response is booked per
 * kind: status, latency, and for progress and comments what must be readable afterwards.
 */
import autocannon from 'autocannon';
import type { Db } from '../server/src/db/knex.ts';
import { BENCH_PASSWORD, prng } from './seedData.ts';

export interface MixedLearner {
  id: number;
  cookie: string;
  courseIds: number[];
}

export interface MixedModule {
  id: number;
  courseId: number;
  duration: number;
}

export interface MixedOptions {
  base: string;
  connections: number;
  duration: number;
  /** Signed-in learners, dealt out to the connections (each connection owns its own). */
  learners: MixedLearner[];
  modulesByCourse: Map<number, MixedModule[]>;
  /** E-mails that sign in during the run (sign-ins per second across all connections). */
  loginEmails: string[];
  loginsPerSecond: number;
  /** Seconds of video a progress save reports beyond the previous one for the same module. */
  progressStep: number;
}

export const KINDS = [
  'GET /api/courses',
  'GET /api/dashboard',
  'GET /api/courses/:id',
  'GET /api/modules/:id/comments',
  'POST /api/progress',
  'POST /api/modules/:id/comments',
  'POST /api/login',
] as const;
export type Kind = (typeof KINDS)[number];

/** Share of each kind in a connection's own requests (sign-ins come on top, by rate). */
const MIX: Array<[Kind, number]> = [
  ['GET /api/courses', 10],
  ['GET /api/dashboard', 15],
  ['GET /api/courses/:id', 15],
  ['GET /api/modules/:id/comments', 20],
  ['POST /api/progress', 35],
  ['POST /api/modules/:id/comments', 5],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

export interface KindStats {
  requests: number;
  statuses: Record<string, number>;
  latencies: number[];
}

export interface MixedResult {
  seconds: number;
  stats: Record<Kind, KindStats>;
  /** Connection errors and timeouts, which have no status. */
  connectionErrors: number;
  timeouts: number;
  progress: { acknowledged: number; readable: number; lost: number; pairs: number };
  comments: { acknowledged: number; stored: number };
}

interface ProgressPair {
  learner: MixedLearner;
  module: MixedModule;
  sent: number;
  /** Highest watchedDuration acknowledged (2xx), as the server clamps it to the duration. */
  acknowledged: number[];
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

export async function runMixed(options: MixedOptions, db: Db): Promise<MixedResult> {
  const stats = Object.fromEntries(KINDS.map((kind) => [kind, { requests: 0, statuses: {}, latencies: [] }])) as unknown as Record<Kind, KindStats>;
  const allPairs: ProgressPair[] = [];
  const commentMarker = `load-${Date.now().toString(36)}`;
  let commentsAcknowledged = 0;
  const courseIds = [...options.modulesByCourse.keys()];
  // Sign-ins: one every 1/rate seconds across the whole run, taken by whichever connection asks next.
  const loginInterval = options.loginsPerSecond > 0 ? 1000 / options.loginsPerSecond : Infinity;
  let nextLoginAt = performance.now() + loginInterval;
  let loginTurn = 0;
  let clients = 0;

  const setupClient = (client: autocannon.Client) => {
    const index = clients;
    clients += 1;
    const random = prng(0x10ad + index);
    const mine = options.learners.filter((_, i) => i % options.connections === index % options.connections);
    const pairs: ProgressPair[] = mine.flatMap((learner) =>
      learner.courseIds.flatMap((courseId) => (options.modulesByCourse.get(courseId) ?? []).map((module) => ({ learner, module, sent: 0, acknowledged: [] }))),
    );
    allPairs.push(...pairs);
    let inFlight: { kind: Kind; sentAt: number; pair?: ProgressPair; value?: number } | null = null;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const kindOf = (): Kind => {
      if (performance.now() >= nextLoginAt) {
        nextLoginAt += loginInterval;
        return 'POST /api/login';
      }
      let roll = random() * MIX_TOTAL;
      for (const [kind, weight] of MIX) {
        roll -= weight;
        if (roll < 0) return kind;
      }
      return 'GET /api/courses';
    };
    client.setRequests([
      {
        method: 'GET',
        path: '/api/courses',
        setupRequest(request) {
          const kind = kindOf();
          const learner = pick(mine);
          const courseId = pick(learner.courseIds);
          const module = pick(options.modulesByCourse.get(courseId) ?? []);
          const cookie = { cookie: learner.cookie };
          inFlight = { kind, sentAt: performance.now() };
          switch (kind) {
            case 'GET /api/courses':
              // A visitor on the catalogue: no session.
              return { ...request, method: 'GET', path: '/api/courses', headers: { accept: 'application/json' } };
            case 'GET /api/dashboard':
              return { ...request, method: 'GET', path: '/api/dashboard', headers: { accept: 'application/json', ...cookie } };
            case 'GET /api/courses/:id':
              return {
                ...request,
                method: 'GET',
                path: `/api/courses/${pick(random() < 0.7 ? learner.courseIds : courseIds)}`,
                headers: { accept: 'application/json', ...cookie },
              };
            case 'GET /api/modules/:id/comments':
              return { ...request, method: 'GET', path: `/api/modules/${module.id}/comments`, headers: { accept: 'application/json', ...cookie } };
            case 'POST /api/modules/:id/comments':
              return {
                ...request,
                method: 'POST',
                path: `/api/modules/${module.id}/comments`,
                headers: { ...JSON_HEADERS, ...cookie },
                body: JSON.stringify({ comment: `${commentMarker}: the checklist at the end was the most useful part for our open evening.` }),
              };
            case 'POST /api/login': {
              // A new device signing in: no cookie, so nobody's open session is replaced.
              const email = options.loginEmails[loginTurn++ % options.loginEmails.length]!;
              return { ...request, method: 'POST', path: '/api/login', headers: JSON_HEADERS, body: JSON.stringify({ email, password: BENCH_PASSWORD }) };
            }
            case 'POST /api/progress': {
              // This connection's pairs only, one request at a time: a pair's values only grow.
              const pair = pick(pairs);
              pair.sent += 1;
              const value = pair.sent * options.progressStep;
              inFlight.pair = pair;
              inFlight.value = Math.min(value, pair.module.duration);
              const body = { moduleId: pair.module.id, courseId: pair.module.courseId, watchedDuration: value, position: value };
              return {
                ...request,
                method: 'POST',
                path: '/api/progress',
                headers: { ...JSON_HEADERS, cookie: pair.learner.cookie },
                body: JSON.stringify(body),
              };
            }
          }
        },
        onResponse(status) {
          if (!inFlight) return;
          const entry = stats[inFlight.kind];
          entry.requests += 1;
          entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
          const ok = status >= 200 && status < 300;
          if (ok) entry.latencies.push(performance.now() - inFlight.sentAt);
          if (ok && inFlight.pair && inFlight.value !== undefined) inFlight.pair.acknowledged.push(inFlight.value);
          if (ok && inFlight.kind === 'POST /api/modules/:id/comments') commentsAcknowledged += 1;
          inFlight = null;
        },
      },
    ]);
  };

  const learnerIds = options.learners.map((learner) => learner.id);
  // The pool's progress starts from zero, so a seeded value cannot hide a lost write.
  for (let from = 0; from < learnerIds.length; from += 500) {
    await db('progress')
      .whereIn('userId', learnerIds.slice(from, from + 500))
      .update({ watchedDuration: 0, position: 0, isCompleted: false, completedAt: null });
  }
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: options.base, connections: options.connections, duration: options.duration, timeout: 30, pipelining: 1, setupClient },
      (error: Error | null, finished: autocannon.Result) => (error ? reject(error) : resolve(finished)),
    );
    const guard = setTimeout(() => instance.stop(), (options.duration + 60) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
  const seconds = (performance.now() - started) / 1000;
  // Requests cut off by the end of the run may still be finishing on the server.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const stored = new Map<string, number>();
  for (let from = 0; from < learnerIds.length; from += 500) {
    const rows: Array<{ userId: number; moduleId: number; watchedDuration: number | string }> = await db('progress')
      .whereIn('userId', learnerIds.slice(from, from + 500))
      .select('userId', 'moduleId', 'watchedDuration');
    for (const row of rows) stored.set(`${row.userId}:${row.moduleId}`, Number(row.watchedDuration));
  }
  let acknowledged = 0;
  let readable = 0;
  for (const pair of allPairs) {
    const value = stored.get(`${pair.learner.id}:${pair.module.id}`) ?? -1;
    acknowledged += pair.acknowledged.length;
    readable += pair.acknowledged.filter((acked) => acked <= value).length;
  }
  const commentRows = (await db('comments').where('comment', 'like', `${commentMarker}:%`).count({ n: '*' })) as Array<{ n: number | string }>;
  return {
    seconds,
    stats,
    connectionErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    progress: { acknowledged, readable, lost: acknowledged - readable, pairs: allPairs.length },
    comments: { acknowledged: commentsAcknowledged, stored: Number(commentRows[0]?.n ?? 0) },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
