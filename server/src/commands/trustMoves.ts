import type { Db } from '../db/knex.ts';
import { conflict, notFound } from '../errors.ts';
import { leaveOwnGroupsOfSchool } from './groups.ts';
import { forgetSchoolCpdShare } from './transcriptShares.ts';
import { enrollByLicence, inTransaction, removeLicenceEnrollments } from './schools/shared.ts';
import { schoolLicensedCourseIds } from '../queries/licences.ts';

export interface MemberMove {
  userId: number;
  fromSchoolId: number;
  toSchoolId: number;
  movedAt: number;
}

/**
 * Moves a member of one of the trust's schools to another of its schools, in one transaction
 * (issue 39 item 5). What hangs off the person (progress, certificates, quiz results, comments)
 * stays theirs; the membership row moves and records when and from where, so every report shows
 * them at the new school with that date. Their access follows the licences: courses only the old
 * school licensed end (progress kept, as when someone leaves), the new school's begin. The join
 * date is kept: a move is not a new start, so a school's "new staff" deadline does not restart.
 * The old school's own groups are left (the trust's groups kept): moved back, they are in none of
 * them until a manager puts them back, and that day starts the group's new-staff days again.
 * A manager arrives as a member: the new school's managers decide who manages it. Unknown people
 * and schools outside the trust answer 404 alike, so nothing about other trusts can be probed.
 */
export async function moveMember(db: Db, trustId: number, userId: number, toSchoolId: number, now: number): Promise<MemberMove> {
  return inTransaction(db, async (trx) => {
    const membership = await trx('schoolMembers as sm')
      .join('schools as s', 's.id', 'sm.schoolId')
      .where({ 'sm.userId': userId, 's.trustId': trustId })
      .forUpdate()
      .first('sm.schoolId', 'sm.role');
    if (!membership) throw notFound('This person is not on the staff of a school in your trust');
    const fromSchoolId = Number(membership.schoolId);
    const target = await trx('schools').where({ id: toSchoolId, trustId }).first('id');
    if (!target) throw notFound('That school is not in your trust');
    if (fromSchoolId === toSchoolId) throw conflict('They are already on the staff of that school.');
    if (membership.role === 'manager') {
      const managers = await trx('schoolMembers').where({ schoolId: fromSchoolId, role: 'manager' }).count({ n: '*' }).first();
      if (Number(managers?.n ?? 0) <= 1) {
        throw conflict('They are the only manager of their school: make another member a manager there before moving them.');
      }
    }
    await trx('schoolMembers')
      .where({ userId, schoolId: fromSchoolId })
      .update({ schoolId: toSchoolId, role: 'member', movedAt: now, movedFromSchoolId: fromSchoolId });
    await leaveOwnGroupsOfSchool(trx, userId, fromSchoolId);
    await forgetSchoolCpdShare(trx, userId, fromSchoolId);
    const [before, after] = await Promise.all([schoolLicensedCourseIds(trx, fromSchoolId), schoolLicensedCourseIds(trx, toSchoolId)]);
    const kept = new Set(after);
    await removeLicenceEnrollments(
      trx,
      [userId],
      before.filter((courseId) => !kept.has(courseId)),
    );
    await enrollByLicence(trx, [userId], after, now);
    return { userId, fromSchoolId, toSchoolId, movedAt: now };
  });
}
