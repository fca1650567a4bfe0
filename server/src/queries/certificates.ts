import type { Knex } from 'knex';
import { countRows, type Db } from '../db/knex.ts';
import type { Certificate } from '../models/Certificate.ts';

type Reader = Db | Knex.Transaction;

/**
 * Certificates in force, as `alias` when given: the one meaning of "a certificate that verifies".
 * Revoked ones are kept as records but no longer count anywhere (verification, the transcript,
 * a school's figures, reminders).
 */
export function certificatesInForce(db: Reader, alias?: string): Knex.QueryBuilder {
  return alias ? db(`certificates as ${alias}`).whereNull(`${alias}.revokedAt`) : db('certificates').whereNull('revokedAt');
}

/** "In force" as a raw SQL condition on the certificates table under `alias`, for statements written out in SQL. */
export const certificateInForceSql = (alias: string): string => `${alias}.revoked_at is null`;

/** Adds "in force" to a join on the certificates table under `alias`. */
export function andCertificateInForce(join: Knex.JoinClause, alias: string): Knex.JoinClause {
  return join.andOnNull(`${alias}.revokedAt`);
}

const valid = (db: Reader) => certificatesInForce(db);

/** The learner's latest certificate for a course (the highest round), revoked or not. */
export function latestCertificate(db: Reader, userId: number, courseId: number): Promise<Certificate | undefined> {
  return db('certificates').where({ userId, courseId }).orderBy('round', 'desc').first();
}

/**
 * The renewal round a learner is in for a course: 0 until they first renew, then the round of the
 * latest renewal they started (certificateRenewals).
 */
export async function currentRound(db: Reader, userId: number, courseId: number): Promise<number> {
  const row = await latestRenewal(db, userId, courseId).first();
  return Number(row?.round ?? 0);
}

/** The round of the latest renewal the learner started for the course (null before the first), as a statement to read or nest. */
function latestRenewal(db: Reader, userId: number, courseId: number) {
  return db('certificateRenewals').where({ userId, courseId }).max({ round: 'round' });
}

export interface CertificateFacts {
  /** currentRound's: the round a certificate issued now belongs to. */
  round: number;
  firstName: string | null;
  lastName: string | null;
  courseTitle: string;
  cpdQuarterHours: number | null;
  ceuHundredths: number | null;
  /** The learner's certificate of that round for the course, revoked or not, when one was issued. */
  certificateId: number | null;
}

/**
 * What a certificate issued now is made out from, in one statement: the learner's round (as
 * currentRound reads it), their name, the course's title and CPD value, and the certificate
 * already issued in that round if there is one; undefined when the learner or the course is
 * gone. One read rather than four, inside the completion's locked transaction (issue 54: its
 * round trips were a third of a completion's CPU on MariaDB).
 */
export async function certificateFacts(db: Reader, userId: number, courseId: number): Promise<CertificateFacts | undefined> {
  const row = await db('users as u')
    .join('courses as c', function course() {
      this.on('c.id', '=', db.raw('?', [courseId]));
    })
    .leftJoin('certificates as issued', function inRound() {
      this.on('issued.userId', '=', 'u.id')
        .andOn('issued.courseId', '=', 'c.id')
        .andOn('issued.round', '=', db.raw('coalesce(?, 0)', [latestRenewal(db, userId, courseId)]));
    })
    .where('u.id', userId)
    .first(
      'u.firstName',
      'u.lastName',
      'c.title as courseTitle',
      'c.cpdQuarterHours',
      'c.ceuHundredths',
      latestRenewal(db, userId, courseId).as('round'),
      'issued.id as certificateId',
    );
  if (!row) return undefined;
  return {
    round: Number(row.round ?? 0),
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    courseTitle: row.courseTitle,
    cpdQuarterHours: row.cpdQuarterHours ?? null,
    ceuHundredths: row.ceuHundredths ?? null,
    certificateId: row.certificateId === null || row.certificateId === undefined ? null : Number(row.certificateId),
  };
}

/** The certificate with this number, revoked or not. */
export function certificateByNumber(db: Reader, certificateNumber: string): Promise<Certificate | undefined> {
  return db('certificates').where({ certificateNumber }).first();
}

/** The certificate with this number, unless it was revoked (public verification). */
export function validCertificateByNumber(db: Db, certificateNumber: string): Promise<Certificate | undefined> {
  return valid(db).where({ certificateNumber }).first();
}

/** The learner's certificates that still verify, newest first. */
export function validCertificatesOf(db: Db, userId: number): Promise<Certificate[]> {
  return valid(db).where({ userId }).orderBy('issuedAt', 'desc').orderBy('id', 'desc');
}

/** The first valid certificate of the account with this address (the demo learner's badge). */
export async function firstValidCertificateOfEmail(db: Db, email: string): Promise<Certificate | undefined> {
  const learner = await db('users').where({ email }).first('id');
  return learner ? valid(db).where({ userId: learner.id }).orderBy('id').first() : undefined;
}

/** Every certificate (or one learner's), newest first, a page at a time. */
export async function certificatesPage(db: Db, filter: { userId?: number; limit: number; offset: number }): Promise<{ rows: Certificate[]; total: number }> {
  const page = db('certificates').orderBy('issuedAt', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset);
  const total = db('certificates');
  if (filter.userId !== undefined) {
    page.where('userId', filter.userId);
    total.where('userId', filter.userId);
  }
  const [rows, count] = await Promise.all([page, countRows(total)]);
  return { rows: rows as Certificate[], total: count };
}

/** A certificate as a school's managers list it: the holder's name and the course's current title and validity. */
export interface SchoolCertificateRow {
  certificateNumber: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** The course's current title; null when the course was deleted. */
  courseTitle: string | null;
  /** The title printed on the certificate. */
  courseName: string;
  issuedAt: number;
  /** The course's validity in months; null when it has none or the course was deleted. */
  validityMonths: number | null;
}

/**
 * The non-revoked certificates held by a school's current members (a member who left takes
 * theirs along), newest first, a page at a time.
 */
export async function schoolCertificatesPage(
  db: Db,
  schoolId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: SchoolCertificateRow[]; total: number }> {
  const held = valid(db)
    .join('schoolMembers', 'schoolMembers.userId', 'certificates.userId')
    .join('users', 'users.id', 'certificates.userId')
    .leftJoin('courses', 'courses.id', 'certificates.courseId')
    .where('schoolMembers.schoolId', schoolId);
  const [rows, total] = await Promise.all([
    held
      .clone()
      .select(
        'certificates.certificateNumber',
        'users.firstName',
        'users.lastName',
        'users.email',
        'courses.title as courseTitle',
        'certificates.courseName',
        'certificates.issuedAt',
        'courses.validityMonths',
      )
      .orderBy('certificates.issuedAt', 'desc')
      .orderBy('certificates.id', 'desc')
      .limit(page.limit)
      .offset(page.offset),
    countRows(held),
  ]);
  return { rows: rows as SchoolCertificateRow[], total };
}
