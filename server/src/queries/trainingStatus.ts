import { certificateValidity, DAY_MS, dayOf, expiredIfIssuedBefore, TRAINING_STATUSES, type TrainingStatus } from '@atrium/common';
import type { Knex } from 'knex';
import { dbBoolean, dialectOf, type Db, type DbBoolean } from '../db/knex.ts';
import { finalQuizzes, type FinalQuiz } from './quizzes.ts';
import { withWatching, type Watching } from './watching.ts';

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
 * The member's own due day: the earlier of the school's rule (`d`) and its trust's (`td`), either
 * alone when only one is set. The branches keep the usual pair (no trust deadline) to one rule's
 * arithmetic: the expression is computed for every pair of the list and the counts.
 */
export function dueDaySql(db: Db): string {
  const school = ruleDueSql(db, 'd');
  const trust = ruleDueSql(db, 'td');
  return `(case when td.id is null then ${school} when d.id is null then ${trust} else ${least(db, school, trust)} end)`;
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
  if (schoolId !== null) {
    own.where('dr1.schoolId', schoolId);
    trust.where('drs.id', schoolId);
  }
  // union (not union all): a couple with both rules in range is one row, so one pair.
  return own.union(trust);
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
  options: { due?: DueRange | undefined; finals?: Map<number, FinalQuiz> | undefined } = {},
): Knex.QueryBuilder {
  const today = dayOf(now);
  const due = dueDaySql(db);
  const expired = expiredSql(db, cutoffs);
  const members = db
    .from('schoolMembers as sm')
    .join('schoolLicences as sl', (join) => join.on('sl.schoolId', '=', 'sm.schoolId').andOnNull('sl.revokedAt'))
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
      join
        .on('ct.userId', '=', 'sm.userId')
        .andOn('ct.courseId', '=', 'sl.courseId')
        .andOnNull('ct.revokedAt')
        .andOn(
          db.raw(
            'ct.round = (select max(c2.round) from certificates c2 where c2.user_id = sm.user_id and c2.course_id = sl.course_id and c2.revoked_at is null)',
          ),
        ),
    )
    .leftJoin('certificateRenewals as rn', (join) =>
      join.on('rn.userId', '=', 'sm.userId').andOn('rn.courseId', '=', 'sl.courseId').andOn(db.raw('rn.round = ct.round + 1')),
    )
    .select(
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
  /** When a trust's manager moved them to this school (null: never moved). */
  movedAt: number | null;
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

function filtered(db: Db, schoolId: number, now: number, cutoffs: ValidityCutoff[], filter: StatusFilter, finals?: Map<number, FinalQuiz>): Knex.QueryBuilder {
  const pairs = trainingPairs(db, schoolId, now, cutoffs, { due: dueRangeOf(filter.status), finals });
  const query = db.from(pairs.as('pairs'));
  if (filter.status) query.where('pairs.status', filter.status);
  if (filter.courseId) query.where('pairs.course_id', filter.courseId);
  if (filter.userId) query.where('pairs.user_id', filter.userId);
  return query;
}

/** How many pairs of the school are in each status (every status present, zero or not). */
export async function statusCounts(db: Db, schoolId: number, now: number): Promise<Record<TrainingStatus, number>> {
  const cutoffs = await validityCutoffs(db, now);
  const rows: Array<{ status: TrainingStatus; n: number | string }> = await db
    .from(trainingPairs(db, schoolId, now, cutoffs).as('pairs'))
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
  const [cutoffs, finals] = await Promise.all([validityCutoffs(db, now), finalQuizzes(db)]);
  const [countRow, rows] = await Promise.all([
    filtered(db, schoolId, now, cutoffs, filter).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    filtered(db, schoolId, now, cutoffs, filter, finals)
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
    rows: await withWatching(
      db,
      rows.map((row) => toRow(row, finals)),
    ),
    total: Number(countRow?.n ?? 0),
  };
}

/** Every pair of the school (the register), in the same order as the list. */
export async function allStatuses(db: Db, schoolId: number, now: number): Promise<WatchedStatusRow[]> {
  const [cutoffs, finals] = await Promise.all([validityCutoffs(db, now), finalQuizzes(db)]);
  const rows = (await db
    .from(trainingPairs(db, schoolId, now, cutoffs, { finals }).as('pairs'))
    .select('pairs.*')
    .orderBy([{ column: 'pairs.last_name' }, { column: 'pairs.first_name' }, { column: 'pairs.user_id' }, { column: 'pairs.course_title' }])) as RawPair[];
  // The whole school: its members and licensed courses as subqueries, not as lists of ids.
  return withWatching(
    db,
    rows.map((row) => toRow(row, finals)),
    {
      users: db('schoolMembers').where('schoolId', schoolId).select('userId'),
      courses: db('schoolLicences').where('schoolId', schoolId).whereNull('revokedAt').select('courseId'),
    },
  );
}

/** When a certificate stops being current, for a course with a validity. */
export function expiresOn(row: { issuedAt: number | null; validityMonths: number | null }): string | null {
  return row.issuedAt === null ? null : (certificateValidity(row.issuedAt, row.validityMonths)?.expiresOn ?? null);
}
