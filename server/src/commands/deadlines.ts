import { dayOf, isoDay, parseIsoDay, type DeadlineInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { badRequest } from '../errors.ts';
import { requireLicensedCourse } from '../policies/deadlines.ts';

async function isLicensed(db: Db, schoolId: number, courseId: number): Promise<boolean> {
  return Boolean(await db('schoolLicences').where({ schoolId, courseId }).whereNull('revokedAt').first('id'));
}

/**
 * Sets (or replaces) a school's deadline for one of its licensed courses. The licence check and
 * the write share a transaction, so a licence revoked meanwhile cannot leave a deadline behind
 * on a course the school no longer has. A date before today (the app's clock) is refused.
 */
export async function setDeadline(db: Db, schoolId: number, courseId: number, input: DeadlineInput, by: number, now: number): Promise<void> {
  const completeByDay = input.completeBy === null ? null : parseIsoDay(input.completeBy);
  if (completeByDay !== null && completeByDay < dayOf(now)) {
    throw badRequest('The deadline is in the past', { completeBy: `Choose today (${isoDay(dayOf(now))}) or a later date` });
  }
  await db.transaction(async (trx) => {
    requireLicensedCourse(await isLicensed(trx, schoolId, courseId));
    await trx('schoolDeadlines')
      .insert({ schoolId, courseId, completeByDay, newStaffDays: input.newStaffDays, updatedBy: by, updatedAt: now })
      .onConflict(['schoolId', 'courseId'])
      .merge(['completeByDay', 'newStaffDays', 'updatedBy', 'updatedAt']);
  });
}

/** Removes a deadline; true when there was one. */
export async function clearDeadline(db: Db, schoolId: number, courseId: number): Promise<boolean> {
  return (await db('schoolDeadlines').where({ schoolId, courseId }).delete()) > 0;
}
