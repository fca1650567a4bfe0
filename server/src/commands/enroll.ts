import type { Currency } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { notFound } from '../errors.ts';
import type { Enrollment, EnrollmentSource } from '../models/Enrollment.ts';
import { pricesOf } from '../models/coursePrices.ts';
import { requireEnrollmentAllowed } from '../policies/index.ts';
import { courseById } from '../queries/courses.ts';
import { enrollmentById, enrollmentOf } from '../queries/enrollments.ts';
import { licenceCoveringPerson } from '../queries/licences.ts';
import { purchasePrice } from '../services/currency.ts';

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

/**
 * A learner enrolling themselves (`POST /api/enrollments`): directly when the course is free in
 * their currency (common/rules/pricing.ts, the rule checkout asks too: an order or a card payment
 * for it is a 400) or their school's licence covers it; a priced course is a 402 (checkout).
 * Already enrolled (bought, or enrolled by an admin) is answered as it stands, even when priced.
 */
export async function enrollWithoutPayment(
  db: Db,
  userId: number,
  input: { courseId: number; currency?: Currency | undefined },
  shown: Currency,
  now: number,
): Promise<{ enrollment: Enrollment; created: boolean }> {
  const course = await courseById(db, input.courseId);
  if (!course) throw notFound('Course not found');
  const existing = await enrollmentOf(db, userId, course.id);
  if (existing) return { enrollment: existing, created: false };
  const { free } = purchasePrice(pricesOf(course), input.currency, shown);
  const licence = free ? null : await licenceCoveringPerson(db, userId, course.id);
  requireEnrollmentAllowed(free, false, licence !== null);
  const result = await enroll(db, userId, course.id, licence ? 'licence' : 'self', now);
  const enrollment = await enrollmentById(db, result.enrollmentId);
  if (!enrollment) throw notFound('Course not found');
  return { enrollment, created: result.created };
}
