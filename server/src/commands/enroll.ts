import type { Db } from '../db/knex.ts';
import type { EnrollmentSource } from '../models/Enrollment.ts';

export interface EnrollResult {
  enrollmentId: number;
  /** False when the user was already enrolled: enrolling twice is not an error. */
  created: boolean;
}

/** Enrolls a user in a course exactly once, whoever asks (learner, admin, payment, licence). */
export async function enroll(db: Db, userId: number, courseId: number, source: EnrollmentSource, now: number): Promise<EnrollResult> {
  const existing = await db('enrollments').select('id').where({ userId, courseId }).first();
  if (existing) return { enrollmentId: Number(existing.id), created: false };
  const inserted = await db('enrollments').insert({ userId, courseId, source, enrolledAt: now }).onConflict(['userId', 'courseId']).ignore();
  const row = (await db('enrollments').select('id').where({ userId, courseId }).first())!;
  // better-sqlite3 reports the last rowid even when nothing was inserted; MySQL reports 0.
  const created = Array.isArray(inserted) && Number(inserted[0]) === Number(row.id) && Number(inserted[0]) > 0;
  return { enrollmentId: Number(row.id), created };
}

export async function unenroll(db: Db, userId: number, courseId: number): Promise<boolean> {
  const removed = await db('enrollments').where({ userId, courseId }).delete();
  return removed > 0;
}
