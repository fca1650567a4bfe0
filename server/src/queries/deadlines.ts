import type { Db } from '../db/knex.ts';
import { schoolLicencesInForce } from './licences.ts';

// Deadlines come at two levels: a school's own (schoolDeadlines) and its trust's (trustDeadlines,
// for every school of the trust). Each member's deadline is the earlier of the two that apply
// (trainingStatus.ts, dueDaySql). A school may only set an earlier rule than its trust's
// (commands/deadlines.ts); when a trust sets or moves its date before a school's own, the school's
// row is left as it was and simply stops applying (the earlier date wins), so removing the trust's
// deadline later gives the school back the date it chose.

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A course and its rule as both panels read them (the school's, the trust's); days are day numbers. */
export interface CourseRuleRow {
  courseId: number;
  title: string;
  completeByDay: number | null;
  newStaffDays: number | null;
  validityMonths: number | null;
}

/** A licensed course as the deadlines panel reads it. */
export interface CourseDeadlineRow {
  courseId: number;
  title: string;
  completeByDay: number | null;
  newStaffDays: number | null;
  validityMonths: number | null;
  trustRuleId: number | null;
  trustCompleteByDay: number | null;
  trustNewStaffDays: number | null;
}

/** The school's licensed courses, each with its own deadline, its trust's, and validity, by title. */
export function schoolDeadlines(db: Db, schoolId: number): Promise<CourseDeadlineRow[]> {
  return schoolLicencesInForce(db)
    .join('courses as c', 'c.id', 'sl.courseId')
    .join('schools as s', 's.id', 'sl.schoolId')
    .leftJoin('schoolDeadlines as d', (join) => join.on('d.schoolId', '=', 'sl.schoolId').andOn('d.courseId', '=', 'sl.courseId'))
    .leftJoin('trustDeadlines as td', (join) => join.on('td.trustId', '=', 's.trustId').andOn('td.courseId', '=', 'sl.courseId'))
    .where('sl.schoolId', schoolId)
    .select(
      'c.id as courseId',
      'c.title',
      'd.completeByDay',
      'd.newStaffDays',
      'c.validityMonths',
      'td.id as trustRuleId',
      'td.completeByDay as trustCompleteByDay',
      'td.newStaffDays as trustNewStaffDays',
    )
    .orderBy([{ column: 'c.title' }, { column: 'c.id' }]) as Promise<CourseDeadlineRow[]>;
}

/** The trust's name when the school is in one (the deadlines panel names it beside its dates). */
export async function schoolTrustName(db: Db, schoolId: number): Promise<string | null> {
  const row = await db('schools as s').join('trusts as t', 't.id', 's.trustId').where('s.id', schoolId).first('t.name');
  return row?.name ?? null;
}

/** The deadline the school's trust set for the course, with the trust's name, or null. */
export async function trustRuleForSchool(
  db: Db,
  schoolId: number,
  courseId: number,
): Promise<{ trustName: string; completeByDay: number | null; newStaffDays: number | null } | null> {
  const row = await db('schools as s')
    .join('trusts as t', 't.id', 's.trustId')
    .join('trustDeadlines as td', 'td.trustId', 's.trustId')
    .where('s.id', schoolId)
    .where('td.courseId', courseId)
    .first('t.name', 'td.completeByDay', 'td.newStaffDays');
  return row ? { trustName: row.name, completeByDay: num(row.completeByDay), newStaffDays: num(row.newStaffDays) } : null;
}

/** Whether the school has any deadline, its own, its trust's or a group's (the weekly digest skips schools with none). */
export async function hasAnyDeadline(db: Db, schoolId: number): Promise<boolean> {
  const [own, trust, group] = await Promise.all([
    db('schoolDeadlines').where({ schoolId }).first('id'),
    db('schools as s').join('trustDeadlines as td', 'td.trustId', 's.trustId').where('s.id', schoolId).first('td.id'),
    db('groupCourses as gc')
      .join('groups as g', 'g.id', 'gc.groupId')
      .where((w) => w.where('g.schoolId', schoolId).orWhereIn('g.trustId', db('schools').where('id', schoolId).whereNotNull('trustId').select('trustId')))
      .first('gc.id'),
  ]);
  return Boolean(own ?? trust ?? group);
}

interface TrustCourseRow extends CourseRuleRow {
  schools: number | string;
}

/** A course licensed in the trust, with the trust's rule, how many schools license it and how many kept a later rule. */
export interface TrustCourseDeadlineRow extends CourseRuleRow {
  schools: number;
  schoolsOverridden: number;
}

/**
 * The courses licensed to any school of the trust with the trust's deadline for each, how many
 * schools license it, and how many of those kept a later date or more days of their own (set
 * before the trust's, which applies instead), by title: two statements whatever the number of schools.
 */
export async function trustDeadlines(db: Db, trustId: number): Promise<TrustCourseDeadlineRow[]> {
  const schoolIds = db('schools').select('id').where({ trustId });
  const licensed = schoolLicencesInForce(db).whereIn('sl.schoolId', schoolIds).select('sl.courseId').count({ schools: '*' }).groupBy('sl.courseId').as('lc');
  const [rows, later] = await Promise.all([
    db('courses as c')
      .join(licensed, 'lc.courseId', 'c.id')
      .leftJoin('trustDeadlines as td', (join) => join.on('td.courseId', '=', 'c.id').andOnVal('td.trustId', '=', trustId))
      .select('c.id as courseId', 'c.title', 'c.validityMonths', 'lc.schools', 'td.completeByDay', 'td.newStaffDays')
      .orderBy([{ column: 'c.title' }, { column: 'c.id' }]) as Promise<TrustCourseRow[]>,
    db('schoolDeadlines as d')
      .join('trustDeadlines as td', 'td.courseId', 'd.courseId')
      .whereIn('d.schoolId', schoolIds)
      .where('td.trustId', trustId)
      .where((w) =>
        w
          .where((a) => a.whereNotNull('td.completeByDay').whereNotNull('d.completeByDay').whereRaw('?? > ??', ['d.completeByDay', 'td.completeByDay']))
          .orWhere((a) => a.whereNotNull('td.newStaffDays').whereNotNull('d.newStaffDays').whereRaw('?? > ??', ['d.newStaffDays', 'td.newStaffDays'])),
      )
      .select('d.courseId')
      .count({ n: '*' })
      .groupBy('d.courseId') as Promise<Array<{ courseId: number | string; n: number | string }>>,
  ]);
  const overridden = new Map(later.map((row) => [Number(row.courseId), Number(row.n)]));
  return rows.map((row) => ({
    ...row,
    schools: Number(row.schools),
    schoolsOverridden: overridden.get(Number(row.courseId)) ?? 0,
  }));
}
