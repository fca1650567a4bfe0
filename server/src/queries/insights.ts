import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { BUCKET_SECONDS, bucketCount } from '../db/playedBuckets.ts';

export const DAY_MS = 24 * 60 * 60_000;
export const WEEK_MS = 7 * DAY_MS;

/** The Monday 00:00 UTC that starts the week of `ms` (the epoch was a Thursday). */
export function weekStartOf(ms: number): number {
  return Math.floor((ms + 3 * DAY_MS) / WEEK_MS) * WEEK_MS - 3 * DAY_MS;
}

/**
 * What a chart is narrowed to: a time range [from, to) in epoch ms, a course, a school, or a set
 * of schools (a trust's; both may be given: the school must then be one of them to count anyone).
 */
export interface InsightsFilter {
  from: number;
  to: number;
  courseId?: number | undefined;
  schoolId?: number | undefined;
  schoolIds?: readonly number[] | undefined;
}

/** Narrows a query joined to school_members as `sm` to the filter's school(s). */
function bySchools(query: Knex.QueryBuilder, column: string, filter: InsightsFilter): void {
  if (filter.schoolId !== undefined) query.where(column, filter.schoolId);
  if (filter.schoolIds !== undefined) query.whereIn(column, filter.schoolIds);
}

const narrowsBySchool = (filter: InsightsFilter) => filter.schoolId !== undefined || filter.schoolIds !== undefined;

export interface WeekFigures {
  weekStart: number;
  enrollments: number;
  completions: number;
  certificates: number;
}

export interface WeekRevenue {
  weekStart: number;
  currency: string;
  amount: number;
}

/** Every week the range touches, oldest first. */
export function weeksOf(filter: Pick<InsightsFilter, 'from' | 'to'>): number[] {
  const weeks: number[] = [];
  for (let week = weekStartOf(filter.from); week < filter.to; week += WEEK_MS) weeks.push(week);
  return weeks;
}

/**
 * Enrollments, completions and certificates per week from the rollup (commands/insightsRollup.ts),
 * every week of the range present (zeros where nothing happened). Read through the rollup's key
 * (week first), or (school, week) for one school; a deleted course's weeks are left out.
 */
export async function weeklyFigures(db: Db, filter: InsightsFilter): Promise<WeekFigures[]> {
  const weeks = weeksOf(filter);
  if (weeks.length === 0) return [];
  const query = db('insightsWeekly as w')
    .join('courses as c', 'c.id', 'w.courseId')
    .whereBetween('w.weekStart', [weeks[0]!, weeks.at(-1)!])
    .groupBy('w.weekStart')
    .select('w.weekStart')
    .sum({ enrollments: 'w.enrollments', completions: 'w.completions', certificates: 'w.certificates' });
  if (filter.courseId !== undefined) query.where('w.courseId', filter.courseId);
  bySchools(query, 'w.schoolId', filter);
  const rows = (await query) as Array<{
    weekStart: number | string;
    enrollments: number | string | null;
    completions: number | string | null;
    certificates: number | string | null;
  }>;
  const byWeek = new Map(rows.map((row) => [Number(row.weekStart), row]));
  return weeks.map((weekStart) => {
    const row = byWeek.get(weekStart);
    return { weekStart, enrollments: Number(row?.enrollments ?? 0), completions: Number(row?.completions ?? 0), certificates: Number(row?.certificates ?? 0) };
  });
}

/** Money received per week and currency (minor units), only weeks with some; never summed across currencies. */
export async function weeklyRevenue(db: Db, filter: InsightsFilter): Promise<WeekRevenue[]> {
  const weeks = weeksOf(filter);
  if (weeks.length === 0) return [];
  const query = db('insightsWeeklyRevenue')
    .whereBetween('weekStart', [weeks[0]!, weeks.at(-1)!])
    .groupBy('weekStart', 'currency')
    .orderBy([{ column: 'weekStart' }, { column: 'currency' }])
    .select('weekStart', 'currency')
    .sum({ amount: 'amount' });
  if (filter.courseId !== undefined) query.where('courseId', filter.courseId);
  bySchools(query, 'schoolId', filter);
  const rows = (await query) as Array<{ weekStart: number | string; currency: string; amount: number | string | null }>;
  return rows.map((row) => ({ weekStart: Number(row.weekStart), currency: row.currency, amount: Number(row.amount ?? 0) }));
}

export interface CourseFunnel {
  steps: number;
  enrolled: number;
  started: number;
  halfWay: number;
  completed: number;
  certified: number;
}

export interface ModuleCompletion {
  moduleId: number;
  title: string;
  orderIndex: number;
  completed: number;
}

/**
 * The funnel of a course for the learners who enrolled in the range (and, for a school, are its
 * members now): enrolled; started (any step completed or any second watched); half way (at least
 * half the steps completed); completed (every step); holding a valid certificate. Steps are the
 * course's modules as they are now: a deleted module's progress went with it. One pass over the
 * course's enrollments (index on course_id), each joined by key to its course_progress row.
 */
export async function courseFunnel(db: Db, courseId: number, filter: InsightsFilter): Promise<CourseFunnel> {
  const [{ steps } = { steps: 0 }] = (await db('modules').where({ courseId }).count({ steps: '*' })) as Array<{ steps: number | string }>;
  const total = Number(steps);
  const cohort = db('enrollments as e')
    .leftJoin('courseProgress as cp', (join) => join.on('cp.userId', 'e.userId').andOn('cp.courseId', 'e.courseId'))
    .where('e.courseId', courseId)
    .where('e.enrolledAt', '>=', filter.from)
    .where('e.enrolledAt', '<', filter.to);
  if (narrowsBySchool(filter)) {
    cohort.join('schoolMembers as sm', 'sm.userId', 'e.userId');
    bySchools(cohort, 'sm.schoolId', filter);
  }
  const [row] = (await cohort.select(
    db.raw('count(*) as enrolled'),
    db.raw('coalesce(sum(case when cp.completed_modules > 0 or cp.watched_seconds > 0 then 1 else 0 end), 0) as started'),
    db.raw('coalesce(sum(case when ? > 0 and cp.completed_modules * 2 >= ? then 1 else 0 end), 0) as half_way', [total, total]),
    db.raw('coalesce(sum(case when ? > 0 and cp.completed_modules >= ? then 1 else 0 end), 0) as completed', [total, total]),
    db.raw(
      `coalesce(sum(case when exists (select 1 from certificates c where c.user_id = e.user_id and c.course_id = e.course_id
        and c.revoked_at is null) then 1 else 0 end), 0) as certified`,
    ),
  )) as Array<Record<'enrolled' | 'started' | 'halfWay' | 'completed' | 'certified', number | string>>;
  return {
    steps: total,
    enrolled: Number(row?.enrolled ?? 0),
    started: Number(row?.started ?? 0),
    halfWay: Number(row?.halfWay ?? 0),
    completed: Number(row?.completed ?? 0),
    certified: Number(row?.certified ?? 0),
  };
}

/**
 * Per module of the course, in order, how many learners of the same cohort as the funnel have
 * completed it (a learner who skipped ahead counts for the modules they completed only).
 * Progress rows are read by course (index on course_id), each checked against its enrollment.
 */
export async function moduleCompletions(db: Db, courseId: number, filter: InsightsFilter): Promise<ModuleCompletion[]> {
  const completed = db('progress as p')
    .join('enrollments as e', (join) => join.on('e.userId', 'p.userId').andOn('e.courseId', 'p.courseId'))
    .where('p.courseId', courseId)
    .where('p.isCompleted', true)
    .where('e.enrolledAt', '>=', filter.from)
    .where('e.enrolledAt', '<', filter.to)
    .groupBy('p.moduleId')
    .select('p.moduleId')
    .count({ completed: '*' });
  if (narrowsBySchool(filter)) {
    completed.join('schoolMembers as sm', 'sm.userId', 'p.userId');
    bySchools(completed, 'sm.schoolId', filter);
  }
  const [modules, counts] = await Promise.all([
    db('modules')
      .where({ courseId })
      .orderBy([{ column: 'orderIndex' }, { column: 'id' }])
      .select('id', 'title', 'orderIndex'),
    completed.then((rows) => rows as unknown as Array<{ moduleId: number; completed: number | string }>),
  ]);
  const byModule = new Map(counts.map((row) => [Number(row.moduleId), Number(row.completed)]));
  return modules.map((module) => ({ moduleId: module.id, title: module.title, orderIndex: module.orderIndex, completed: byModule.get(module.id) ?? 0 }));
}

export interface CourseInsights {
  course: { id: number; title: string };
  funnel: CourseFunnel;
  modules: ModuleCompletion[];
}

/** A course's funnel and its modules' completions for the same cohort; undefined for a course there is not. */
export async function courseInsights(db: Db, courseId: number, filter: InsightsFilter): Promise<CourseInsights | undefined> {
  const course = (await db('courses').where({ id: courseId }).first('id', 'title')) as { id: number; title: string } | undefined;
  if (!course) return undefined;
  const [funnel, modules] = await Promise.all([courseFunnel(db, course.id, filter), moduleCompletions(db, course.id, filter)]);
  return { course, funnel, modules };
}

export interface Retention {
  /** Learners who played any part of the video (the curve's 100 %). */
  viewers: number;
  /** Per bucket of the module's current duration, how many of them played it. */
  buckets: Array<{ bucket: number; startSecond: number; viewers: number }>;
  /** The mean resume point of the learners who watched some of it, seconds, as of the last rollup (null: nobody then). */
  averagePosition: number | null;
}

/**
 * A module's retention curve from its counters (kept by triggers as learners watch): one row per
 * bucket read by the counters' key, the viewers by theirs, and the mean resume point the hourly
 * insights-rollup job last computed (commands/insightsRollup.ts), by key. Counters cover every
 * learner: they are not split by date or school.
 */
export async function moduleRetention(db: Db, module: { id: number; duration: number }): Promise<Retention> {
  const count = bucketCount(module.duration);
  const [viewersRow, bucketRows, positionRow] = await Promise.all([
    db('moduleViewers').where({ moduleId: module.id }).first('viewers'),
    db('moduleBuckets').where({ moduleId: module.id }).where('bucket', '<', count).orderBy('bucket').select('bucket', 'viewers'),
    db('insightsModulePositions').where({ moduleId: module.id }).first('averagePosition'),
  ]);
  const byBucket = new Map(bucketRows.map((row) => [Number(row.bucket), Number(row.viewers)]));
  const average = positionRow?.averagePosition;
  return {
    viewers: Number(viewersRow?.viewers ?? 0),
    buckets: Array.from({ length: count }, (_, bucket) => ({ bucket, startSecond: bucket * BUCKET_SECONDS, viewers: byBucket.get(bucket) ?? 0 })),
    averagePosition: average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10,
  };
}

/**
 * The range a request asks for, as [from, to) in epoch ms: `to` is the end of its last day
 * (default: today), `from` the start of its first (default: 12 months before `to`, weeks whole).
 */
export function insightsRange(input: { from?: string | undefined; to?: string | undefined }, now: number): { from: number; to: number } {
  const to = input.to === undefined ? Math.floor(now / DAY_MS) * DAY_MS + DAY_MS : Date.parse(`${input.to}T00:00:00Z`) + DAY_MS;
  const from = input.from === undefined ? weekStartOf(to - 365 * DAY_MS) : Date.parse(`${input.from}T00:00:00Z`);
  return { from, to };
}
