import type { Db } from '../db/knex.ts';
import type { TranscriptShare } from '../db/tables.ts';
import { certificateName } from '../models/Certificate.ts';
import { personalName } from '../models/User.ts';
import { hashToken } from '../services/tokens.ts';

/** The person's links that still work, newest first. */
export function workingShares(db: Db, userId: number): Promise<TranscriptShare[]> {
  return db('transcriptShares').where({ userId }).whereNull('revokedAt').orderBy('createdAt', 'desc').orderBy('id', 'desc');
}

/** The person a working link names, found by the hash of its token; undefined for an unknown or stopped link. */
export async function sharedRecordOwner(db: Db, token: string): Promise<{ userId: number; name: string } | undefined> {
  const row = await db('transcriptShares as s')
    .join('users as u', 'u.id', 's.userId')
    .where('s.tokenHash', hashToken(token))
    .whereNull('s.revokedAt')
    .first('u.id', 'u.firstName', 'u.lastName');
  if (!row) return undefined;
  const userId = Number(row.id);
  // The name as the profile gives it, else as the latest certificate printed it: never the address,
  // which certificates issued before names were asked for hold (certificateName reads those as none).
  let name = personalName(row);
  if (!name) {
    const latest = await db('certificates').where({ userId }).orderBy('issuedAt', 'desc').first('studentName');
    name = certificateName(latest?.studentName);
  }
  return { userId, name };
}

/** A school the learner belongs to, and whether they share their whole record with it. */
export interface TranscriptSchoolRow {
  schoolId: number;
  name: string;
  memberSince: number;
  shared: boolean;
}

/** The person's school (they belong to one at most), with when they joined and whether it sees their whole record. */
export async function transcriptSchools(db: Db, userId: number): Promise<TranscriptSchoolRow[]> {
  const rows = await db('schoolMembers as m')
    .join('schools as s', 's.id', 'm.schoolId')
    .leftJoin('schoolCpdShares as c', function () {
      this.on('c.schoolId', '=', 'm.schoolId').andOn('c.userId', '=', 'm.userId');
    })
    .where('m.userId', userId)
    .select('m.schoolId', 's.name', 'm.joinedAt', 'm.movedAt', 'c.id as shareId');
  return rows.map((row) => ({
    schoolId: Number(row.schoolId),
    name: row.name,
    memberSince: Number(row.movedAt ?? row.joinedAt),
    shared: row.shareId != null,
  }));
}
