import { schoolYearOf, type CpdHoursQuery, type SchoolYear } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { certificatesInForce } from './certificates.ts';

/** The days counted, both included, and the school year when the range is exactly one. */
export interface CpdRange {
  from: string;
  to: string;
  schoolYear: SchoolYear | null;
}

/**
 * The range a query names: both days as given; without them, the current school year
 * (CPD_YEAR_START_MONTH); a missing start is the start of the end's school year, a missing end today.
 */
export function cpdRangeOf(query: Pick<CpdHoursQuery, 'from' | 'to'>, today: string, startMonth: number): CpdRange {
  if (!query.from && !query.to) {
    const current = schoolYearOf(today, startMonth);
    return { from: current.start, to: current.end, schoolYear: current };
  }
  const to = query.to ?? (query.from! > today ? query.from! : today);
  const from = query.from ?? schoolYearOf(to, startMonth).start;
  const year = schoolYearOf(from, startMonth);
  return { from, to, schoolYear: year.start === from && year.end === to ? year : null };
}

/** One person's verified hours in a range, as their school or trust may count them. */
export interface PersonCpdHours {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  schoolId: number;
  schoolName: string;
  quarterHours: number;
  courses: number;
  wholeRecordShared: boolean;
}

export type CpdScope = { schoolId: number } | { trustId: number };

const DAY_MS = 86_400_000;

/**
 * Every member of a school (or of a trust's schools) with the hours of the certificates they
 * completed in the range (issue 59): certificates that stand, of any course (or of `courseId`).
 * A school counts only what was completed while the person was its member — since they joined,
 * or since a trust moved them here — and a trust since they joined one of its schools, unless the
 * person shares their whole record with their school. `groupId` narrows to a group of the
 * school or of its trust (any other group matches nobody).
 */
export async function memberCpdHours(
  db: Db,
  scope: CpdScope,
  range: Pick<CpdRange, 'from' | 'to'>,
  filter: Pick<CpdHoursQuery, 'groupId' | 'courseId' | 'schoolId'> = {},
): Promise<PersonCpdHours[]> {
  const members = db('schoolMembers as m')
    .join('users as u', 'u.id', 'm.userId')
    .join('schools as s', 's.id', 'm.schoolId')
    .leftJoin('schoolCpdShares as c', function () {
      this.on('c.userId', '=', 'm.userId').andOn('c.schoolId', '=', 'm.schoolId');
    });
  if ('schoolId' in scope) members.where('m.schoolId', scope.schoolId);
  else {
    members.where('s.trustId', scope.trustId);
    if (filter.schoolId) members.where('m.schoolId', filter.schoolId);
  }
  if (filter.groupId)
    members.whereExists(
      db('groupMembers as fgm')
        .join('groups as fg', 'fg.id', 'fgm.groupId')
        .select(db.raw('1'))
        .where('fgm.groupId', filter.groupId)
        .whereRaw('fgm.user_id = m.user_id')
        .where((w) => w.whereRaw('fg.school_id = m.school_id').orWhereRaw('fg.trust_id = s.trust_id')),
    );
  const rows = await members
    .select('m.userId', 'm.schoolId', 'm.joinedAt', 'm.movedAt', 'u.firstName', 'u.lastName', 'u.email', 's.name as schoolName', 'c.id as shareId')
    .orderBy('s.name')
    .orderBy('u.lastName')
    .orderBy('u.firstName')
    .orderBy('u.email');
  if (!rows.length) return [];

  const start = Date.parse(`${range.from}T00:00:00Z`);
  const end = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
  const certificates = certificatesInForce(db)
    .whereIn(
      'userId',
      rows.map((row) => Number(row.userId)),
    )
    .where('completedAt', '>=', start)
    .where('completedAt', '<', end);
  if (filter.courseId) certificates.where('courseId', filter.courseId);
  const byPerson = new Map<number, Array<{ completedAt: number; quarterHours: number }>>();
  for (const certificate of await certificates.select('userId', 'completedAt', 'cpdQuarterHours')) {
    const list = byPerson.get(Number(certificate.userId)) ?? [];
    list.push({ completedAt: Number(certificate.completedAt), quarterHours: Number(certificate.cpdQuarterHours ?? 0) });
    byPerson.set(Number(certificate.userId), list);
  }
  return rows.map((row) => {
    const shared = row.shareId != null;
    const memberSince = 'schoolId' in scope ? Number(row.movedAt ?? row.joinedAt) : Number(row.joinedAt);
    const counted = (byPerson.get(Number(row.userId)) ?? []).filter((certificate) => shared || certificate.completedAt >= memberSince);
    return {
      userId: Number(row.userId),
      firstName: row.firstName ?? null,
      lastName: row.lastName ?? null,
      email: row.email,
      schoolId: Number(row.schoolId),
      schoolName: row.schoolName,
      quarterHours: counted.reduce((sum, certificate) => sum + certificate.quarterHours, 0),
      courses: counted.length,
      wholeRecordShared: shared,
    };
  });
}
