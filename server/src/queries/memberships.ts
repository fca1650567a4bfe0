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
