import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { Group } from '../db/tables.ts';
import { schoolLicenceInForce, schoolLicencesInForce, trustSchoolsLicenceInForce } from './licences.ts';

// Staff groups of a school or a trust (issue 39). A group belongs to one school or one trust; its
// members are read through their current school membership, so someone who left the school (or
// whose school left the trust) drops out of every list and rule without a row being rewritten.

export type GroupOwner = { kind: 'school'; id: number } | { kind: 'trust'; id: number };

export const ownerColumn = (owner: GroupOwner): 'schoolId' | 'trustId' => (owner.kind === 'school' ? 'schoolId' : 'trustId');

/** The owner's group with that id, or undefined: another school's or trust's group is unknown here. */
export function groupOfOwner(db: Db, owner: GroupOwner, groupId: number): Promise<Group | undefined> {
  return db('groups')
    .where({ id: groupId, [ownerColumn(owner)]: owner.id })
    .first();
}

/** The owner's group with that name (compared by nameKey), or undefined. */
export function groupByName(db: Db, owner: GroupOwner, nameKey: string): Promise<Group | undefined> {
  return db('groups')
    .where({ nameKey, [ownerColumn(owner)]: owner.id })
    .first();
}

/** How many groups the owner has (its own: a school's count leaves its trust's out). */
export async function groupCountOf(db: Db, owner: GroupOwner): Promise<number> {
  const row = await db('groups')
    .where({ [ownerColumn(owner)]: owner.id })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** Of these name keys, the school's own groups that have them: each key's name as the school spelt it (none asked, nothing read). */
export async function schoolGroupNamesByKey(db: Db, schoolId: number, nameKeys: readonly string[]): Promise<Map<string, string>> {
  if (!nameKeys.length) return new Map();
  const rows: Array<{ name: string; nameKey: string }> = await db('groups').where({ schoolId }).whereIn('nameKey', nameKeys).select('name', 'nameKey');
  return new Map(rows.map((group) => [group.nameKey, group.name]));
}

/** Where the groups in view of an owner are: a school sees its own and its trust's; a trust its own. */
function inView(db: Db, owner: GroupOwner) {
  return (w: Knex.QueryBuilder) => {
    if (owner.kind === 'trust') w.where('g.trustId', owner.id);
    else w.where('g.schoolId', owner.id).orWhereIn('g.trustId', db('schools').where('id', owner.id).whereNotNull('trustId').select('trustId'));
  };
}

/** The staff in view of an owner as a join condition on `sm` (schoolMembers) and `s` (their school). */
function staffInView(owner: GroupOwner) {
  return (w: Knex.QueryBuilder) => {
    if (owner.kind === 'school') w.where('sm.schoolId', owner.id);
    else w.where('s.trustId', owner.id);
  };
}

export interface GroupRow {
  id: number;
  name: string;
  schoolId: number | null;
  trustId: number | null;
}

export interface GroupMemberRow {
  groupId: number;
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  schoolName: string;
  joinedAt: number | string;
}

export interface GroupCourseRow {
  groupId: number;
  courseId: number;
  title: string;
  completeByDay: number | null;
  newStaffDays: number | null;
}

/** The groups in view with their members in view and their courses (three statements), by name. */
export async function groupsInView(
  db: Db,
  owner: GroupOwner,
  onlyGroupId?: number,
): Promise<{ groups: GroupRow[]; members: GroupMemberRow[]; courses: GroupCourseRow[] }> {
  const groups: GroupRow[] = await db('groups as g')
    .where(inView(db, owner))
    .modify((q) => (onlyGroupId ? q.where('g.id', onlyGroupId) : q))
    .select('g.id', 'g.name', 'g.schoolId', 'g.trustId')
    .orderBy([{ column: 'g.name' }, { column: 'g.id' }]);
  const ids = groups.map((group) => Number(group.id));
  if (!ids.length) return { groups, members: [], courses: [] };
  const [members, courses] = await Promise.all([
    db('groupMembers as gm')
      .join('groups as g', 'g.id', 'gm.groupId')
      .join('users as u', 'u.id', 'gm.userId')
      .join('schoolMembers as sm', 'sm.userId', 'gm.userId')
      .join('schools as s', 's.id', 'sm.schoolId')
      .whereIn('gm.groupId', ids)
      .where(staffInView(owner))
      // A school's group holds only its own staff; a trust's, staff of its schools.
      .where((w) => w.whereRaw('g.school_id = sm.school_id').orWhereRaw('g.trust_id = s.trust_id'))
      .select('gm.groupId', 'gm.userId', 'u.email', 'u.firstName', 'u.lastName', 's.name as schoolName', 'gm.joinedAt')
      .orderBy([{ column: 'u.lastName' }, { column: 'u.firstName' }, { column: 'u.id' }]) as Promise<GroupMemberRow[]>,
    db('groupCourses as gc')
      .join('courses as c', 'c.id', 'gc.courseId')
      .whereIn('gc.groupId', ids)
      .select('gc.groupId', 'gc.courseId', 'c.title', 'gc.completeByDay', 'gc.newStaffDays')
      .orderBy([{ column: 'c.title' }, { column: 'c.id' }]) as Promise<GroupCourseRow[]>,
  ]);
  return { groups, members, courses };
}

/** The courses the owner can give to a group: a school's licensed courses, or any licensed to one of the trust's schools. */
export function assignableCourses(db: Db, owner: GroupOwner): Promise<Array<{ id: number; title: string }>> {
  const query = schoolLicencesInForce(db).join('courses as c', 'c.id', 'sl.courseId');
  if (owner.kind === 'school') query.where('sl.schoolId', owner.id);
  else query.whereIn('sl.schoolId', db('schools').where('trustId', owner.id).select('id'));
  return query.distinct('c.id', 'c.title').orderBy([{ column: 'c.title' }, { column: 'c.id' }]);
}

/** Whether the owner may give the course to a group (licensed to the school, or to a school of the trust). */
export function ownerLicensesCourse(db: Db, owner: GroupOwner, courseId: number): Promise<boolean> {
  return owner.kind === 'school' ? schoolLicenceInForce(db, owner.id, courseId) : trustSchoolsLicenceInForce(db, owner.id, courseId);
}

/** Of these addresses, the people in view of the owner (its staff), by address. */
export async function staffByEmail(db: Db, owner: GroupOwner, emails: string[]): Promise<Map<string, number>> {
  const rows: Array<{ id: number; email: string }> = await db('users as u')
    .join('schoolMembers as sm', 'sm.userId', 'u.id')
    .join('schools as s', 's.id', 'sm.schoolId')
    .whereIn('u.email', emails)
    .where(staffInView(owner))
    .select('u.id', 'u.email');
  return new Map(rows.map((row) => [String(row.email).toLowerCase(), Number(row.id)]));
}

/**
 * Each member's groups in view, by name: for one school (its groups and its trust's) or for a
 * whole trust (its groups and each member's own school's). One statement; the list and the
 * registers add the names to their rows.
 */
export async function groupNamesByMember(db: Db, scope: GroupOwner, userIds?: number[]): Promise<Map<number, string[]>> {
  if (userIds && !userIds.length) return new Map();
  const rows: Array<{ userId: number; name: string }> = await db('groupMembers as gm')
    .join('groups as g', 'g.id', 'gm.groupId')
    .join('schoolMembers as sm', 'sm.userId', 'gm.userId')
    .join('schools as s', 's.id', 'sm.schoolId')
    .where(staffInView(scope))
    .where((w) => w.whereRaw('g.school_id = sm.school_id').orWhereRaw('g.trust_id = s.trust_id'))
    .modify((q) => (userIds ? q.whereIn('gm.userId', userIds) : q))
    .select('gm.userId', 'g.name')
    .orderBy([{ column: 'g.name' }, { column: 'g.id' }]);
  const byUser = new Map<number, string[]>();
  for (const row of rows) {
    const names = byUser.get(Number(row.userId)) ?? [];
    names.push(row.name);
    byUser.set(Number(row.userId), names);
  }
  return byUser;
}
