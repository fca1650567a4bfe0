import { dialectOf, type Db, type Dialect } from '../../../db/knex.ts';
import type { SessionPreload } from '../../../middlewares/session.ts';
import { readRowsByKey, type KeyedRead } from '../../../db/hotStatements.ts';
import { catalogue, type Catalogue } from '../../../services/catalogue.ts';
import { canAccessCourseContent } from '../../../policies/index.ts';
import type { User } from '../../../models/User.ts';
import type { CourseProgressTotals, CourseViewer, CourseWithTotals, ProgressEntry } from '../../../presenters/courses.ts';

// Reads shared by the course, module and dashboard routes. Each is one query whatever the number
// of courses or modules, so a page costs the same for a school with 2 courses or 200.

/**
 * Every course (or one) with its module count and total duration, ordered by id: from the
 * in-memory catalogue (services/catalogue.ts), so no query at all while it is warm and two,
 * whatever the number of courses or modules, when it is cold.
 */
export async function coursesWithTotals(db: Db, courseId?: number): Promise<CourseWithTotals[]> {
  const { coursesWithTotals: all, courses } = await catalogue(db);
  if (courseId === undefined) return all;
  const entry = courses.get(courseId);
  return entry ? [entry.totals] : [];
}

/** The user's progress rows on modules that still exist, with each module's current course and title. */
export async function progressEntries(db: Db, userId: number, courseId?: number): Promise<ProgressEntry[]> {
  const query = db('progress')
    .join('modules', 'modules.id', 'progress.moduleId')
    .where('progress.userId', userId)
    .select(
      'progress.id',
      'progress.moduleId',
      'modules.courseId',
      'modules.title as moduleTitle',
      'progress.watchedDuration',
      'progress.isCompleted',
      'progress.updatedAt',
    );
  if (courseId !== undefined) query.where('modules.courseId', courseId);
  return query;
}

/**
 * The user whose id is in `userId`: their progress figures per course they are enrolled in, as
 * the JSON object `enrolled_progress` keeps (db/enrolledProgress.ts):
 * `{"<courseId>": [completedModules, watchedSeconds, lastModuleId | null], …}`, NULL when they
 * were never enrolled. Both drivers hand it over as text. Progress on courses the user is not
 * enrolled in is never shown, so it is not in there.
 *
 * It is the dashboard's preload: read in the same statement as the session (routes/define.ts),
 * which halves the statements a dashboard costs the database and the server; a lookup by key, so
 * the statement costs the same whatever the learner's history.
 */
export const ENROLLED_COURSE_PROGRESS: SessionPreload = {
  sql: (_dialect, userId) => `(select figures from enrolled_progress where user_id = ${userId})`,
};

/** The same figures when the session read did not carry them: the users asked for together are read by one statement. */
const enrolledProgressRead = (dialect: Dialect): KeyedRead<{ userId: number; enrolledProgress: unknown }> => ({
  sql: (userIds) => `select users.id as user_id, ${ENROLLED_COURSE_PROGRESS.sql(dialect, 'users.id')} as enrolled_progress
  from users where users.id in (${userIds})`,
  keyOf: (row) => row.userId,
});
const ENROLLED_PROGRESS_READS: Record<Dialect, ReturnType<typeof enrolledProgressRead>> = {
  sqlite: enrolledProgressRead('sqlite'),
  mysql: enrolledProgressRead('mysql'),
};

async function enrolledProgressOf(db: Db, userId: number): Promise<unknown> {
  const [row] = await readRowsByKey(db, ENROLLED_PROGRESS_READS[dialectOf(db)], userId);
  return row?.enrolledProgress ?? null;
}

type EnrolledFigures = [completedModules: number, watchedSeconds: number, lastModuleId: number | null];

/**
 * The user's progress on each course they are enrolled in: from `preloaded` (what the session
 * read carried, see ENROLLED_COURSE_PROGRESS) or else one query, whatever the number of courses
 * or progress rows. Module titles come from the catalogue (progress rows go with their module,
 * which never changes course).
 */
export async function enrolledCourseProgress(db: Db, userId: number, modules: Catalogue['modules'], preloaded?: unknown): Promise<CourseProgressTotals[]> {
  const value = preloaded !== undefined ? preloaded : await enrolledProgressOf(db, userId);
  const figures = (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, EnrolledFigures>;
  return Object.entries(figures).map(([courseId, [completedModules, watchedSeconds, lastModuleId]]) => {
    const module = lastModuleId === null ? undefined : modules.get(Number(lastModuleId));
    return {
      courseId: Number(courseId),
      completedModules: Number(completedModules),
      watchedSeconds: Number(watchedSeconds),
      lastWatchedModule: module ? { id: module.id, title: module.title } : null,
    };
  });
}

export async function enrolledCourseIds(db: Db, userId: number): Promise<Set<number>> {
  const rows: Array<{ courseId: number }> = await db('enrollments').select('courseId').where({ userId });
  return new Set(rows.map((row) => Number(row.courseId)));
}

/** Whether the caller is enrolled (and through which school), may see the videos, and what they have watched: two queries. */
export async function courseViewer(db: Db, user: User | null, courseId: number): Promise<CourseViewer> {
  if (!user) return { isEnrolled: false, showVideo: false, entries: [] };
  const [enrollment, entries] = await Promise.all([
    // The school is joined in so "Access through <school>" costs no extra query.
    db('enrollments as e')
      .leftJoin('schoolMembers as sm', 'sm.userId', 'e.userId')
      .leftJoin('schools as s', 's.id', 'sm.schoolId')
      .select('e.id', 'e.source', 's.name as schoolName')
      .where({ 'e.userId': user.id, 'e.courseId': courseId })
      .first(),
    progressEntries(db, user.id, courseId),
  ]);
  const isEnrolled = Boolean(enrollment);
  const schoolName = enrollment?.source === 'licence' ? (enrollment.schoolName ?? null) : null;
  return { isEnrolled, showVideo: canAccessCourseContent(user, isEnrolled), entries, schoolName };
}
