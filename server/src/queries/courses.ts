import { dbBoolean, type Db } from '../db/knex.ts';
import type { Course } from '../models/Course.ts';
import type { User } from '../models/User.ts';
import type { CourseStanding, CourseWithTotals, ProgressEntry } from '../presenters/courses.ts';

// Reads shared by the course and module routes. Each is one query whatever the number of courses
// or modules, so a page costs the same for a school with 2 courses or 200.

/** The user's progress rows on modules that still exist, with each module's current course and title. */
async function progressEntries(db: Db, userId: number, courseId?: number): Promise<ProgressEntry[]> {
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

/** Whether the caller is enrolled (and through which school) and what they have watched: two queries. */
export async function courseStanding(db: Db, user: User | null, courseId: number): Promise<CourseStanding> {
  if (!user) return { isEnrolled: false, entries: [] };
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
  return { isEnrolled, entries, schoolName };
}

export function courseById(db: Db, id: number): Promise<Course | undefined> {
  return db<Course>('courses').where({ id }).first();
}

/** What an Open Badges Achievement says about a course. */
export interface AchievementCourseRow {
  id: number;
  title: string;
  description: string;
  /** What the certificate asks beyond the videos today (commands/courseCompletion.ts's gate). */
  requirements: { finalQuiz: boolean; assignments: number };
}

export async function achievementCourse(db: Db, id: number): Promise<AchievementCourseRow | undefined> {
  const [course, quizzes, assignments] = await Promise.all([
    db('courses').select('id', 'title', 'description', 'quizRequired').where({ id }).first(),
    db('quizzes').where({ courseId: id }).whereNull('deletedAt').count({ n: '*' }).first(),
    db('assignments').where({ courseId: id }).whereNull('deletedAt').count({ n: '*' }).first(),
  ]);
  if (!course) return undefined;
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    requirements: { finalQuiz: dbBoolean(course.quizRequired) && Number(quizzes?.n ?? 0) > 0, assignments: Number(assignments?.n ?? 0) },
  };
}

/** A course's module count and total duration in seconds, counted in the database. */
export async function courseModuleTotals(db: Db, courseId: number): Promise<Pick<CourseWithTotals, 'totalModules' | 'totalDuration'>> {
  const totals = await db('modules').where({ courseId }).count({ totalModules: '*' }).sum({ totalDuration: 'duration' }).first();
  return { totalModules: totals?.totalModules ?? 0, totalDuration: totals?.totalDuration ?? 0 };
}
