import { certificateValidity, DAY_MS, dayOf, expiredIfIssuedBefore, TRAINING_STATUSES, type TrainingStatus } from '@atrium/common';
import type { Knex } from 'knex';
import { dbBoolean, dialectOf, type Db, type DbBoolean } from '../db/knex.ts';
import { groupNamesByMember, type GroupOwner } from './groups.ts';
import { finalQuizzes, type FinalQuiz } from './quizzes.ts';
import { withWatching, type Watching } from './watching.ts';
import { andLicenceInForce, schoolLicencesInForce } from './licences.ts';
import { andCertificateInForce, certificateInForceSql } from './certificates.ts';

// Every member × licensed course of a school with its status, computed by the database in one
// statement whatever the number of members: the counts, the paged list and the register read
// the same derived table. A member's deadline is the earlier of the school's and its trust's.

export interface ValidityCutoff {
  courseId: number;
  validityMonths: number;
  /** A certificate issued before this instant has expired. */
  issuedBefore: number;
}

/** Per course with a validity: the issue instant before which a certificate has expired today. */
export async function validityCutoffs(db: Db, now: number): Promise<ValidityCutoff[]> {
  const rows: Array<{ id: number; validityMonths: number }> = await db('courses').whereNotNull('validityMonths').select('id', 'validityMonths');
  return rows.map((row) => ({
    courseId: Number(row.id),
    validityMonths: Number(row.validityMonths),
    issuedBefore: expiredIfIssuedBefore(now, Number(row.validityMonths)),
  }));
}

const greatest = (db: Db, a: string, b: string) => (dialectOf(db) === 'mysql' ? `greatest(${a}, ${b})` : `max(${a}, ${b})`);
const least = (db: Db, a: string, b: string) => (dialectOf(db) === 'mysql' ? `least(${a}, ${b})` : `min(${a}, ${b})`);

/** One rule's due day for the member (`rule` is the joined deadline's alias): its date, or N days from joining for one who joined late. */
function ruleDueSql(db: Db, rule: string): string {
  const joinDay = `((sm.joined_at - sm.joined_at % ${DAY_MS}) / ${DAY_MS})`;
  return `(case when ${rule}.new_staff_days is null then ${rule}.complete_by_day
    when ${rule}.complete_by_day is null then ${joinDay} + ${rule}.new_staff_days
    else ${greatest(db, `${rule}.complete_by_day`, `${joinDay} + ${rule}.new_staff_days`)} end)`;
}

/**
 * A group rule's due day for a member of the group (`gc` the course given, `gm` the membership).
 * Who was in the group when the course was given is existing staff: the rule's date, or (a rule
 * of days only) that many days from the day it was given. Who joined the group later is new staff:
 * N days from joining it, or the date when that is later, as for a school's deadline.
 */
function groupRuleDueSql(db: Db): string {
  const dayOfSql = (column: string) => `((${column} - ${column} % ${DAY_MS}) / ${DAY_MS})`;
  const joinDay = dayOfSql('gm.joined_at');
  return `(case when gc.new_staff_days is null then gc.complete_by_day
    when gm.joined_at <= gc.created_at then coalesce(gc.complete_by_day, ${dayOfSql('gc.created_at')} + gc.new_staff_days)
    when gc.complete_by_day is null then ${joinDay} + gc.new_staff_days
    else ${greatest(db, 'gc.complete_by_day', `${joinDay} + gc.new_staff_days`)} end)`;
}

/** The earlier of two due days, either of which may be null (no rule): null only when both are. */
const earlier = (db: Db, a: string, b: string) => `(case when ${a} is null then ${b} when ${b} is null then ${a} else ${least(db, a, b)} end)`;

/**
 * One level's due day for the member (the school's: deadline `d`; the trust's: `td`). A level that
 * gave the course to none of its groups requires it of everyone by its deadline, as before groups
 * existed. A level that gave it to groups (`assigned`, true for the pair's couple) requires it only
 * of their members: by the earliest of their groups' rules (`groupDue`), and by the level's
 * deadline too when it has one (it still applies to them); everyone else has no due day there.
 */
function levelDueSql(db: Db, deadline: string, groupDue: string, assigned: string): string {
  const own = `(case when ${deadline}.id is null then null else ${ruleDueSql(db, deadline)} end)`;
  if (assigned === FALSE) return own;
  return `(case when not ${assigned} then ${own} when ${groupDue} is null then null else ${earlier(db, groupDue, own)} end)`;
}

/**
 * The member's earliest due day among their groups given the course at one level: a column of the
 * level's derived table (groupDueTable), joined by member, course and school or trust. A school's
 * groups count for members of that school, a trust's for members of its schools, so rows left
 * behind by someone who moved never apply.
 */
const memberGroupDueSql = (level: 'school' | 'trust'): string => (level === 'school' ? 'sgd.due_day' : 'tgd.due_day');

/**
 * Per member, course and owner (school or trust), the earliest due day among the owner's groups
 * the member is in that were given the course; only for the owners in `couples` (the scope's
 * group courses, a few), so it reads their groups' members and nothing else. Aggregated once per
 * statement and joined by key: read as a correlated subquery per pair instead (and the due day
 * is written several times over in the status), it was most of a trust's counts' time.
 */
function groupDueTable(db: Db, level: 'school' | 'trust', couples: Map<number, number[]>): Knex.QueryBuilder {
  const owner = level === 'school' ? 'g.schoolId' : 'g.trustId';
  return db('groupMembers as gm')
    .join('groups as g', 'g.id', 'gm.groupId')
    .join('groupCourses as gc', 'gc.groupId', 'g.id')
    .whereIn(owner, [...couples.keys()])
    .select('gm.userId as user_id', 'gc.courseId as course_id', `${owner} as owner_id`, db.raw(`min(${groupRuleDueSql(db)}) as due_day`))
    .groupBy('gm.userId', 'gc.courseId', owner);
}

const FALSE = '(0 = 1)';

/**
 * The couples with a course given to a group, in one school's or one trust's scope: per school the
 * courses given to its groups, per trust the courses given to its groups. A few rows, read before
 * the pairs, so the pairs' statement names them as constants: a scope without any pays nothing.
 */
export interface GroupCourseCouples {
  school: Map<number, number[]>;
  trust: Map<number, number[]>;
}

export async function groupCourseCouples(db: Db, scope: { schoolId: number } | { trustId: number }): Promise<GroupCourseCouples> {
  const query = db('groupCourses as gc').join('groups as g', 'g.id', 'gc.groupId');
  if ('schoolId' in scope) {
    query.where((w) =>
      w.where('g.schoolId', scope.schoolId).orWhereIn('g.trustId', db('schools').where('id', scope.schoolId).whereNotNull('trustId').select('trustId')),
    );
  } else {
    query.where((w) => w.where('g.trustId', scope.trustId).orWhereIn('g.schoolId', db('schools').where('trustId', scope.trustId).select('id')));
  }
  const rows: Array<{ schoolId: number | null; trustId: number | null; courseId: number }> = await query.distinct('g.schoolId', 'g.trustId', 'gc.courseId');
  const couples: GroupCourseCouples = { school: new Map(), trust: new Map() };
  for (const row of rows) {
    const [map, id] = row.schoolId !== null ? [couples.school, Number(row.schoolId)] : [couples.trust, Number(row.trustId)];
    map.set(id, [...(map.get(id) ?? []), Number(row.courseId)]);
  }
  return couples;
}

export const NO_GROUP_COURSES: GroupCourseCouples = { school: new Map(), trust: new Map() };

/** Whether the pair's couple is among `couples` (`owner` the pair's school or trust column), as SQL over integer constants. */
function assignedSql(couples: Map<number, number[]>, owner: string): string {
  if (!couples.size) return FALSE;
  const terms = [...couples].map(([id, courses]) => `(${owner} = ${Number(id)} and sl.course_id in (${courses.map(Number).join(', ')}))`);
  return `(${terms.join(' or ')})`;
}

/**
 * The member's own due day: the earlier of the school's level and its trust's (each above), either
 * alone when only one applies. Without group courses in scope it is the two deadlines' arithmetic
 * alone; with them, the first branch keeps the usual pair (no trust deadline, no group given the
 * course) to one rule's arithmetic: the expression is computed for every pair of the list and the counts.
 */
export function dueDaySql(db: Db, couples: GroupCourseCouples = NO_GROUP_COURSES): string {
  const plainSchool = ruleDueSql(db, 'd');
  const plainTrust = ruleDueSql(db, 'td');
  const schoolAssigned = assignedSql(couples.school, 'sm.school_id');
  const trustAssigned = assignedSql(couples.trust, 'sch.trust_id');
  if (schoolAssigned === FALSE && trustAssigned === FALSE) {
    return `(case when td.id is null then ${plainSchool} when d.id is null then ${plainTrust} else ${least(db, plainSchool, plainTrust)} end)`;
  }
  const school = levelDueSql(db, 'd', memberGroupDueSql('school'), schoolAssigned);
  const trust = levelDueSql(db, 'td', memberGroupDueSql('trust'), trustAssigned);
  const plain = [schoolAssigned, trustAssigned].filter((sql) => sql !== FALSE).map((sql) => `not ${sql}`);
  return `(case when td.id is null and ${plain.join(' and ')} then ${plainSchool} else ${earlier(db, school, trust)} end)`;
}

/** Which pairs must have a deadline due within `from`..`to` days of today (see `due` below). */
export interface DueRange {
  from: number;
  to: number;
}

/**
 * The (school, course) couples with a rule that can put a member's deadline in the range: a date
 * in it, or a days-from-joining rule (whose date depends on the member). The school's own rules
 * and its trust's, as one derived table: the database starts from these few rows, not from the
 * school's every member × course. The earlier of two rules being in range implies that one of
 * them is, so no pair due in range is missed; the outer status/due_day test keeps only those.
 */
function rulesDueWithin(db: Db, schoolId: number | null, today: number, range: DueRange): Knex.QueryBuilder {
  const inRange = (rule: string) => (w: Knex.QueryBuilder) =>
    w.whereNotNull(`${rule}.newStaffDays`).orWhereBetween(`${rule}.completeByDay`, [today + range.from, today + range.to]);
  const own = db('schoolDeadlines as dr1').where(inRange('dr1')).select('dr1.schoolId as school_id', 'dr1.courseId as course_id');
  const trust = db('trustDeadlines as dr2')
    .join('schools as drs', 'drs.trustId', 'dr2.trustId')
    .where(inRange('dr2'))
    .select('drs.id as school_id', 'dr2.courseId as course_id');
  // Courses given to groups: a school's groups, and a trust's for each of its schools.
  const ownGroups = db('groupCourses as dr3')
    .join('groups as dg3', 'dg3.id', 'dr3.groupId')
    .whereNotNull('dg3.schoolId')
    .where(inRange('dr3'))
    .select('dg3.schoolId as school_id', 'dr3.courseId as course_id');
  const trustGroups = db('groupCourses as dr4')
    .join('groups as dg4', 'dg4.id', 'dr4.groupId')
    .join('schools as drs4', 'drs4.trustId', 'dg4.trustId')
    .where(inRange('dr4'))
    .select('drs4.id as school_id', 'dr4.courseId as course_id');
  if (schoolId !== null) {
    own.where('dr1.schoolId', schoolId);
    trust.where('drs.id', schoolId);
    ownGroups.where('dg3.schoolId', schoolId);
    trustGroups.where('drs4.id', schoolId);
  }
  // union (not union all): a couple with several rules in range is one row, so one pair.
  return own.union(trust).union(ownGroups).union(trustGroups);
}

function expiredSql(db: Db, cutoffs: ValidityCutoff[]): Knex.Raw {
  if (!cutoffs.length) return db.raw('0 = 1');
  const cases = cutoffs.map(() => 'when ? then ?').join(' ');
  return db.raw(
    `ct.issued_at < (case ct.course_id ${cases} else 0 end)`,
    cutoffs.flatMap((c) => [c.courseId, c.issuedBefore]),
  );
}

/**
 * The pairs of one school (or every school when `schoolId` is null) with the columns the
 * status needs, `status` and `due_day` among them. Column names are the database's own
 * (snake_case), since the outer queries select from it as a derived table.
 */
export function trainingPairs(
  db: Db,
  schoolId: number | null,
  now: number,
  cutoffs: ValidityCutoff[],
  options: { groups: GroupCourseCouples; due?: DueRange | undefined; finals?: Map<number, FinalQuiz> | undefined },
): Knex.QueryBuilder {
  const today = dayOf(now);
  // The couples with group courses (groupCourseCouples, read by the caller for the same scope).
  const due = dueDaySql(db, options.groups);
  const expired = expiredSql(db, cutoffs);
  const members = db
    .from('schoolMembers as sm')
    .join('schoolLicences as sl', (join) => andLicenceInForce(join.on('sl.schoolId', '=', 'sm.schoolId'), 'sl'))
    .join('courses as c', 'c.id', 'sl.courseId')
    .join('users as u', 'u.id', 'sm.userId')
    .join('schools as sch', 'sch.id', 'sm.schoolId');
  // Pairs that must be due in a range join the rules that can be: the database then starts from those.
  if (options.due) {
    members
      .join(rulesDueWithin(db, schoolId, today, options.due).as('dr'), (join) =>
        join.on('dr.school_id', '=', 'sm.schoolId').andOn('dr.course_id', '=', 'sl.courseId'),
      )
      .whereNull('ct.id');
  }
  const query = members
    .leftJoin('schoolDeadlines as d', (join) => join.on('d.schoolId', '=', 'sm.schoolId').andOn('d.courseId', '=', 'sl.courseId'))
    .leftJoin('trustDeadlines as td', (join) => join.on('td.trustId', '=', 'sch.trustId').andOn('td.courseId', '=', 'sl.courseId'))
    .leftJoin('courseProgress as cp', (join) => join.on('cp.userId', '=', 'sm.userId').andOn('cp.courseId', '=', 'sl.courseId'))
    // The latest valid certificate (renewals add rounds), and a renewal started since it.
    .leftJoin('certificates as ct', (join) =>
      andCertificateInForce(join.on('ct.userId', '=', 'sm.userId').andOn('ct.courseId', '=', 'sl.courseId'), 'ct').andOn(
        db.raw(
          `ct.round = (select max(c2.round) from certificates c2 where c2.user_id = sm.user_id and c2.course_id = sl.course_id and ${certificateInForceSql('c2')})`,
        ),
      ),
    )
    .leftJoin('certificateRenewals as rn', (join) =>
      join.on('rn.userId', '=', 'sm.userId').andOn('rn.courseId', '=', 'sl.courseId').andOn(db.raw('rn.round = ct.round + 1')),
    );
  // The members' group due days, for the owners with group courses in scope (dueDaySql reads them).
  if (options.groups.school.size) {
    query.leftJoin(groupDueTable(db, 'school', options.groups.school).as('sgd'), (join) =>
      join.on('sgd.user_id', '=', 'sm.userId').andOn('sgd.course_id', '=', 'sl.courseId').andOn('sgd.owner_id', '=', 'sm.schoolId'),
    );
  }
  if (options.groups.trust.size) {
    query.leftJoin(groupDueTable(db, 'trust', options.groups.trust).as('tgd'), (join) =>
      join.on('tgd.user_id', '=', 'sm.userId').andOn('tgd.course_id', '=', 'sl.courseId').andOn('tgd.owner_id', '=', 'sch.trustId'),
    );
  }
  query.select(
    'sm.schoolId as school_id',
    'sm.userId as user_id',
    'sm.role as role',
    'sm.movedAt as moved_at',
    'u.email as email',
    'u.firstName as first_name',
    'u.lastName as last_name',
    'c.id as course_id',
    'c.title as course_title',
    'c.validityMonths as validity_months',
    'ct.certificateNumber as certificate_number',
    'ct.completedAt as completed_at',
    'ct.issuedAt as issued_at',
    db.raw(`${due} as due_day`),
    db.raw(
      `(case when ct.id is not null and rn.id is not null and ${expired.toQuery()} then 'in_progress'
          when ct.id is not null and ${expired.toQuery()} then 'renewal_due'
          when ct.id is not null then 'completed'
          when ${due} < ? then 'overdue'
          when ${due} <= ? then 'due_soon'
          when cp.completed_modules > 0 or cp.watched_seconds > 0 then 'in_progress'
          else 'not_started' end) as status`,
      [today, today + 7],
    ),
  );
  // The member's best on the course's final quiz (issue 36): one indexed row of quizResults
  // (userId, courseId) per pair, in this statement. Without any quiz there is no join at all.
  const finalIds = [...(options.finals?.values() ?? [])].map((final) => final.quizId);
  if (finalIds.length) {
    query
      .leftJoin('quizResults as qr', (join) => join.on('qr.userId', '=', 'sm.userId').andOn('qr.courseId', '=', 'sl.courseId').onIn('qr.quizId', finalIds))
      .select('qr.bestScore as quiz_score', 'qr.passed as quiz_passed');
  }
  return schoolId === null ? query : query.where('sm.schoolId', schoolId);
}

/** A member's best on a course's final quiz, for a course that has one. */
export interface FinalQuizResult {
  bestScore: number | null;
  passed: boolean;
  passMark: number;
}

export interface TrainingStatusRow {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  courseId: number;
  courseTitle: string;
  validityMonths: number | null;
  status: TrainingStatus;
  dueDay: number | null;
  completedAt: number | null;
  issuedAt: number | null;
  certificateNumber: string | null;
  /** Null when the course has no quiz. */
  finalQuiz: FinalQuizResult | null;
  /** The member's groups in view, by name (read after the page: groupNamesByMember). */
  groups?: string[];
  /** When a trust's manager moved them to this school (null: never moved). */
  movedAt: number | null;
}

/** Adds each row's member's groups (in view of `scope`) to the rows, in one statement. */
export async function withGroups<T extends TrainingStatusRow>(db: Db, scope: GroupOwner, rows: T[], all = false): Promise<T[]> {
  if (!rows.length) return rows;
  const names = await groupNamesByMember(db, scope, all ? undefined : [...new Set(rows.map((row) => row.userId))]);
  for (const row of rows) row.groups = names.get(row.userId) ?? [];
  return rows;
}

// The derived table's columns come back camel-cased by knex's mapping.
export interface RawPair {
  userId: number | string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  courseId: number | string;
  courseTitle: string;
  validityMonths: number | string | null;
  status: TrainingStatus;
  dueDay: number | string | null;
  completedAt: number | string | null;
  issuedAt: number | string | null;
  certificateNumber: string | null;
  /** Only when the statement joined the final quizzes' results. */
  quizScore?: number | string | null;
  quizPassed?: DbBoolean;
  movedAt?: number | string | null;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function toRow(raw: RawPair, finals: Map<number, FinalQuiz> = new Map()): TrainingStatusRow {
  const final = finals.get(Number(raw.courseId));
  return {
    userId: Number(raw.userId),
    email: raw.email,
    firstName: raw.firstName,
    lastName: raw.lastName,
    courseId: Number(raw.courseId),
    courseTitle: raw.courseTitle,
    validityMonths: num(raw.validityMonths),
    status: raw.status,
    dueDay: num(raw.dueDay),
    completedAt: num(raw.completedAt),
    issuedAt: num(raw.issuedAt),
    certificateNumber: raw.certificateNumber,
    finalQuiz: final ? { bestScore: num(raw.quizScore ?? null), passed: dbBoolean(raw.quizPassed), passMark: final.passMark } : null,
    movedAt: num(raw.movedAt ?? null),
  };
}

export interface StatusFilter {
  status?: TrainingStatus | undefined;
  courseId?: number | undefined;
  userId?: number | undefined;
  groupId?: number | undefined;
}

/**
 * Narrows trainingPairs to the members of one group: a group of the member's own school or of its
 * trust. Any other group (another school's, another trust's) matches nobody, so a filter naming
 * it answers an empty list and reveals nothing.
 */
export function onlyGroup(db: Db, pairs: Knex.QueryBuilder, groupId: number): Knex.QueryBuilder {
  return pairs.whereExists(
    db('groupMembers as fgm')
      .join('groups as fg', 'fg.id', 'fgm.groupId')
      .select(db.raw('1'))
      .where('fgm.groupId', groupId)
      .whereRaw('fgm.user_id = sm.user_id')
      .where((w) => w.whereRaw('fg.school_id = sm.school_id').orWhereRaw('fg.trust_id = sch.trust_id')),
  );
}

/**
 * The range a status filter narrows the pairs to before their statuses are computed: a deadline
 * in it and no current certificate (deadlines are spread over the year, so this keeps the overdue
 * list and the reminders proportional to what is actually due, not to the school's size).
 */
export function dueRangeOf(status: TrainingStatus | undefined): DueRange | undefined {
  if (status === 'overdue') return { from: -100_000, to: -1 };
  if (status === 'due_soon') return { from: 0, to: 7 };
  return undefined;
}

function filtered(
  db: Db,
  schoolId: number,
  now: number,
  cutoffs: ValidityCutoff[],
  groups: GroupCourseCouples,
  filter: StatusFilter,
  finals?: Map<number, FinalQuiz>,
): Knex.QueryBuilder {
  const pairs = trainingPairs(db, schoolId, now, cutoffs, { groups, due: dueRangeOf(filter.status), finals });
  if (filter.groupId) onlyGroup(db, pairs, filter.groupId);
  const query = db.from(pairs.as('pairs'));
  if (filter.status) query.where('pairs.status', filter.status);
  if (filter.courseId) query.where('pairs.course_id', filter.courseId);
  if (filter.userId) query.where('pairs.user_id', filter.userId);
  return query;
}

/**
 * How many pairs of the school are in each status (every status present, zero or not), of one
 * course and one group's members when the filter names them, as the list shows them.
 */
export async function statusCounts(
  db: Db,
  schoolId: number,
  now: number,
  filter: Pick<StatusFilter, 'courseId' | 'groupId'> = {},
): Promise<Record<TrainingStatus, number>> {
  const [cutoffs, groups] = await Promise.all([validityCutoffs(db, now), groupCourseCouples(db, { schoolId })]);
  const rows: Array<{ status: TrainingStatus; n: number | string }> = await filtered(db, schoolId, now, cutoffs, groups, filter)
    .select('pairs.status')
    .count({ n: '*' })
    .groupBy('pairs.status');
  const counts = Object.fromEntries(TRAINING_STATUSES.map((status) => [status, 0])) as Record<TrainingStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** A listed pair with what the member played of the course (queries/watching.ts). */
export type WatchedStatusRow = TrainingStatusRow & { watching: Watching };

/** One page of the school's pairs, by member name then course title, and how many match in all. */
export async function statusPage(
  db: Db,
  schoolId: number,
  now: number,
  filter: StatusFilter & { limit: number; offset: number },
): Promise<{ rows: WatchedStatusRow[]; total: number }> {
  const [cutoffs, finals, groups] = await Promise.all([validityCutoffs(db, now), finalQuizzes(db), groupCourseCouples(db, { schoolId })]);
  const [countRow, rows] = await Promise.all([
    filtered(db, schoolId, now, cutoffs, groups, filter).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    filtered(db, schoolId, now, cutoffs, groups, filter, finals)
      .select('pairs.*')
      .orderBy([
        { column: 'pairs.last_name' },
        { column: 'pairs.first_name' },
        { column: 'pairs.user_id' },
        { column: 'pairs.course_title' },
        { column: 'pairs.course_id' },
      ])
      .limit(filter.limit)
      .offset(filter.offset) as Promise<RawPair[]>,
  ]);
  return {
    rows: await withGroups(
      db,
      { kind: 'school', id: schoolId },
      await withWatching(
        db,
        rows.map((row) => toRow(row, finals)),
      ),
    ),
    total: Number(countRow?.n ?? 0),
  };
}

/** Every pair of the school (the register), in the same order as the list. */
export async function allStatuses(db: Db, schoolId: number, now: number): Promise<WatchedStatusRow[]> {
  const [cutoffs, finals, groups] = await Promise.all([validityCutoffs(db, now), finalQuizzes(db), groupCourseCouples(db, { schoolId })]);
  const rows = (await db
    .from(trainingPairs(db, schoolId, now, cutoffs, { groups, finals }).as('pairs'))
    .select('pairs.*')
    .orderBy([{ column: 'pairs.last_name' }, { column: 'pairs.first_name' }, { column: 'pairs.user_id' }, { column: 'pairs.course_title' }])) as RawPair[];
  // The whole school: its members and licensed courses as subqueries, not as lists of ids.
  const watched = await withWatching(
    db,
    rows.map((row) => toRow(row, finals)),
    {
      users: db('schoolMembers').where('schoolId', schoolId).select('userId'),
      courses: schoolLicencesInForce(db).where('sl.schoolId', schoolId).select('sl.courseId'),
    },
  );
  return withGroups(db, { kind: 'school', id: schoolId }, watched, true);
}

/** When a certificate stops being current, for a course with a validity. */
export function expiresOn(row: { issuedAt: number | null; validityMonths: number | null }): string | null {
  return row.issuedAt === null ? null : (certificateValidity(row.issuedAt, row.validityMonths)?.expiresOn ?? null);
}
