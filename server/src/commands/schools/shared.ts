import type { Knex } from 'knex';
import type { Db } from '../../db/knex.ts';

/**
 * Runs `work` in a transaction: the caller's, when it already holds one (a webhook fulfilling a
 * payment, an order marked paid), or a new one. Every school change is all or nothing.
 */
export function inTransaction<T>(db: Db, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const maybe = db as Knex.Transaction;
  if (maybe.isTransaction) return work(maybe);
  return db.transaction(work);
}

const CHUNK = 500;

/**
 * Enrolls every (user, course) pair at once with source 'licence'; pairs already enrolled, by
 * whatever source, are left as they are (the unique key ignores them), so it is idempotent.
 */
export async function enrollByLicence(db: Db, userIds: number[], courseIds: number[], now: number): Promise<void> {
  const rows = userIds.flatMap((userId) => courseIds.map((courseId) => ({ userId, courseId, source: 'licence' as const, enrolledAt: now })));
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db('enrollments')
      .insert(rows.slice(start, start + CHUNK))
      .onConflict(['userId', 'courseId'])
      .ignore();
  }
}

/**
 * Ends access the users had only through a licence: enrollments whose source is 'licence'.
 * Progress and certificates are other tables and stay; enrollments the person bought or was
 * given by an admin stay too.
 */
export async function removeLicenceEnrollments(db: Db, userIds: number[], courseIds: number[]): Promise<void> {
  if (userIds.length === 0 || courseIds.length === 0) return;
  for (let start = 0; start < userIds.length; start += CHUNK) {
    await db('enrollments')
      .whereIn('userId', userIds.slice(start, start + CHUNK))
      .whereIn('courseId', courseIds)
      .where({ source: 'licence' })
      .delete();
  }
}
