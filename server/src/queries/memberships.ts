import type { SchoolRole } from '@atrium/common';
import type { Db } from '../db/knex.ts';

export interface MembershipRow {
  schoolId: number;
  userId: number;
  role: SchoolRole;
  joinedAt: number;
}

/** The user's membership (a person belongs to at most one school). */
export async function membershipOf(db: Db, userId: number): Promise<MembershipRow | null> {
  const row = await db('schoolMembers').select('schoolId', 'userId', 'role', 'joinedAt').where({ userId }).first();
  return row ? { schoolId: Number(row.schoolId), userId: Number(row.userId), role: row.role, joinedAt: Number(row.joinedAt) } : null;
}

/** The user ids of the school's members (a licence enrolls them all). */
export async function schoolMemberIds(db: Db, schoolId: number): Promise<number[]> {
  const rows: Array<{ userId: number }> = await db('schoolMembers').select('userId').where({ schoolId });
  return rows.map((row) => Number(row.userId));
}
