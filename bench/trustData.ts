/**
 * The trust scenario's data (issue 39's scale): trusts of 20 schools × 250 staff, each trust
 * licensed for 20 of the catalogue's courses, generated deterministically after the bench's own
 * rows (ids continue theirs) in the database's snake_case columns, for the same bulk loaders.
 *
 * Every trust is full size (5,000 staff × 20 courses = 100,000 member × course pairs); `--scale`
 * sets how many there are: 200 at scale 1 (1,000,000 staff). What makes the statuses mixed:
 * - trust deadlines on 10 of the 20 courses: course 0 due in 3 days (one trust in four) or 10 days
 *   ago (one in four), the others weeks to months away, one a days-from-joining rule;
 * - one school in five with an earlier deadline of its own on course 0;
 * - half of the schools with two groups ("Teaching assistants", "Office") given a course each,
 *   and every trust a trust-wide group ("Marketing leads") given a course already overdue;
 * - a certificate for one member in four, a completed module for one in three (in progress).
 */
import { dayOf } from '@atrium/common';
import { ADMIN_ID, COURSES, MODULES_PER_COURSE, type Row, type TableData } from './seedData.ts';

export const SCHOOLS_PER_TRUST = 20;
export const STAFF_PER_SCHOOL = 250;
export const COURSES_PER_TRUST = 20;
export const STAFF_PER_TRUST = SCHOOLS_PER_TRUST * STAFF_PER_SCHOOL;
const DAY = 86_400_000;

export interface TrustPlan {
  trusts: number;
  schools: number;
  staff: number;
  /** The first user id after the bench's own users (learners + admin). */
  firstUserId: number;
  /** The first progress id after the bench's own progress rows. */
  firstProgressId: number;
}

export function trustPlan(scale: number, benchUsers: number, benchProgress: number): TrustPlan {
  const trusts = Math.max(1, Math.round(200 * scale));
  return {
    trusts,
    schools: trusts * SCHOOLS_PER_TRUST,
    staff: trusts * STAFF_PER_TRUST,
    firstUserId: benchUsers + 1,
    firstProgressId: benchProgress + 1,
  };
}

/** The trust's k-th course (k < 20): 20 distinct courses of the catalogue, a different set per trust. */
export const trustCourse = (trust: number, k: number) => ((trust * 13 + k * 5) % COURSES) + 1;

/** Staff member `index` (0-based over all trusts): their trust (1-based), school (1-based) and place in the school. */
function staffAt(index: number) {
  const school = Math.floor(index / STAFF_PER_SCHOOL) + 1;
  return { trust: Math.floor(index / STAFF_PER_TRUST) + 1, school, inSchool: index % STAFF_PER_SCHOOL };
}

/** User ids: the staff first (in school order), then one manager per trust. */
export const staffUserId = (plan: TrustPlan, index: number) => plan.firstUserId + index;
export const trustManagerUserId = (plan: TrustPlan, trust: number) => plan.firstUserId + plan.staff + trust - 1;
export const trustManagerEmail = (trust: number) => `trust-manager-${trust}@trusts.bench.test`;

/** Which of a school's groups staff belong to (school groups exist in even-numbered schools). */
const inTeachingAssistants = (inSchool: number) => inSchool % 5 === 0;
const inOffice = (inSchool: number) => inSchool % 7 === 0;
const inMarketingLeads = (inSchool: number) => inSchool % 10 === 3;
const hasSchoolGroups = (school: number) => school % 2 === 0;

/** The trust's deadline on its k-th course, or null when it sets none (k ≥ 10). */
function trustDeadline(trust: number, k: number, today: number): { completeByDay: number | null; newStaffDays: number | null } | null {
  if (k >= 10) return null;
  if (k === 0) return { completeByDay: trust % 4 === 0 ? today + 3 : trust % 4 === 1 ? today - 10 : today + 45 + trust, newStaffDays: null };
  if (k === 2) return { completeByDay: today + 90, newStaffDays: 30 };
  return { completeByDay: today + 30 + ((trust * 7 + k * 11) % 200), newStaffDays: null };
}

export function generateTrusts(plan: TrustPlan, passwordHash: string, now = Date.now()): TableData[] {
  const today = dayOf(now);
  const batched = (table: string, columns: string[], rows: number, row: (index: number) => Row | null): TableData => ({
    table,
    columns,
    rows,
    *batches(batchSize: number) {
      let batch: Row[] = [];
      for (let index = 0; index < rows; index += 1) {
        const made = row(index);
        if (!made) continue;
        batch.push(made);
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
  });
  const joinedAt = (inSchool: number) => (inSchool % 50 === 49 ? now - 10 * DAY : now - 200 * DAY);
  const perTrustCourse = plan.trusts * COURSES_PER_TRUST;
  const perSchoolCourse = plan.schools * COURSES_PER_TRUST;

  const trusts = batched('trusts', ['id', 'name', 'created_at'], plan.trusts, (i) => [i + 1, `Bench Trust ${i + 1}`, now - 400 * DAY]);
  const schools = batched('schools', ['id', 'name', 'country', 'created_at', 'trust_id'], plan.schools, (i) => [
    i + 1,
    `Trust ${Math.floor(i / SCHOOLS_PER_TRUST) + 1} School ${(i % SCHOOLS_PER_TRUST) + 1}`,
    'GB',
    now - 400 * DAY,
    Math.floor(i / SCHOOLS_PER_TRUST) + 1,
  ]);
  const users = batched(
    'users',
    ['id', 'email', 'password_hash', 'first_name', 'last_name', 'company', 'role', 'created_at', 'updated_at'],
    plan.staff + plan.trusts,
    (i) => {
      if (i >= plan.staff) {
        const trust = i - plan.staff + 1;
        return [
          trustManagerUserId(plan, trust),
          trustManagerEmail(trust),
          passwordHash,
          'Trust',
          `Manager ${trust}`,
          `Bench Trust ${trust}`,
          'learner',
          now,
          now,
        ];
      }
      const { school } = staffAt(i);
      // Surnames repeat across a school, so the list's order (name, then id) is a real sort.
      return [
        staffUserId(plan, i),
        `staff${i}@trust-school${school}.bench.test`,
        passwordHash,
        `Staff${i % 97}`,
        `Member${(i * 31) % 211}`,
        null,
        'learner',
        now - 300 * DAY,
        now - 300 * DAY,
      ];
    },
  );
  const members = batched('school_members', ['id', 'school_id', 'user_id', 'role', 'joined_at'], plan.staff, (i) => {
    const { school, inSchool } = staffAt(i);
    return [i + 1, school, staffUserId(plan, i), inSchool === 0 ? 'manager' : 'member', joinedAt(inSchool)];
  });
  const managers = batched('trust_managers', ['id', 'trust_id', 'user_id', 'joined_at'], plan.trusts, (i) => [
    i + 1,
    i + 1,
    trustManagerUserId(plan, i + 1),
    now - 300 * DAY,
  ]);
  const trustLicences = batched('trust_licences', ['id', 'trust_id', 'course_id', 'source', 'created_at'], perTrustCourse, (i) => {
    const trust = Math.floor(i / COURSES_PER_TRUST) + 1;
    return [i + 1, trust, trustCourse(trust, i % COURSES_PER_TRUST), 'grant', now - 300 * DAY];
  });
  // A trust's licence reaches each of its schools as a school licence with source 'trust'
  // (commands/trustLicences.ts); the members' licence enrollments are not seeded (nothing measured here reads them).
  const schoolLicences = batched('school_licences', ['id', 'school_id', 'course_id', 'source', 'created_at'], perSchoolCourse, (i) => {
    const school = Math.floor(i / COURSES_PER_TRUST) + 1;
    const trust = Math.floor((school - 1) / SCHOOLS_PER_TRUST) + 1;
    return [i + 1, school, trustCourse(trust, i % COURSES_PER_TRUST), 'trust', now - 300 * DAY];
  });
  let trustDeadlineId = 0;
  const trustDeadlines = batched(
    'trust_deadlines',
    ['id', 'trust_id', 'course_id', 'complete_by_day', 'new_staff_days', 'updated_by', 'updated_at'],
    perTrustCourse,
    (i) => {
      const trust = Math.floor(i / COURSES_PER_TRUST) + 1;
      const rule = trustDeadline(trust, i % COURSES_PER_TRUST, today);
      if (!rule) return null;
      trustDeadlineId += 1;
      return [trustDeadlineId, trust, trustCourse(trust, i % COURSES_PER_TRUST), rule.completeByDay, rule.newStaffDays, ADMIN_ID, now - 30 * DAY];
    },
  );
  let schoolDeadlineId = 0;
  const schoolDeadlines = batched(
    'school_deadlines',
    ['id', 'school_id', 'course_id', 'complete_by_day', 'new_staff_days', 'updated_by', 'updated_at'],
    plan.schools,
    (i) => {
      const school = i + 1;
      if (school % 5 !== 0) return null;
      schoolDeadlineId += 1;
      const trust = Math.floor(i / SCHOOLS_PER_TRUST) + 1;
      return [schoolDeadlineId, school, trustCourse(trust, 0), today + 2, null, ADMIN_ID, now - 20 * DAY];
    },
  );
  // Groups: ids 1..2 × schools for the schools' (odd-numbered schools' left out), then one per trust.
  const schoolGroupId = (school: number, which: 0 | 1) => (school - 1) * 2 + which + 1;
  const trustGroupId = (trust: number) => plan.schools * 2 + trust;
  const groups = batched('groups', ['id', 'school_id', 'trust_id', 'name', 'name_key', 'created_at'], plan.schools * 2 + plan.trusts, (i) => {
    if (i >= plan.schools * 2) {
      const trust = i - plan.schools * 2 + 1;
      return [trustGroupId(trust), null, trust, 'Marketing leads', 'marketing leads', now - 100 * DAY];
    }
    const school = Math.floor(i / 2) + 1;
    if (!hasSchoolGroups(school)) return null;
    return i % 2 === 0
      ? [i + 1, school, null, 'Teaching assistants', 'teaching assistants', now - 100 * DAY]
      : [i + 1, school, null, 'Office', 'office', now - 100 * DAY];
  });
  let groupMemberId = 0;
  const groupMembers: TableData = {
    table: 'group_members',
    columns: ['id', 'group_id', 'user_id', 'joined_at'],
    rows: plan.staff,
    *batches(batchSize: number) {
      let batch: Row[] = [];
      for (let i = 0; i < plan.staff; i += 1) {
        const { trust, school, inSchool } = staffAt(i);
        const userId = staffUserId(plan, i);
        const at = Math.max(joinedAt(inSchool), now - 150 * DAY);
        if (hasSchoolGroups(school) && inTeachingAssistants(inSchool)) batch.push([(groupMemberId += 1), schoolGroupId(school, 0), userId, at]);
        if (hasSchoolGroups(school) && inOffice(inSchool)) batch.push([(groupMemberId += 1), schoolGroupId(school, 1), userId, at]);
        if (inMarketingLeads(inSchool)) batch.push([(groupMemberId += 1), trustGroupId(trust), userId, at]);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
  };
  let groupCourseId = 0;
  const groupCourses = batched(
    'group_courses',
    ['id', 'group_id', 'course_id', 'complete_by_day', 'new_staff_days', 'updated_by', 'created_at', 'updated_at'],
    plan.schools * 2 + plan.trusts,
    (i) => {
      const given = now - 60 * DAY;
      if (i >= plan.schools * 2) {
        const trust = i - plan.schools * 2 + 1;
        return [(groupCourseId += 1), trustGroupId(trust), trustCourse(trust, 12), today - 3, null, ADMIN_ID, given, given];
      }
      const school = Math.floor(i / 2) + 1;
      if (!hasSchoolGroups(school)) return null;
      const trust = Math.floor((school - 1) / SCHOOLS_PER_TRUST) + 1;
      return i % 2 === 0
        ? [(groupCourseId += 1), i + 1, trustCourse(trust, 10), today + 5, null, ADMIN_ID, given, given]
        : [(groupCourseId += 1), i + 1, trustCourse(trust, 11), today + 60, 14, ADMIN_ID, given, given];
    },
  );
  // One member in four holds a certificate on one of the trust's courses; one in three has
  // completed a module of another (in progress, or overdue where that course is past due).
  const certificates = batched(
    'certificates',
    ['user_id', 'course_id', 'certificate_number', 'student_name', 'course_name', 'completion_percentage', 'completed_at', 'issued_at'],
    plan.staff,
    (i) => {
      if (i % 4 !== 1) return null;
      const { trust } = staffAt(i);
      const courseId = trustCourse(trust, i % COURSES_PER_TRUST);
      return [staffUserId(plan, i), courseId, `ATR-TRUST-${i}`, `Staff Member ${i}`, `Course ${courseId}`, 100, now - 40 * DAY, now - 40 * DAY];
    },
  );
  let progressId = plan.firstProgressId - 1;
  const progress = batched(
    'progress',
    ['id', 'user_id', 'module_id', 'course_id', 'watched_duration', 'position', 'is_completed', 'completed_at', 'updated_at'],
    plan.staff,
    (i) => {
      if (i % 3 !== 0) return null;
      const { trust } = staffAt(i);
      const courseId = trustCourse(trust, (i + 7) % COURSES_PER_TRUST);
      const at = now - 20 * DAY;
      return [(progressId += 1), staffUserId(plan, i), (courseId - 1) * MODULES_PER_COURSE + 1, courseId, 300, 300, 1, at, at];
    },
  );
  return [
    trusts,
    schools,
    users,
    members,
    managers,
    trustLicences,
    schoolLicences,
    trustDeadlines,
    schoolDeadlines,
    groups,
    groupMembers,
    groupCourses,
    certificates,
    progress,
  ];
}
