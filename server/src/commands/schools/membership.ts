import type { SchoolRole } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { isUniqueViolation } from '../../db/knex.ts';
import { conflict, notFound } from '../../errors.ts';
import { membershipOf } from '../../queries/memberships.ts';
import { leaveGroupsOfSchool } from '../groups.ts';
import { forgetSchoolCpdShare } from '../transcriptShares.ts';
import { enrollByLicence, inTransaction, removeLicenceEnrollments } from './shared.ts';
import { schoolLicensedCourseIds } from '../../queries/licences.ts';

export type JoinOutcome =
  | { status: 'joined' | 'already'; role: SchoolRole }
  /** The person already belongs to another school: nothing changed. */
  | { status: 'other-school'; otherSchoolId: number };

/**
 * Makes the user a member (or manager) of the school and enrolls them in every course it is
 * licensed for, in one transaction. Joining again changes nothing, except that joining as a
 * manager promotes an existing member; a manager is never demoted by joining as a member.
 */
export async function joinSchool(db: Db, userId: number, schoolId: number, role: SchoolRole, now: number): Promise<JoinOutcome> {
  return inTransaction(db, async (trx) => {
    const school = await trx('schools').select('id').where({ id: schoolId }).first();
    if (!school) throw notFound('School not found');
    let existing = await membershipOf(trx, userId);
    let status: 'joined' | 'already' = 'already';
    if (!existing) {
      try {
        await trx('schoolMembers').insert({ schoolId, userId, role, joinedAt: now });
        status = 'joined';
      } catch (error) {
        // Two joins racing (a double click): the unique key lets one in, the other sees it.
        if (!isUniqueViolation(error)) throw error;
      }
      existing = await membershipOf(trx, userId);
    }
    if (!existing) throw new Error('membership vanished during join');
    if (existing.schoolId !== schoolId) return { status: 'other-school', otherSchoolId: existing.schoolId };
    let finalRole = existing.role;
    if (role === 'manager' && existing.role !== 'manager') {
      await trx('schoolMembers').where({ schoolId, userId }).update({ role: 'manager' });
      finalRole = 'manager';
    }
    // Also on a repeated join: it restores licence enrollments an admin may have removed.
    await enrollByLicence(trx, [userId], await schoolLicensedCourseIds(trx, schoolId), now);
    return { status, role: finalRole };
  });
}

/** The conflict a route answers when the person is already in another school. */
export const otherSchoolConflict = () => conflict('You are already a member of another school. Leave it (ask its manager) before joining this one.');

/**
 * Takes the user out of the school and ends the access they had only through its licences
 * (revoked ones included). Their progress and certificates are kept, so joining again, or
 * buying the course, picks up where they left off. Leaving twice is not an error.
 */
export async function leaveSchool(db: Db, userId: number, schoolId: number): Promise<{ left: boolean }> {
  return inTransaction(db, async (trx) => {
    const membership = await trx('schoolMembers').where({ schoolId, userId }).forUpdate().first();
    if (!membership) return { left: false };
    if (membership.role === 'manager') {
      const managers = await trx('schoolMembers').where({ schoolId, role: 'manager' }).count({ n: '*' }).first();
      if (Number(managers?.n ?? 0) <= 1) {
        throw conflict('A school needs at least one manager: promote another member before this manager leaves.');
      }
    }
    await trx('schoolMembers').where({ schoolId, userId }).delete();
    await forgetSchoolCpdShare(trx, userId, schoolId);
    await leaveGroupsOfSchool(trx, userId, schoolId);
    const rows: Array<{ courseId: number }> = await trx('schoolLicences').select('courseId').where({ schoolId });
    await removeLicenceEnrollments(
      trx,
      [userId],
      rows.map((row) => Number(row.courseId)),
    );
    return { left: true };
  });
}

/** Promotes a member to manager; a manager stays one. */
export async function promoteManager(db: Db, schoolId: number, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const membership = await trx('schoolMembers').where({ schoolId, userId }).first();
    if (!membership) throw notFound('This person is not a member of your school');
    if (membership.role !== 'manager') await trx('schoolMembers').where({ schoolId, userId }).update({ role: 'manager' });
  });
}

/** Creates a school with its first manager, in one transaction. */
export async function createSchool(db: Db, input: { name: string; country: string }, managerId: number, now: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const existing = await membershipOf(trx, managerId);
    if (existing) throw otherSchoolConflict();
    const [id] = await trx('schools').insert({ name: input.name, country: input.country, createdAt: now });
    const schoolId = Number(id);
    const outcome = await joinSchool(trx, managerId, schoolId, 'manager', now);
    if (outcome.status === 'other-school') throw otherSchoolConflict();
    return schoolId;
  });
}
