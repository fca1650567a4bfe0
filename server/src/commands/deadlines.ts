import { deadlineCapBreaches, formatDueDate, isoDay, parseIsoDay, deadlineDateProblem, type DeadlineInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { badRequest, forbidden } from '../errors.ts';
import { trustRuleForSchool } from '../queries/deadlines.ts';
import { trustSchoolsLicenceInForce } from '../queries/licences.ts';

/** The rule as stored: a day number for the date. A date before today (the app's clock) or over five years ahead is refused. */
function storedRule(input: DeadlineInput, now: number): { completeByDay: number | null; newStaffDays: number | null } {
  const refused = deadlineDateProblem(input.completeBy, now);
  if (refused) throw badRequest(refused.message, { completeBy: refused.field });
  return { completeByDay: input.completeBy === null ? null : parseIsoDay(input.completeBy), newStaffDays: input.newStaffDays };
}

/**
 * Sets (or replaces) a school's deadline for one of its licensed courses (the route's policy
 * checked the licence; a deadline left on a course whose licence is revoked later is not shown or
 * reminded of, since both read deadlines through the school's licences). When the school's trust
 * has a deadline for the course, the school may set an earlier date or fewer days for new staff,
 * never later or more: refused naming the trust's rule, nothing written. (A trust moving its date
 * before the school's later leaves the school's row alone: the earlier applies, queries/deadlines.ts.)
 */
export async function setDeadline(db: Db, schoolId: number, courseId: number, input: DeadlineInput, by: number, now: number): Promise<void> {
  const rule = storedRule(input, now);
  const trust = await trustRuleForSchool(db, schoolId, courseId);
  if (trust) {
    const year = new Date(now).getUTCFullYear();
    const cap = {
      completeBy: trust.completeByDay === null ? null : isoDay(trust.completeByDay),
      newStaffDays: trust.newStaffDays,
      by: trust.trustName,
    };
    const breaches = deadlineCapBreaches(input, cap, (day) => formatDueDate(day, year));
    if (breaches.completeBy) {
      throw badRequest(
        `${trust.trustName} requires this course by ${formatDueDate(cap.completeBy!, year)}: your school may set that date or an earlier one, not a later one`,
        breaches,
      );
    }
    if (breaches.newStaffDays) {
      throw badRequest(`${trust.trustName} gives new staff ${trust.newStaffDays} days: your school may give them that many or fewer, not more`, breaches);
    }
  }
  await db('schoolDeadlines')
    .insert({ schoolId, courseId, ...rule, updatedBy: by, updatedAt: now })
    .onConflict(['schoolId', 'courseId'])
    .merge(['completeByDay', 'newStaffDays', 'updatedBy', 'updatedAt']);
}

/** Removes a deadline; true when there was one. */
export async function clearDeadline(db: Db, schoolId: number, courseId: number): Promise<boolean> {
  return (await db('schoolDeadlines').where({ schoolId, courseId }).delete()) > 0;
}

/**
 * Sets (or replaces) the trust's deadline for a course licensed to its schools: it reaches every
 * member of every school of the trust that licenses the course (schools attached later too). A
 * school's own earlier rule still applies to its staff; a school's own later rule stops applying
 * (each member's deadline is the earlier of the two), and is kept, so it returns if the trust's
 * deadline is removed. Only a course licensed to at least one of its schools can have one (the
 * route's policy checked who may act on the trust).
 */
export async function setTrustDeadline(db: Db, trustId: number, courseId: number, input: DeadlineInput, by: number, now: number): Promise<void> {
  if (!(await trustSchoolsLicenceInForce(db, trustId, courseId))) {
    throw forbidden('No school of this trust is licensed for this course, so the trust cannot set a deadline for it.');
  }
  const rule = storedRule(input, now);
  await db('trustDeadlines')
    .insert({ trustId, courseId, ...rule, updatedBy: by, updatedAt: now })
    .onConflict(['trustId', 'courseId'])
    .merge(['completeByDay', 'newStaffDays', 'updatedBy', 'updatedAt']);
}

/** Removes the trust's deadline for a course; true when there was one. */
export async function clearTrustDeadline(db: Db, trustId: number, courseId: number): Promise<boolean> {
  return (await db('trustDeadlines').where({ trustId, courseId }).delete()) > 0;
}
