import type { Knex } from 'knex';
import type { LicenceSource } from '@atrium/common';
import { countRows, type Db } from '../db/knex.ts';
import { notFound } from '../errors.ts';
import { licenceInForce, schoolHoldsAnyLicence, schoolLicencesInForce } from './licences.ts';
import { certificatesInForce } from './certificates.ts';

/** A school as its presenters read it. */
export interface SchoolRow {
  id: number;
  name: string;
  country: string;
  createdAt: number | string;
  /** Issue 37: the school lets its managers see members' assignment work. */
  managersSeeSubmissions?: boolean | number;
}

/** The columns presenters/schools.ts presentDomain needs: select them wherever claims are read. */
export const DOMAIN_COLUMNS = ['domain', 'verifiedAt', 'proof', 'verificationToken', 'googleWorkspaceDomain'] as const;

// Reads behind the manager's view and the staff training register: four queries whatever the
// number of members or courses (the members test counts them).

/** A domain claim as presentDomain reads it. */
export interface DomainRow {
  domain: string;
  verifiedAt: number | string | null;
  proof: string | null;
  verificationToken: string | null;
  googleWorkspaceDomain: string | null;
}

export interface LicensedCourseRow {
  courseId: number;
  title: string;
  totalModules: number;
}

export interface MemberRow {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'manager' | 'member';
  joinedAt: number;
  /** Their place in the school is kept by the school's directory (directory sync, issue 56). */
  managedByDirectory?: boolean;
}

export interface MemberCourseFacts {
  completedModules: number;
  certificateNumber: string | null;
  completedAt: number | null;
}

export interface SchoolProgress {
  courses: LicensedCourseRow[];
  members: MemberRow[];
  /** Keyed `${userId}:${courseId}`. */
  facts: Map<string, MemberCourseFacts>;
}

export const factKey = (userId: number, courseId: number) => `${userId}:${courseId}`;

/** Courses the school is licensed for now, with their module counts, by title. */
export async function schoolCourses(db: Db, schoolId: number): Promise<LicensedCourseRow[]> {
  const totals = db('modules').select('courseId').count({ totalModules: '*' }).groupBy('courseId').as('totals');
  const rows = await schoolLicencesInForce(db)
    .join('courses as c', 'c.id', 'sl.courseId')
    .leftJoin(totals, 'totals.courseId', 'c.id')
    .where('sl.schoolId', schoolId)
    .select('c.id as courseId', 'c.title', 'totals.totalModules')
    .orderBy([{ column: 'c.title' }, { column: 'c.id' }]);
  return rows.map((row: { courseId: number; title: string; totalModules: number | string | null }) => ({
    courseId: Number(row.courseId),
    title: row.title,
    totalModules: Number(row.totalModules ?? 0),
  }));
}

export async function schoolMemberRows(db: Db, schoolId: number): Promise<MemberRow[]> {
  const rows = await db('schoolMembers as sm')
    .join('users as u', 'u.id', 'sm.userId')
    .where('sm.schoolId', schoolId)
    .leftJoin('directoryPeople as dp', (join) => join.on('dp.schoolId', '=', 'sm.schoolId').andOn('dp.userId', '=', 'sm.userId'))
    .select('sm.userId', 'u.email', 'u.firstName', 'u.lastName', 'sm.role', 'sm.joinedAt', 'dp.id as directoryPersonId')
    .orderBy([{ column: 'u.lastName' }, { column: 'u.firstName' }, { column: 'sm.userId' }]);
  return rows.map(({ directoryPersonId, ...row }: MemberRow & { directoryPersonId: number | null }) => ({
    ...row,
    userId: Number(row.userId),
    joinedAt: Number(row.joinedAt),
    managedByDirectory: directoryPersonId !== null,
  }));
}

/** Members, licensed courses, completed modules and certificates of one school. */
export async function schoolProgress(db: Db, schoolId: number): Promise<SchoolProgress> {
  const licensed = (query: ReturnType<Db>, courseColumn: string, userColumn: string) =>
    licenceInForce(
      query
        .join('schoolMembers as sm', 'sm.userId', userColumn)
        .join('schoolLicences as sl', (join) => join.on('sl.schoolId', '=', 'sm.schoolId').andOn('sl.courseId', '=', courseColumn))
        .where('sm.schoolId', schoolId),
      'sl',
    );
  const [courses, members, completed, certificates] = await Promise.all([
    schoolCourses(db, schoolId),
    schoolMemberRows(db, schoolId),
    licensed(db('progress as p').join('modules as m', 'm.id', 'p.moduleId'), 'm.courseId', 'p.userId')
      .where('p.isCompleted', true)
      .groupBy('p.userId', 'm.courseId')
      .select('p.userId', 'm.courseId')
      .count({ n: '*' }),
    licensed(certificatesInForce(db, 'ct'), 'ct.courseId', 'ct.userId')
      // By round, so the latest certificate (a renewal's) is the one a member's facts keep.
      .orderBy('ct.round')
      .select('ct.userId', 'ct.courseId', 'ct.certificateNumber', 'ct.completedAt'),
  ]);
  const facts = new Map<string, MemberCourseFacts>();
  const fact = (userId: number, courseId: number) => {
    const key = factKey(userId, courseId);
    let value = facts.get(key);
    if (!value) facts.set(key, (value = { completedModules: 0, certificateNumber: null, completedAt: null }));
    return value;
  };
  for (const row of completed as Array<{ userId: number; courseId: number; n: number | string }>) {
    fact(Number(row.userId), Number(row.courseId)).completedModules = Number(row.n);
  }
  for (const row of certificates as Array<{ userId: number; courseId: number; certificateNumber: string; completedAt: number }>) {
    const value = fact(Number(row.userId), Number(row.courseId));
    value.certificateNumber = row.certificateNumber;
    value.completedAt = Number(row.completedAt);
  }
  return { courses, members, facts };
}

export interface InvitedRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  sentAt: number;
  expiresAt: number;
}

/**
 * People invited by e-mail who have not joined: the school's personal invitations neither
 * withdrawn nor used, latest per address, leaving out anyone who is a member by now (through a
 * link or their domain). Newest first.
 */
export async function invitedPeople(db: Db, schoolId: number): Promise<InvitedRow[]> {
  const members = db('schoolMembers as sm').join('users as u', 'u.id', 'sm.userId').where('sm.schoolId', schoolId).select('u.email');
  const rows: Array<Record<keyof InvitedRow | 'createdAt', number | string | null>> = await db('schoolInvites')
    .where({ schoolId })
    .whereNotNull('email')
    .whereNull('revokedAt')
    .where('uses', '<', db.ref('maxUses'))
    .whereNotIn('email', members)
    .select('id', 'email', 'firstName', 'lastName', 'sentAt', 'createdAt', 'expiresAt')
    .orderBy('id', 'desc');
  const seen = new Set<string>();
  const out: InvitedRow[] = [];
  for (const row of rows) {
    const email = String(row.email);
    if (seen.has(email)) continue;
    seen.add(email);
    out.push({
      id: Number(row.id),
      email,
      firstName: row.firstName === null ? null : String(row.firstName),
      lastName: row.lastName === null ? null : String(row.lastName),
      sentAt: Number(row.sentAt ?? row.createdAt),
      expiresAt: Number(row.expiresAt),
    });
  }
  return out.sort((a, b) => b.sentAt - a.sentAt || b.id - a.id);
}

/** The school's own row (undefined when there is none). */
export function schoolById(db: Db, schoolId: number): Promise<SchoolRow | undefined> {
  return db<SchoolRow>('schools').where({ id: schoolId }).first();
}

export async function schoolExists(db: Db, schoolId: number): Promise<boolean> {
  return Boolean(await db('schools').where({ id: schoolId }).first('id'));
}

/** What the invitation-mail rule reads of a school: a licence in force for any course, an admin's approval. */
export async function invitationStanding(db: Db, schoolId: number): Promise<{ licensed: boolean; approved: boolean }> {
  const [licence, school] = await Promise.all([schoolHoldsAnyLicence(db, schoolId), db('schools').where({ id: schoolId }).first('invitesApprovedAt')]);
  return { licensed: licence, approved: school !== undefined && school.invitesApprovedAt !== null };
}

/** The school's row, or 404: for routes whose policy has already let the caller act on it. */
export async function foundSchool(db: Db, schoolId: number): Promise<SchoolRow> {
  const school = await schoolById(db, schoolId);
  if (!school) throw notFound('School not found');
  return school;
}

/** The school's domain claims, by domain. */
export function schoolDomains(db: Db, schoolId: number): Promise<DomainRow[]> {
  return db('schoolDomains')
    .select(...DOMAIN_COLUMNS)
    .where({ schoolId })
    .orderBy('domain');
}

/** One domain claim of the school (undefined when it has none by that name). */
export function schoolDomain(db: Db, schoolId: number, domain: string): Promise<DomainRow | undefined> {
  return db('schoolDomains')
    .select(...DOMAIN_COLUMNS)
    .where({ schoolId, domain })
    .first();
}

/** A school as the admin's list shows it: its member and in-force licence counts. */
export interface AdminSchoolRow extends SchoolRow {
  memberCount: number | string | null;
  licenceCount: number | string | null;
}

/** Schools with member and in-force licence counts, one query (counts in derived tables). */
function adminSchoolsQuery(db: Db) {
  const members = db('schoolMembers').select('schoolId').count({ memberCount: '*' }).groupBy('schoolId').as('mc');
  const licences = schoolLicencesInForce(db).select('sl.schoolId').count({ licenceCount: '*' }).groupBy('sl.schoolId').as('lc');
  return db('schools')
    .leftJoin(members, 'mc.schoolId', 'schools.id')
    .leftJoin(licences, 'lc.schoolId', 'schools.id')
    .select('schools.id', 'schools.name', 'schools.country', 'schools.createdAt', 'mc.memberCount', 'lc.licenceCount');
}

/** One page of the admin's school list, by name, filtered by a name fragment (`q`, may be empty). */
export async function adminSchoolPage(
  db: Db,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ rows: AdminSchoolRow[]; total: number }> {
  // LIKE metacharacters typed by the admin match themselves ('!' escapes, on both databases).
  const pattern = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const filter = <T extends Knex.QueryBuilder>(query: T): T => (q ? (query.whereRaw("?? like ? escape '!'", ['schools.name', pattern]) as T) : query);
  const total = await countRows(filter(db('schools')));
  const rows: AdminSchoolRow[] = await filter(adminSchoolsQuery(db)).orderBy('schools.name').orderBy('schools.id').limit(limit).offset(offset);
  return { rows, total };
}

/** A licence of the school as the admin's school page lists it. */
export interface AdminLicenceRow {
  courseId: number;
  title: string;
  source: LicenceSource;
  createdAt: number;
  revokedAt: number | null;
}

/** Everything the admin's page of one school shows, or undefined when there is no such school. */
export async function adminSchoolDetail(
  db: Db,
  schoolId: number,
): Promise<{ school: AdminSchoolRow; invitesApprovedAt: number | null; members: MemberRow[]; licences: AdminLicenceRow[]; domains: DomainRow[] } | undefined> {
  const school: AdminSchoolRow | undefined = await adminSchoolsQuery(db).where('schools.id', schoolId).first();
  if (!school) return undefined;
  const [members, licences, domains] = await Promise.all([
    schoolMemberRows(db, schoolId),
    db('schoolLicences as sl')
      .join('courses as c', 'c.id', 'sl.courseId')
      .where('sl.schoolId', schoolId)
      .select('sl.courseId', 'c.title', 'sl.source', 'sl.createdAt', 'sl.revokedAt')
      .orderBy('c.title') as Promise<AdminLicenceRow[]>,
    schoolDomains(db, schoolId),
  ]);
  const approval: { invitesApprovedAt: number | null } | undefined = await db('schools').select('invitesApprovedAt').where({ id: schoolId }).first();
  return { school, invitesApprovedAt: approval?.invitesApprovedAt ?? null, members, licences, domains };
}
