import type { Db } from '../../../db/knex.ts';
import { canAccessCourseContent } from '../../../policies/index.ts';
import type { User } from '../../../models/User.ts';
import type { CourseViewer, CourseWithTotals, ProgressEntry } from '../../../presenters/courses.ts';

// Reads shared by the course, module and dashboard routes. Each is one query whatever the number
// of courses or modules, so a page costs the same for a school with 2 courses or 200.

/** Every course (or one) with its module count and total duration, ordered by id. */
export async function coursesWithTotals(db: Db, courseId?: number): Promise<CourseWithTotals[]> {
  // Aggregating in a derived table keeps GROUP BY to one column, valid under ONLY_FULL_GROUP_BY.
  const totals = db('modules')
    .select('courseId')
    .count({ totalModules: '*' })
    .sum({ totalDuration: 'duration' })
    .groupBy('courseId')
    .as('totals');
  const query = db('courses')
    .leftJoin(totals, 'totals.courseId', 'courses.id')
    .select(
      'courses.id',
      'courses.title',
      'courses.description',
      'courses.price',
      'courses.thumbnail',
      'courses.salesVideoId',
      'totals.totalModules',
      'totals.totalDuration',
    )
    .orderBy('courses.id');
  if (courseId !== undefined) query.where('courses.id', courseId);
  return query;
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

export async function enrolledCourseIds(db: Db, userId: number): Promise<Set<number>> {
  const rows: Array<{ courseId: number }> = await db('enrollments').select('courseId').where({ userId });
  return new Set(rows.map((row) => Number(row.courseId)));
}

/** Whether the caller is enrolled, may see the videos, and what they have watched: two queries. */
export async function courseViewer(db: Db, user: User | null, courseId: number): Promise<CourseViewer> {
  if (!user) return { isEnrolled: false, showVideo: false, entries: [] };
  const [enrollment, entries] = await Promise.all([
    db('enrollments').select('id').where({ userId: user.id, courseId }).first(),
    progressEntries(db, user.id, courseId),
  ]);
  const isEnrolled = Boolean(enrollment);
  return { isEnrolled, showVideo: canAccessCourseContent(user, isEnrolled), entries };
}
