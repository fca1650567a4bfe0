import { forbidden, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';

export const isAdmin = (user: User | null | undefined): boolean => user?.role === 'admin';

export function requireAdmin(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized();
  if (!isAdmin(user)) throw forbidden('You need admin privileges to access this page.');
}

/** Module videos and the discussion are for enrolled learners and admins. */
export function canAccessCourseContent(user: User | null, isEnrolled: boolean): boolean {
  return isAdmin(user) || (user !== null && isEnrolled);
}

export function requireCourseAccess(user: User, isEnrolled: boolean): void {
  if (!canAccessCourseContent(user, isEnrolled)) throw forbidden('Enroll in this course to see its modules and discussion');
}

export const canDeleteComment = (user: User, comment: { userId: number }): boolean =>
  isAdmin(user) || comment.userId === user.id;

/** Learners see each other's names, never their e-mail addresses. */
export const canSeeCommenterEmail = (user: User | null): boolean => isAdmin(user);
