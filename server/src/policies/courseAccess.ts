import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { notEnrolled, notFound } from '../errors.ts';
import type { User } from '../models/User.ts';
import { isEnrolled } from '../queries/enrollments.ts';
import { isAdmin } from './roles.ts';

/** Who is asking: the account's id and role are all the rule reads. */
type Caller = Pick<User, 'id' | 'role'>;

/**
 * What one person may do with one course's content, decided here and nowhere else: every route
 * that shows or takes part of a course (modules, captions, resources, discussion, knowledge
 * checks, assignments, renewal) asks `courseAccess` and reads the answer.
 */
export interface CourseAccess {
  /** Holds an enrollment (a school's or trust's licence enrolls its staff). */
  enrolled: boolean;
  /**
   * Sees the videos, captions, resources and discussion, takes the knowledge checks and submits
   * assignments: enrolled learners, and admins without an enrollment.
   */
  view: boolean;
  /**
   * Records progress and earns (or renews) the certificate. Progress is a record of a learner's
   * own study, so this needs an enrollment whatever the role: an admin previewing a course sees
   * the videos but leaves no progress.
   */
  recordProgress: boolean;
}

/** The answer for a caller whose enrollment is already known (a presenter's, a batch's). */
export function courseAccessOf(user: Caller | null, enrolled: boolean): CourseAccess {
  const signedInEnrolled = user !== null && enrolled;
  return { enrolled: signedInEnrolled, view: isAdmin(user) || signedInEnrolled, recordProgress: signedInEnrolled };
}

/**
 * The caller's access to a course. `need: 'view'` (the default) answers an admin without a query,
 * since viewing needs no enrollment; `'enrollment'` always reads it.
 */
export async function courseAccess(
  db: Db | Knex.Transaction,
  user: Caller | null,
  courseId: number,
  need: 'view' | 'enrollment' = 'view',
): Promise<CourseAccess> {
  if (!user) return courseAccessOf(null, false);
  if (need === 'view' && isAdmin(user)) return courseAccessOf(user, false);
  return courseAccessOf(user, await isEnrolled(db, user.id, courseId));
}

/**
 * Whether a learner known only by id records progress and earns the certificate in a course
 * (the completion gate, inside its transaction): an enrollment, whatever the role, so the id is
 * all the rule needs. The same answer as `courseAccess(…, 'enrollment').recordProgress`.
 */
export async function mayRecordProgress(db: Db | Knex.Transaction, userId: number, courseId: number): Promise<boolean> {
  return isEnrolled(db, userId, courseId);
}

/** What each refusal says: what enrolling would let the caller do. */
const REFUSALS = {
  content: 'Enroll in this course to see its modules and discussion',
  quiz: 'Enroll in this course to take its knowledge checks',
  assignment: 'Enroll in this course to work on its assignments',
  submission: 'Enroll in this course to submit its assignments',
  resource: 'Enroll in this course to download its resources',
  progress: 'Enroll in this course to save your progress',
  renewal: 'Enroll in this course to renew its certificate',
} as const;

export type CourseRefusal = keyof typeof REFUSALS;

/** Refuses (403, `not_enrolled`) a caller whose access lacks `ability`, saying what enrolling would let them do. */
export function requireCourseAbility(access: CourseAccess, ability: 'view' | 'recordProgress', refusal: CourseRefusal): void {
  if (!access[ability]) throw notEnrolled(REFUSALS[refusal]);
}

/** Reads the caller's access and refuses one who may not view the course. */
export async function requireCourseView(db: Db | Knex.Transaction, user: Caller, courseId: number, refusal: CourseRefusal): Promise<CourseAccess> {
  const access = await courseAccess(db, user, courseId);
  requireCourseAbility(access, 'view', refusal);
  return access;
}

/**
 * `GET /api/courses/:id/renewal`: a course there is (404) whose certificate the caller may renew,
 * which takes an enrollment whatever the role (403, `not_enrolled`).
 */
export async function courseRenewer(ctx: {
  deps: { db: Db; catalogue: { course(courseId: number): Promise<unknown> } };
  state: { user: User | null };
  input: { params: { id: number } };
}): Promise<void> {
  const courseId = ctx.input.params.id;
  if (!(await ctx.deps.catalogue.course(courseId))) throw notFound('Course not found');
  requireCourseAbility(await courseAccess(ctx.deps.db, ctx.state.user, courseId, 'enrollment'), 'recordProgress', 'renewal');
}
