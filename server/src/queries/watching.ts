import type { Knex } from 'knex';
import { COMPLETION_THRESHOLD } from '../db/progressUpsert.ts';
import type { Db } from '../db/knex.ts';

// What was actually played, as every report reads it (issue 36): SPEC's watched_duration is the
// whole duration once a module is marked complete, so reports read `played_seconds` instead, and
// call a completed module "completed without playing" when less than 90 % of it was played (the
// automatic-completion threshold: a module completed by playing is never flagged). The SQL below
// is the one home of that reading; the admin's student page, the manager's status list and both
// registers use it.

/** A progress row's played seconds, never more than its module's duration (`p` progress, `m` modules). */
const PLAYED_SQL = 'case when p.played_seconds < m.duration then p.played_seconds else m.duration end';

/** True for a completed progress row whose module was played below the threshold. */
const UNPLAYED_SQL = `p.is_completed = 1 and p.played_seconds < ${COMPLETION_THRESHOLD} * m.duration`;

/** What one learner played of one course (or of one module). */
export interface Watching {
  /** Distinct seconds played, summed over the course's modules. */
  playedSeconds: number;
  /** The course's modules' total duration. */
  durationSeconds: number;
  /** Completed modules played below 90 % of their duration: marked complete without watching. */
  completedWithoutPlaying: number;
}

/** Learner or course ids, or a subquery selecting them (a whole school's members). */
type Ids = number[] | Knex.QueryBuilder;

const key = (userId: number, courseId: number) => `${userId}:${courseId}`;

/**
 * Watching figures for every listed learner × course, in two grouped statements whatever the
 * number of pairs. A pair with no progress played nothing of the course's whole duration.
 */
export async function watchingOf(db: Db, users: Ids, courses: Ids): Promise<(userId: number, courseId: number) => Watching> {
  const [durations, played] = await Promise.all([
    db('modules as m').whereIn('m.courseId', courses).groupBy('m.courseId').select('m.courseId').sum({ seconds: 'm.duration' }),
    db('progress as p')
      .join('modules as m', 'm.id', 'p.moduleId')
      .whereIn('p.userId', users)
      .whereIn('m.courseId', courses)
      .groupBy('p.userId', 'm.courseId')
      .select('p.userId', 'm.courseId', db.raw(`sum(${PLAYED_SQL}) as played_seconds`), db.raw(`sum(case when ${UNPLAYED_SQL} then 1 else 0 end) as unplayed`)),
  ]);
  const courseSeconds = new Map(
    (durations as Array<{ courseId: number | string; seconds: number | string | null }>).map((row) => [Number(row.courseId), Number(row.seconds ?? 0)]),
  );
  const byPair = new Map(
    (played as Array<{ userId: number | string; courseId: number | string; playedSeconds: number | string | null; unplayed: number | string | null }>).map(
      (row) => [
        key(Number(row.userId), Number(row.courseId)),
        { playedSeconds: Number(row.playedSeconds ?? 0), completedWithoutPlaying: Number(row.unplayed ?? 0) },
      ],
    ),
  );
  return (userId, courseId) => ({
    playedSeconds: 0,
    completedWithoutPlaying: 0,
    ...byPair.get(key(userId, courseId)),
    durationSeconds: courseSeconds.get(courseId) ?? 0,
  });
}

/** Attaches each row's watching figures (the rows of a page, or `scope` for a whole school's). */
export async function withWatching<T extends { userId: number; courseId: number }>(
  db: Db,
  rows: T[],
  scope?: { users: Knex.QueryBuilder; courses: Knex.QueryBuilder },
): Promise<Array<T & { watching: Watching }>> {
  if (rows.length === 0) return [];
  const of = await watchingOf(db, scope?.users ?? [...new Set(rows.map((row) => row.userId))], scope?.courses ?? [...new Set(rows.map((row) => row.courseId))]);
  return rows.map((row) => ({ ...row, watching: of(row.userId, row.courseId) }));
}

/** One module of a learner's course with what they played of it. */
export interface ModuleWatchingRow {
  courseId: number;
  moduleId: number;
  title: string;
  orderIndex: number;
  durationSeconds: number;
  playedSeconds: number;
  isCompleted: boolean;
  /** Completed with less than 90 % played. */
  completedWithoutPlaying: boolean;
}

/** Every module of the learner's enrolled courses, in course order, with what was played of each (the admin's student page). */
async function moduleWatching(db: Db, userId: number): Promise<ModuleWatchingRow[]> {
  const rows: Array<Record<string, number | string | null>> = await db('enrollments as e')
    .join('modules as m', 'm.courseId', 'e.courseId')
    .leftJoin('progress as p', (join) => join.on('p.moduleId', '=', 'm.id').andOn('p.userId', '=', 'e.userId'))
    .where('e.userId', userId)
    .select(
      'm.courseId',
      'm.id as moduleId',
      'm.title',
      'm.orderIndex',
      'm.duration as durationSeconds',
      db.raw(`case when p.id is null then 0 else ${PLAYED_SQL} end as played_seconds`),
      db.raw('coalesce(p.is_completed, 0) as is_completed'),
      db.raw(`case when ${UNPLAYED_SQL} then 1 else 0 end as completed_without_playing`),
    )
    .orderBy([{ column: 'm.courseId' }, { column: 'm.orderIndex' }, { column: 'm.id' }]);
  return rows.map((row) => ({
    courseId: Number(row.courseId),
    moduleId: Number(row.moduleId),
    title: String(row.title),
    orderIndex: Number(row.orderIndex),
    durationSeconds: Number(row.durationSeconds),
    playedSeconds: Number(row.playedSeconds),
    isCompleted: Boolean(Number(row.isCompleted)),
    completedWithoutPlaying: Boolean(Number(row.completedWithoutPlaying)),
  }));
}

/** One enrolled course of a learner: its figures, summed from its modules', and the modules. */
export interface CourseWatchingRow extends Watching {
  courseId: number;
  modules: ModuleWatchingRow[];
}

/** The learner's module rows (moduleWatching) per course, each course with its totals. */
export async function studentWatching(db: Db, userId: number): Promise<CourseWatchingRow[]> {
  const byCourse = new Map<number, ModuleWatchingRow[]>();
  for (const row of await moduleWatching(db, userId)) byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), row]);
  return [...byCourse].map(([courseId, modules]) => ({
    courseId,
    playedSeconds: modules.reduce((sum, row) => sum + row.playedSeconds, 0),
    durationSeconds: modules.reduce((sum, row) => sum + row.durationSeconds, 0),
    completedWithoutPlaying: modules.filter((row) => row.completedWithoutPlaying).length,
    modules,
  }));
}
