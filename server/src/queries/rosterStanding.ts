import type { Db } from '../db/knex.ts';
import { usableSchoolInvites } from './invitations.ts';

// Which of a list's addresses a school (or a trust's schools) already has: its members and the
// people its usable invitations name. The roster, OneRoster and the roster's groups read a list of
// up to thousands of addresses, so each is read 500 addresses a statement.

const CHUNK = 500;

async function inChunks<T>(values: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(...(await read(values.slice(start, start + CHUNK))));
  return out;
}

/** A member of one of the schools whose address is on the list (as stored: compare it lower-cased). */
export interface MemberAmongRow {
  schoolId: number;
  userId: number;
  email: string;
}

/** An invitation of one of the schools, usable now, to an address on the list. */
export interface InvitedAmongRow {
  id: number;
  schoolId: number;
  email: string;
}

const inSchools = (schoolIds: number | readonly number[]): readonly number[] => (typeof schoolIds === 'number' ? [schoolIds] : schoolIds);

/** The schools' members whose address is one of `emails`. */
export async function membersAmong(db: Db, schoolIds: number | readonly number[], emails: readonly string[]): Promise<MemberAmongRow[]> {
  const rows = await inChunks<MemberAmongRow>(emails, (chunk) =>
    db('schoolMembers')
      .join('users', 'users.id', 'schoolMembers.userId')
      .whereIn('schoolMembers.schoolId', inSchools(schoolIds))
      .whereIn('users.email', chunk)
      .select('schoolMembers.schoolId', 'schoolMembers.userId', 'users.email'),
  );
  return rows.map((row) => ({ schoolId: Number(row.schoolId), userId: Number(row.userId), email: String(row.email) }));
}

/** The schools' invitations usable at `now` (queries/invitations.ts) to one of `emails`. */
export async function invitedAmong(db: Db, schoolIds: number | readonly number[], emails: readonly string[], now: number): Promise<InvitedAmongRow[]> {
  const rows = await inChunks<InvitedAmongRow>(emails, (chunk) =>
    usableSchoolInvites(db, schoolIds, now).whereIn('email', chunk).select('id', 'schoolId', 'email'),
  );
  return rows.map((row) => ({ id: Number(row.id), schoolId: Number(row.schoolId), email: String(row.email) }));
}
