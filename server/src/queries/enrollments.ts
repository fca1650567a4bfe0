import type { Knex } from 'knex';
import { countRows, type Db } from '../db/knex.ts';
import type { Enrollment } from '../models/Enrollment.ts';
import type { EnrollmentRow } from '../presenters/admin.ts';
import { enrollmentsWithProgress } from './admin.ts';

type Reader = Db | Knex.Transaction;

export async function isEnrolled(db: Reader, userId: number, courseId: number): Promise<boolean> {
  return Boolean(await db('enrollments').select('id').where({ userId, courseId }).first());
}

/** The user's enrollment in a course, if any. */
export function enrollmentOf(db: Db, userId: number, courseId: number): Promise<Enrollment | undefined> {
  return db<Enrollment>('enrollments').where({ userId, courseId }).first();
}

export function enrollmentById(db: Db, id: number): Promise<Enrollment | undefined> {
  return db<Enrollment>('enrollments').where({ id }).first();
}

/** How many courses the user is enrolled in. */
export function enrollmentCountOf(db: Db, userId: number): Promise<number> {
  return countRows(db('enrollments').where({ userId }));
}

/** One enrollment with its course title and progress figures (the admin's view of it). */
export async function enrollmentWithProgress(db: Db, id: number): Promise<EnrollmentRow | undefined> {
  const [row] = await enrollmentsWithProgress(db).where('e.id', id);
  return row;
}

/** Every enrollment, newest first, a page at a time, with the learner's address (the admin list). */
export async function enrollmentsPage(db: Db, page: { limit: number; offset: number }): Promise<{ rows: EnrollmentRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    enrollmentsWithProgress(db, { withEmail: true }).orderBy('e.enrolledAt', 'desc').orderBy('e.id', 'desc').limit(page.limit).offset(page.offset),
    countRows(db('enrollments')),
  ]);
  return { rows, total };
}

/** One learner's enrollments with progress, newest first (a student's page on /admin). */
export function studentEnrollments(db: Db, userId: number): Promise<EnrollmentRow[]> {
  return enrollmentsWithProgress(db).where('e.userId', userId).orderBy('e.enrolledAt', 'desc').orderBy('e.id', 'desc');
}
