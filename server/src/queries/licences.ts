import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';

type Reader = Db | Knex.Transaction;

/**
 * "A licence in force" has one meaning, kept here: a school's or a trust's licence row that no
 * admin has revoked. Revoked rows stay (an admin may restore them, and a trust's licence gives way
 * to a school's own), so every read of what a licence covers *now* goes through this file rather
 * than repeating `whereNull('revokedAt')`. Commands that change licences read rows whatever their
 * state and do not use it.
 */

/** Narrows a query joined to a licence table under `alias` to the licences in force. */
export function licenceInForce<Q extends Knex.QueryBuilder>(query: Q, alias: string): Q {
  return query.whereNull(`${alias}.revokedAt`) as Q;
}

/** Adds "in force" to a join on a licence table under `alias`: `join.on(…)` then this. */
export function andLicenceInForce(join: Knex.JoinClause, alias: string): Knex.JoinClause {
  return join.andOnNull(`${alias}.revokedAt`);
}

/** School licences in force, as `alias` (default `sl`): start a query from here. */
export function schoolLicencesInForce(db: Reader, alias = 'sl'): Knex.QueryBuilder {
  return db(`schoolLicences as ${alias}`).whereNull(`${alias}.revokedAt`);
}

/** Trust licences in force, as `alias` (default `tl`). */
export function trustLicencesInForce(db: Reader, alias = 'tl'): Knex.QueryBuilder {
  return db(`trustLicences as ${alias}`).whereNull(`${alias}.revokedAt`);
}

/** The schools of a trust, as a subquery of ids. */
function schoolsOfTrust(db: Reader, trustId: number): Knex.QueryBuilder {
  return db('schools').where({ trustId }).select('id');
}

/** Whether the school holds a licence in force for the course (its own or through its trust). */
export async function schoolLicenceInForce(db: Reader, schoolId: number, courseId: number): Promise<boolean> {
  return Boolean(await schoolLicencesInForce(db).where({ 'sl.schoolId': schoolId, 'sl.courseId': courseId }).first('sl.id'));
}

/** Whether the school holds any licence in force. */
export async function schoolHoldsAnyLicence(db: Reader, schoolId: number): Promise<boolean> {
  return Boolean(await schoolLicencesInForce(db).where('sl.schoolId', schoolId).first('sl.id'));
}

/** The courses the school's licences cover now. */
export async function schoolLicensedCourseIds(db: Reader, schoolId: number): Promise<number[]> {
  const rows: Array<{ courseId: number }> = await schoolLicencesInForce(db).where('sl.schoolId', schoolId).select('sl.courseId');
  return rows.map((row) => Number(row.courseId));
}

/** Whether the trust itself holds a licence in force for the course (bought or granted for the trust). */
export async function trustLicenceInForce(db: Reader, trustId: number, courseId: number): Promise<boolean> {
  return Boolean(await trustLicencesInForce(db).where({ 'tl.trustId': trustId, 'tl.courseId': courseId }).first('tl.id'));
}

/** The courses the trust's own licences cover now, by id. */
export async function trustLicensedCourseIds(db: Reader, trustId: number): Promise<number[]> {
  const rows: Array<{ courseId: number }> = await trustLicencesInForce(db).where('tl.trustId', trustId).select('tl.courseId').orderBy('tl.courseId');
  return rows.map((row) => Number(row.courseId));
}

/** Whether the trust of this school holds a licence in force for the course. */
export async function trustLicenceCoversSchool(db: Reader, schoolId: number, courseId: number): Promise<boolean> {
  const row = await trustLicencesInForce(db)
    .join('schools as s', 's.trustId', 'tl.trustId')
    .where({ 's.id': schoolId, 'tl.courseId': courseId })
    .first('tl.id');
  return Boolean(row);
}

/** School licences in force held by any school of the trust (as `sl`). */
export function trustSchoolsLicencesInForce(db: Reader, trustId: number): Knex.QueryBuilder {
  return schoolLicencesInForce(db).whereIn('sl.schoolId', schoolsOfTrust(db, trustId));
}

/** Whether any school of the trust holds a licence in force for the course. */
export async function trustSchoolsLicenceInForce(db: Reader, trustId: number, courseId: number): Promise<boolean> {
  return Boolean(await trustSchoolsLicencesInForce(db, trustId).where('sl.courseId', courseId).first('sl.id'));
}

/** Those of `schoolIds` whose licence in force covers the course, in id order. */
export async function schoolsLicensedFor(db: Reader, schoolIds: readonly number[], courseId: number): Promise<number[]> {
  if (schoolIds.length === 0) return [];
  const rows: Array<{ schoolId: number | string }> = await schoolLicencesInForce(db)
    .whereIn('sl.schoolId', schoolIds)
    .where('sl.courseId', courseId)
    .distinct('sl.schoolId')
    .orderBy('sl.schoolId');
  return rows.map((row) => Number(row.schoolId));
}

/** The school whose licence in force covers this course for this person (a member of it), if any. */
export async function licenceCoveringPerson(db: Reader, userId: number, courseId: number): Promise<{ schoolId: number; schoolName: string } | null> {
  const row = await schoolLicencesInForce(db)
    .join('schoolMembers as sm', 'sm.schoolId', 'sl.schoolId')
    .join('schools as s', 's.id', 'sm.schoolId')
    .where({ 'sm.userId': userId, 'sl.courseId': courseId })
    .select('s.id', 's.name')
    .first();
  return row ? { schoolId: Number(row.id), schoolName: row.name } : null;
}
