import { TRAINING_STATUSES, type TrainingStatus } from '@atrium/common';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { hashToken } from '../services/tokens.ts';
import { withWatching, type Watching } from './watching.ts';
import {
  dueRangeOf,
  groupCourseCouples,
  onlyGroup,
  withGroups,
  toRow,
  trainingPairs,
  validityCutoffs,
  type DueRange,
  type GroupCourseCouples,
  type RawPair,
  type TrainingStatusRow,
  type ValidityCutoff,
} from './trainingStatus.ts';
import { trustSchoolsLicencesInForce } from './licences.ts';

// Reads of trusts: the admin's list and page of one trust, the trust a person manages, and the
// trust manager's view over every school of the trust (statuses computed by the same derived
// table as a school's, trainingStatus.ts, narrowed to the trust's schools).

export interface TrustRow {
  id: number;
  name: string;
  createdAt: number | string;
  schoolCount: number | string | null;
}

function trustsQuery(db: Db) {
  const schools = db('schools').select('trustId').count({ schoolCount: '*' }).whereNotNull('trustId').groupBy('trustId').as('sc');
  return db('trusts').leftJoin(schools, 'sc.trustId', 'trusts.id').select('trusts.id', 'trusts.name', 'trusts.createdAt', 'sc.schoolCount');
}

/** Every trust, by name (a few hundred at most: the admin's list is not paged). */
export function allTrusts(db: Db): Promise<TrustRow[]> {
  return trustsQuery(db).orderBy('trusts.name').orderBy('trusts.id');
}

export function trustById(db: Db, trustId: number): Promise<TrustRow | undefined> {
  return trustsQuery(db).where('trusts.id', trustId).first();
}

export interface TrustSchoolRow {
  id: number;
  name: string;
  country: string;
  members: number | string | null;
}

/** The trust's schools with their member counts, by name. */
export function trustSchools(db: Db, trustId: number): Promise<TrustSchoolRow[]> {
  const members = db('schoolMembers').select('schoolId').count({ members: '*' }).groupBy('schoolId').as('mc');
  return db('schools')
    .leftJoin(members, 'mc.schoolId', 'schools.id')
    .where('schools.trustId', trustId)
    .select('schools.id', 'schools.name', 'schools.country', 'mc.members')
    .orderBy('schools.name')
    .orderBy('schools.id');
}

export interface TrustManagerRow {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  joinedAt: number | string;
}

export function trustManagerRows(db: Db, trustId: number): Promise<TrustManagerRow[]> {
  return db('trustManagers as tm')
    .join('users as u', 'u.id', 'tm.userId')
    .where('tm.trustId', trustId)
    .select('tm.userId', 'u.email', 'u.firstName', 'u.lastName', 'tm.joinedAt')
    .orderBy('u.email');
}

export interface TrustInviteRow {
  id: number;
  trustId: number;
  email: string;
  createdAt: number | string;
  expiresAt: number | string;
  acceptedAt: number | string | null;
  revokedAt: number | string | null;
}

const TRUST_INVITE_COLUMNS = ['id', 'trustId', 'email', 'createdAt', 'expiresAt', 'acceptedAt', 'revokedAt'] as const;

/** Invitations not accepted and not withdrawn (expired ones included: the page says so). */
export function openTrustInvitations(db: Db, trustId: number): Promise<TrustInviteRow[]> {
  return db('trustInvites')
    .select(...TRUST_INVITE_COLUMNS)
    .where({ trustId })
    .whereNull('acceptedAt')
    .whereNull('revokedAt')
    .orderBy('id', 'desc');
}

export function findTrustInvite(db: Db, token: string): Promise<TrustInviteRow | undefined> {
  return db('trustInvites')
    .select(...TRUST_INVITE_COLUMNS)
    .where({ tokenHash: hashToken(token) })
    .first();
}

/** The trust the user manages (a person manages at most one), or null. */
export async function trustOfManager(db: Db, userId: number): Promise<{ trustId: number; name: string } | null> {
  const row = await db('trustManagers as tm').join('trusts as t', 't.id', 'tm.trustId').where('tm.userId', userId).select('tm.trustId', 't.name').first();
  return row ? { trustId: Number(row.trustId), name: row.name } : null;
}

/** The trust's licences with their course titles, newest first (revoked ones too): the admin's page. */
export function trustLicenceRows(
  db: Db,
  trustId: number,
): Promise<Array<{ courseId: number; title: string; source: string; createdAt: number; revokedAt: number | null }>> {
  return db('trustLicences as tl')
    .join('courses as c', 'c.id', 'tl.courseId')
    .where('tl.trustId', trustId)
    .select('tl.courseId', 'c.title', 'tl.source', 'tl.createdAt', 'tl.revokedAt')
    .orderBy('tl.id', 'desc');
}

/** The trust a school belongs to, or null. */
export async function trustOfSchool(db: Db, schoolId: number): Promise<number | null> {
  const row = await db('schools').select('trustId').where({ id: schoolId }).first();
  return row?.trustId === null || row?.trustId === undefined ? null : Number(row.trustId);
}

/** The ids of the trust's schools as a subquery (index on schools.trust_id); awaited, their rows. */
export const trustSchoolIds = (db: Db, trustId: number) => db('schools').select('id').where({ trustId });

/** The pairs of every school of the trust (trainingPairs narrowed by the schools' trust). */
function trustPairs(
  db: Db,
  trustId: number,
  now: number,
  cutoffs: ValidityCutoff[],
  options: { groups: GroupCourseCouples; due?: DueRange | undefined },
): Knex.QueryBuilder {
  return trainingPairs(db, null, now, cutoffs, options).whereIn('sm.schoolId', trustSchoolIds(db, trustId));
}

export const zeroCounts = (): Record<TrainingStatus, number> =>
  Object.fromEntries(TRAINING_STATUSES.map((status) => [status, 0])) as Record<TrainingStatus, number>;

export interface TrustSchoolCounts {
  schoolId: number;
  counts: Record<TrainingStatus, number>;
}

export interface TrustCountsFilter {
  courseId?: number | undefined;
  groupId?: number | undefined;
}

export interface SchoolStatusCount {
  schoolId: number | string;
  status: TrainingStatus;
  n: number | string;
}

/** Counts by school and status as a map of every status per school (a school without pairs: absent). */
export function countsBySchool(rows: SchoolStatusCount[]): Map<number, Record<TrainingStatus, number>> {
  const bySchool = new Map<number, Record<TrainingStatus, number>>();
  for (const row of rows) {
    const id = Number(row.schoolId);
    const counts = bySchool.get(id) ?? zeroCounts();
    counts[row.status] += Number(row.n);
    bySchool.set(id, counts);
  }
  return bySchool;
}

/**
 * Per school of the trust, its member × course pairs in each status (one statement over them
 * all), for every course or one: what the overview shows, computed from scratch. The overview
 * reads the same numbers from the rows kept per school (queries/statusCounts.ts), which the
 * tests compare with this.
 */
export async function trustStatusCountsComputed(
  db: Db,
  trustId: number,
  now: number,
  filter: TrustCountsFilter = {},
): Promise<Map<number, Record<TrainingStatus, number>>> {
  const [cutoffs, groups] = await Promise.all([validityCutoffs(db, now), groupCourseCouples(db, { trustId })]);
  const pairs = trustPairs(db, trustId, now, cutoffs, { groups });
  if (filter.courseId) pairs.where('sl.courseId', filter.courseId);
  if (filter.groupId) onlyGroup(db, pairs, filter.groupId);
  const rows: SchoolStatusCount[] = await db
    .from(pairs.as('pairs'))
    .select('pairs.school_id as schoolId', 'pairs.status')
    .count({ n: '*' })
    .groupBy('pairs.school_id', 'pairs.status');
  return countsBySchool(rows);
}

/** A course licensed to some school of the trust, with the schools whose licence covers it. */
export interface TrustCourse {
  id: number;
  title: string;
  schoolIds: number[];
}

/** Courses licensed to any school of the trust, by title, each with the schools that hold it (school id order). */
export async function trustCourses(db: Db, trustId: number): Promise<TrustCourse[]> {
  const rows: Array<{ id: number | string; title: string; schoolId: number | string }> = await trustSchoolsLicencesInForce(db, trustId)
    .join('courses as c', 'c.id', 'sl.courseId')
    .distinct('c.id', 'c.title', 'sl.schoolId')
    .orderBy([{ column: 'c.title' }, { column: 'c.id' }, { column: 'sl.schoolId' }]);
  const courses = new Map<number, TrustCourse>();
  for (const row of rows) {
    const id = Number(row.id);
    const course = courses.get(id) ?? { id, title: row.title, schoolIds: [] };
    course.schoolIds.push(Number(row.schoolId));
    courses.set(id, course);
  }
  return [...courses.values()];
}

export interface TrustStatusFilter {
  schoolId?: number | undefined;
  courseId?: number | undefined;
  groupId?: number | undefined;
  status?: TrainingStatus | undefined;
}

export interface TrustStatusRow extends TrainingStatusRow {
  schoolId: number;
  schoolName: string;
}

function filteredTrustPairs(
  db: Db,
  trustId: number,
  now: number,
  cutoffs: ValidityCutoff[],
  groups: GroupCourseCouples,
  filter: TrustStatusFilter,
): Knex.QueryBuilder {
  const pairs = trustPairs(db, trustId, now, cutoffs, { groups, due: dueRangeOf(filter.status) });
  if (filter.schoolId) pairs.where('sm.schoolId', filter.schoolId);
  if (filter.courseId) pairs.where('sl.courseId', filter.courseId);
  if (filter.groupId) onlyGroup(db, pairs, filter.groupId);
  const query = db.from(pairs.as('pairs'));
  if (filter.status) query.where('pairs.status', filter.status);
  return query;
}

interface RawTrustPair extends RawPair {
  schoolId: number | string;
  schoolName: string;
}

const toTrustRow = (raw: RawTrustPair): TrustStatusRow => ({ ...toRow(raw), schoolId: Number(raw.schoolId), schoolName: raw.schoolName });

/** The list's order: school, member name, course (the derived table's snake_case columns). */
const PAGE_ORDER = [
  { column: 's.name' },
  { column: 'pairs.school_id' },
  { column: 'pairs.last_name' },
  { column: 'pairs.first_name' },
  { column: 'pairs.user_id' },
  { column: 'pairs.course_title' },
  { column: 'pairs.course_id' },
];

/**
 * The page's (member, course) keys and how many pairs match in all, for a list without a status
 * filter (its order and total do not depend on the status). Within a school every member has a
 * pair for each of the school's licensed courses: the school's pairs are its members × its
 * courses, in the list's order member by member, course by course. So the page is found by
 * arithmetic over the schools' counts, and only the members it shows are read, in order, from the
 * one school (or two) it falls in: sorting the trust's 100,000 pairs by school, name and course
 * to take 50 was what MariaDB spent a first page on. Same filters as filteredTrustPairs.
 */
async function pageKeys(
  db: Db,
  trustId: number,
  filter: TrustStatusFilter & { limit: number; offset: number },
): Promise<{ keys: Array<{ userId: number; courseId: number }>; total: number }> {
  // The members of one school or of every school of the trust, with the group filter.
  const members = (schoolId?: number) => {
    const query = db('schoolMembers as sm')
      .join('users as u', 'u.id', 'sm.userId')
      .join('schools as sch', 'sch.id', 'sm.schoolId')
      .where('sch.trustId', trustId);
    if (schoolId) query.where('sm.schoolId', schoolId);
    if (filter.groupId) onlyGroup(db, query, filter.groupId);
    return query;
  };
  const schoolsQuery = db('schools')
    .where({ trustId })
    .select('id')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  const coursesQuery = trustSchoolsLicencesInForce(db, trustId)
    .join('courses as c', 'c.id', 'sl.courseId')
    .select('sl.schoolId', 'c.id')
    .orderBy([{ column: 'c.title' }, { column: 'c.id' }]);
  if (filter.schoolId) schoolsQuery.where('id', filter.schoolId);
  if (filter.courseId) coursesQuery.where('sl.courseId', filter.courseId);
  const [schools, courses, counts] = await Promise.all([
    schoolsQuery as Promise<Array<{ id: number | string }>>,
    coursesQuery as Promise<Array<{ schoolId: number | string; id: number | string }>>,
    members().select('sm.schoolId').count({ n: '*' }).groupBy('sm.schoolId') as Promise<Array<{ schoolId: number | string; n: number | string }>>,
  ]);
  const coursesOf = new Map<number, number[]>();
  for (const course of courses) coursesOf.set(Number(course.schoolId), [...(coursesOf.get(Number(course.schoolId)) ?? []), Number(course.id)]);
  const memberCount = new Map(counts.map((row) => [Number(row.schoolId), Number(row.n)]));
  const keys: Array<{ userId: number; courseId: number }> = [];
  let total = 0;
  for (const school of schools) {
    const id = Number(school.id);
    const schoolCourses = coursesOf.get(id) ?? [];
    const pairs = (memberCount.get(id) ?? 0) * schoolCourses.length;
    // The part of the page in this school: from its pair `first` on, `wanted` pairs.
    const first = Math.max(0, filter.offset - total);
    const wanted = Math.min(pairs - first, filter.limit - keys.length);
    total += pairs;
    if (wanted <= 0) continue;
    const from = Math.floor(first / schoolCourses.length);
    const to = Math.floor((first + wanted - 1) / schoolCourses.length);
    const users = (await members(id)
      .select('sm.userId')
      .orderBy([{ column: 'u.lastName' }, { column: 'u.firstName' }, { column: 'sm.userId' }])
      .limit(to - from + 1)
      .offset(from)) as Array<{ userId: number | string }>;
    for (let index = first; index < first + wanted; index += 1) {
      const user = users[Math.floor(index / schoolCourses.length) - from];
      // A member who left between the counts and this read: the page ends short, as a list read twice can.
      if (user) keys.push({ userId: Number(user.userId), courseId: schoolCourses[index % schoolCourses.length]! });
    }
  }
  return { keys, total };
}

/**
 * One page of the trust's pairs, by school, member name and course, and how many match in all.
 * Without a status filter the page's pairs are chosen by their keys first and only those 50 get
 * their statuses computed (pageKeys): computing every pair's status to sort them (100,000 in a
 * full trust) was what made the first page slow. With a status filter every pair's status is
 * needed anyway. `how.sorted` takes that way without one too: the tests' reference for pageKeys.
 */
export async function trustStatusPage(
  db: Db,
  trustId: number,
  now: number,
  filter: TrustStatusFilter & { limit: number; offset: number },
  how: { sorted?: boolean } = {},
): Promise<{ rows: Array<TrustStatusRow & { watching: Watching }>; total: number }> {
  const [cutoffs, groups] = await Promise.all([validityCutoffs(db, now), groupCourseCouples(db, { trustId })]);
  let rows: RawTrustPair[];
  let total: number;
  if (filter.status || how.sorted) {
    const pairs = () => filteredTrustPairs(db, trustId, now, cutoffs, groups, filter);
    const [countRow, page] = await Promise.all([
      pairs().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
      pairs()
        .join('schools as s', 's.id', 'pairs.school_id')
        .select('pairs.*', 's.name as schoolName')
        .orderBy(PAGE_ORDER)
        .limit(filter.limit)
        .offset(filter.offset),
    ]);
    rows = page as RawTrustPair[];
    total = Number(countRow?.n ?? 0);
  } else {
    const page = await pageKeys(db, trustId, filter);
    total = page.total;
    rows = page.keys.length
      ? ((await db
          .from(
            trustPairs(db, trustId, now, cutoffs, { groups })
              .whereIn('sm.userId', [...new Set(page.keys.map((key) => key.userId))])
              .whereIn(
                ['sm.userId', 'sl.courseId'],
                page.keys.map((key) => [key.userId, key.courseId]),
              )
              .as('pairs'),
          )
          .join('schools as s', 's.id', 'pairs.school_id')
          .select('pairs.*', 's.name as schoolName')
          .orderBy(PAGE_ORDER)) as RawTrustPair[])
      : [];
  }
  const watched = await withWatching(db, rows.map(toTrustRow));
  return { rows: await withGroups(db, { kind: 'trust', id: trustId }, watched), total };
}
