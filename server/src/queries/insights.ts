import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { BUCKET_SECONDS, bucketCount } from '../db/playedBuckets.ts';
import { orderSteps } from '../models/quizSteps.ts';
import { certificateInForceSql } from './certificates.ts';
import { schoolLicencesInForce } from './licences.ts';

export const DAY_MS = 24 * 60 * 60_000;

/** The scheduled job that keeps the rollup (reminders/jobs.ts). */
export const INSIGHTS_ROLLUP_JOB = 'insights-rollup';

/** When the rollup job last finished a run (epoch ms), null before its first: the figures' "as of". */
export async function rollupUpdatedAt(db: Db): Promise<number | null> {
  const row = await db('schedulerJobs').where({ name: INSIGHTS_ROLLUP_JOB }).first('lastSuccessAt');
  return row?.lastSuccessAt === null || row?.lastSuccessAt === undefined ? null : Number(row.lastSuccessAt);
}
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
  /**
   * Count a school's figures for the courses its licences cover now, and nothing its staff bought
   * for themselves (a school's or trust's managers read the school's training, not their purchases).
   */
  licensedOnly?: boolean | undefined;
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
  if (filter.licensedOnly)
    query.whereExists(
      schoolLicencesInForce(db).whereRaw('?? = ??', ['sl.schoolId', 'w.schoolId']).whereRaw('?? = ??', ['sl.courseId', 'w.courseId']).select(db.raw('1')),
    );
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

/** A step of the course (a video module, a knowledge check or an assignment) and how many of the cohort completed (or passed) it. */
export interface StepCompletion {
  kind: 'video' | 'quiz' | 'assignment';
  id: number;
  title: string;
  completed: number;
}

/**
 * The funnel of a course for the learners who enrolled in the range (and, for a school, are its
 * members now): enrolled; started (any step completed or any second watched); half way (at least
 * half the steps completed); completed (every step); holding a valid certificate. Steps are the
 * course's modules, knowledge checks and assignments as they are now (a deleted module's progress
 * went with it; a deleted quiz or assignment no longer counts); a knowledge check counts once
 * passed, an assignment once completed (approved, or submitted where no approval is needed), and
 * any attempt or submission is a start. One pass over the course's enrollments (index on
 * course_id), each joined by key to its course_progress row and, for a course with quizzes or
 * assignments, to its learner's count of those done.
 */
export async function courseFunnel(db: Db, courseId: number, filter: InsightsFilter): Promise<CourseFunnel> {
  const [[{ modules } = { modules: 0 }], quizIds, assignmentIds] = await Promise.all([
    db('modules').where({ courseId }).count({ modules: '*' }) as Promise<Array<{ modules: number | string }>>,
    liveQuizIds(db, courseId),
    liveAssignmentIds(db, courseId),
  ]);
  const total = Number(modules) + quizIds.length + assignmentIds.length;
  const cohort = db('enrollments as e')
    .leftJoin('courseProgress as cp', (join) => join.on('cp.userId', 'e.userId').andOn('cp.courseId', 'e.courseId'))
    .where('e.courseId', courseId)
    .where('e.enrolledAt', '>=', filter.from)
    .where('e.enrolledAt', '<', filter.to);
  if (narrowsBySchool(filter)) {
    cohort.join('schoolMembers as sm', 'sm.userId', 'e.userId');
    bySchools(cohort, 'sm.schoolId', filter);
  }
  // A course of videos only reads exactly as before: no join, steps done = modules completed.
  let done = 'coalesce(cp.completed_modules, 0)';
  let tried = 'cp.completed_modules > 0 or cp.watched_seconds > 0';
  for (const [results, ids] of [
    [RESULTS.quiz, quizIds],
    [RESULTS.assignment, assignmentIds],
  ] as const) {
    if (ids.length === 0) continue;
    const perLearner = db(results.table)
      .whereIn(results.step, ids)
      .groupBy('userId')
      .select('userId', db.raw(`sum(case when ${results.done} then 1 else 0 end) as done`));
    cohort.leftJoin(perLearner.as(results.alias), `${results.alias}.userId`, 'e.userId');
    done = `${done} + coalesce(${results.alias}.done, 0)`;
    tried = `${tried} or ${results.alias}.user_id is not null`;
  }
  const [row] = (await cohort.select(
    db.raw('count(*) as enrolled'),
    db.raw(`coalesce(sum(case when ${tried} then 1 else 0 end), 0) as started`),
    db.raw(`coalesce(sum(case when ? > 0 and (${done}) * 2 >= ? then 1 else 0 end), 0) as half_way`, [total, total]),
    db.raw(`coalesce(sum(case when ? > 0 and ${done} >= ? then 1 else 0 end), 0) as completed`, [total, total]),
    db.raw(
      `coalesce(sum(case when exists (select 1 from certificates c where c.user_id = e.user_id and c.course_id = e.course_id
        and ${certificateInForceSql('c')}) then 1 else 0 end), 0) as certified`,
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
 * Where a learner's result on a knowledge check or an assignment is kept, one row per learner and
 * step, and which of its columns says the step is done (passed; completed).
 */
const RESULTS = {
  quiz: { table: 'quizResults', step: 'quizId', done: 'passed', alias: 'qr' },
  assignment: { table: 'assignmentResults', step: 'assignmentId', done: 'completed', alias: 'ar' },
} as const;
type Results = (typeof RESULTS)[keyof typeof RESULTS];

/** Per step id, how many of the cohort have done it, from its result rows (index on the step's id). */
async function resultCounts(db: Db, results: Results, ids: number[], filter: InsightsFilter): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const query = (db(`${results.table} as r`) as unknown as Knex.QueryBuilder)
    .whereIn(`r.${results.step}`, ids)
    .where(`r.${results.done}`, true)
    .groupBy(`r.${results.step}`)
    .select(`r.${results.step} as stepId`)
    .count({ completed: '*' });
  inCohort(query, 'r', filter);
  const rows = (await query) as unknown as Array<{ stepId: number | string; completed: number | string }>;
  return new Map(rows.map((row) => [Number(row.stepId), Number(row.completed)]));
}

/** The ids of a course's knowledge checks that are not deleted (index quizzes_course). */
async function liveQuizIds(db: Db, courseId: number): Promise<number[]> {
  const rows = await db('quizzes').where({ courseId }).whereNull('deletedAt').select('id');
  return rows.map((row) => Number(row.id));
}

/** The ids of a course's assignments that are not deleted (index assignments_course). */
async function liveAssignmentIds(db: Db, courseId: number): Promise<number[]> {
  const rows = await db('assignments').where({ courseId }).whereNull('deletedAt').select('id');
  return rows.map((row) => Number(row.id));
}

/** Joins a query on `alias`.userId/courseId to the filter's cohort: enrolled in the range, and in its school(s). */
function inCohort(query: Knex.QueryBuilder, alias: string, filter: InsightsFilter): void {
  query
    .join('enrollments as e', (join) => join.on('e.userId', `${alias}.userId`).andOn('e.courseId', `${alias}.courseId`))
    .where('e.enrolledAt', '>=', filter.from)
    .where('e.enrolledAt', '<', filter.to);
  if (narrowsBySchool(filter)) {
    query.join('schoolMembers as sm', 'sm.userId', `${alias}.userId`);
    bySchools(query, 'sm.schoolId', filter);
  }
}

/**
 * Per step of the course, in the order a learner meets them (models/quizSteps.ts), how many
 * learners of the same cohort as the funnel completed the module or passed the knowledge check (a
 * learner who skipped ahead counts for the steps they did only). Progress rows are read by course
 * (index on course_id), quiz results by quiz (index on quiz_id), each checked against its enrollment.
 */
export async function stepCompletions(db: Db, courseId: number, filter: InsightsFilter): Promise<StepCompletion[]> {
  const completed = db('progress as p')
    .where('p.courseId', courseId)
    .where('p.isCompleted', true)
    .groupBy('p.moduleId')
    .select('p.moduleId')
    .count({ completed: '*' });
  inCohort(completed, 'p', filter);
  const [modules, quizzes, assignmentRows, counts] = await Promise.all([
    db('modules')
      .where({ courseId })
      .orderBy([{ column: 'orderIndex' }, { column: 'id' }])
      .select('*'),
    db('quizzes').where({ courseId }).whereNull('deletedAt').select('id', 'courseId', 'title', 'afterModuleId', 'questionCount'),
    db('assignments').where({ courseId }).whereNull('deletedAt').select('id', 'courseId', 'title', 'afterModuleId', 'approvalRequired'),
    completed.then((rows) => rows as unknown as Array<{ moduleId: number; completed: number | string }>),
  ]);
  const assignments = assignmentRows.map((row) => ({ ...row, id: Number(row.id), approvalRequired: Boolean(row.approvalRequired) }));
  const byModule = new Map(counts.map((row) => [Number(row.moduleId), Number(row.completed)]));
  const [byQuiz, byAssignment] = await Promise.all([
    resultCounts(
      db,
      RESULTS.quiz,
      quizzes.map((quiz) => quiz.id),
      filter,
    ),
    resultCounts(
      db,
      RESULTS.assignment,
      assignments.map((assignment) => assignment.id),
      filter,
    ),
  ]);
  return orderSteps(modules, quizzes, assignments).map((step): StepCompletion => {
    if (step.kind === 'video')
      return { kind: 'video', id: Number(step.module.id), title: step.module.title, completed: byModule.get(Number(step.module.id)) ?? 0 };
    if (step.kind === 'quiz') return { kind: 'quiz', id: step.quiz.id, title: step.quiz.title, completed: byQuiz.get(step.quiz.id) ?? 0 };
    return { kind: 'assignment', id: step.assignment.id, title: step.assignment.title, completed: byAssignment.get(step.assignment.id) ?? 0 };
  });
}

export interface CourseInsights {
  course: { id: number; title: string };
  funnel: CourseFunnel;
  steps: StepCompletion[];
}

/** A course's funnel and its steps' completions for the same cohort; undefined for a course there is not. */
export async function courseInsights(db: Db, courseId: number, filter: InsightsFilter): Promise<CourseInsights | undefined> {
  const course = (await db('courses').where({ id: courseId }).first('id', 'title')) as { id: number; title: string } | undefined;
  if (!course) return undefined;
  const [funnel, steps] = await Promise.all([courseFunnel(db, course.id, filter), stepCompletions(db, course.id, filter)]);
  return { course, funnel, steps };
}

export interface Retention {
  /** Learners who played any part of the video (the curve's 100 %). */
  viewers: number;
  /** Per bucket of the module's current duration, how many of them played it. */
  buckets: Array<{ bucket: number; startSecond: number; viewers: number }>;
  /** The mean resume point of the learners who played some of it, seconds, as of the last rollup (null: nobody then). */
  averagePosition: number | null;
}

/**
 * A module's retention curve from its counters (kept by triggers as learners watch): one row per
 * bucket read by the counters' key, the viewers by theirs, and the mean resume point the hourly
 * insights-rollup job last computed (commands/insightsRollup.ts), by key. Counters cover every
 * learner: they are not split by date or school.
 */
/** The module a retention curve is drawn for, deleted or not (its views outlive it in the buckets). */
export function retentionModule(db: Db, moduleId: number): Promise<{ id: number; courseId: number; title: string; duration: number } | undefined> {
  return db('modules').where({ id: moduleId }).first('id', 'courseId', 'title', 'duration');
}

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
