import { dayOf, isoDay, parseIsoDay, type DeadlineInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { badRequest } from '../errors.ts';

/**
 * Sets (or replaces) a school's deadline for one of its licensed courses (the route's policy
 * checked the licence; a deadline left on a course whose licence is revoked later is not shown or
 * reminded of, since both read deadlines through the school's licences). A date before today
 * (the app's clock) is refused.
 */
export async function setDeadline(db: Db, schoolId: number, courseId: number, input: DeadlineInput, by: number, now: number): Promise<void> {
  const completeByDay = input.completeBy === null ? null : parseIsoDay(input.completeBy);
  if (completeByDay !== null && completeByDay < dayOf(now)) {
    throw badRequest('The deadline is in the past', { completeBy: `Choose today (${isoDay(dayOf(now))}) or a later date` });
  }
  await db('schoolDeadlines')
    .insert({ schoolId, courseId, completeByDay, newStaffDays: input.newStaffDays, updatedBy: by, updatedAt: now })
    .onConflict(['schoolId', 'courseId'])
    .merge(['completeByDay', 'newStaffDays', 'updatedBy', 'updatedAt']);
}

/** Removes a deadline; true when there was one. */
export async function clearDeadline(db: Db, schoolId: number, courseId: number): Promise<boolean> {
  return (await db('schoolDeadlines').where({ schoolId, courseId }).delete()) > 0;
}
