import type { Db } from '../db/knex.ts';

// Reads behind the manager's view and the staff training register: four queries whatever the
// number of members or courses (the members test counts them).

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
  const rows = await db('schoolLicences as sl')
    .join('courses as c', 'c.id', 'sl.courseId')
    .leftJoin(totals, 'totals.courseId', 'c.id')
    .where('sl.schoolId', schoolId)
    .whereNull('sl.revokedAt')
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
    .select('sm.userId', 'u.email', 'u.firstName', 'u.lastName', 'sm.role', 'sm.joinedAt')
    .orderBy([{ column: 'u.lastName' }, { column: 'u.firstName' }, { column: 'sm.userId' }]);
  return rows.map((row: MemberRow) => ({ ...row, userId: Number(row.userId), joinedAt: Number(row.joinedAt) }));
}

/** Members, licensed courses, completed modules and certificates of one school. */
export async function schoolProgress(db: Db, schoolId: number): Promise<SchoolProgress> {
  const licensed = (query: ReturnType<Db>, courseColumn: string, userColumn: string) =>
    query
      .join('schoolMembers as sm', 'sm.userId', userColumn)
      .join('schoolLicences as sl', (join) => join.on('sl.schoolId', '=', 'sm.schoolId').andOn('sl.courseId', '=', courseColumn))
      .where('sm.schoolId', schoolId)
      .whereNull('sl.revokedAt');
  const [courses, members, completed, certificates] = await Promise.all([
    schoolCourses(db, schoolId),
    schoolMemberRows(db, schoolId),
    licensed(db('progress as p').join('modules as m', 'm.id', 'p.moduleId'), 'm.courseId', 'p.userId')
      .where('p.isCompleted', true)
      .groupBy('p.userId', 'm.courseId')
      .select('p.userId', 'm.courseId')
      .count({ n: '*' }),
    licensed(db('certificates as ct'), 'ct.courseId', 'ct.userId')
      .whereNull('ct.revokedAt')
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
