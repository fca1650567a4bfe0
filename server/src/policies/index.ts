import { forbidden, notEnrolled, paymentRequired, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import type { CourseStanding, CourseViewer } from '../presenters/courses.ts';

export const isAdmin = (user: User | null | undefined): boolean => user?.role === 'admin';

export function requireAdmin(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized();
  if (!isAdmin(user)) throw forbidden('You need admin privileges to access this page.');
}

/** Module videos and the discussion are for enrolled learners and admins. */
export function canAccessCourseContent(user: User | null, isEnrolled: boolean): boolean {
  return isAdmin(user) || (user !== null && isEnrolled);
}

/** The caller as the course presenters read them: their standing, and whether the videos show. */
export function courseViewer(user: User | null, standing: CourseStanding): CourseViewer {
  return { ...standing, showVideo: canAccessCourseContent(user, standing.isEnrolled) };
}

export function requireCourseAccess(user: User, isEnrolled: boolean): void {
  if (!canAccessCourseContent(user, isEnrolled)) throw notEnrolled('Enroll in this course to see its modules and discussion');
}

export const canDeleteComment = (user: User, comment: { userId: number }): boolean => isAdmin(user) || comment.userId === user.id;

export function requireCanDeleteComment(user: User, comment: { userId: number }): void {
  if (!canDeleteComment(user, comment)) throw forbidden('You can only delete your own comments');
}

/** Learners see each other's names, never their e-mail addresses. */
export const canSeeCommenterEmail = (user: User | null): boolean => isAdmin(user);

/**
 * Progress (and the certificate it leads to) is a record of a learner's own study, so it needs an
 * enrollment whatever the role: an admin previewing a course they are not enrolled in sees the
 * videos but leaves no progress and earns no certificate.
 */
// The role is deliberately not consulted.
export const canRecordProgress = (_user: User, isEnrolled: boolean): boolean => isEnrolled;

export function requireProgressAccess(user: User, isEnrolled: boolean): void {
  if (!canRecordProgress(user, isEnrolled)) throw notEnrolled('Enroll in this course to save your progress');
}

/** Renewing a certificate restarts the learner's own progress, so it needs an enrollment too. */
export function requireRenewalAccess(user: User, isEnrolled: boolean): void {
  if (!canRecordProgress(user, isEnrolled)) throw notEnrolled('Enroll in this course to renew its certificate');
}

/**
 * A learner enrolls directly in a course free in their currency (`free`: common/rules/pricing.ts,
 * the rule checkout asks too) or one their school's licence covers; other courses go through checkout.
 */
export const canEnrollWithoutPayment = (free: boolean, alreadyEnrolled: boolean, coveredByLicence = false): boolean =>
  alreadyEnrolled || free || coveredByLicence;

export function requireEnrollmentAllowed(free: boolean, alreadyEnrolled: boolean, coveredByLicence = false): void {
  if (!canEnrollWithoutPayment(free, alreadyEnrolled, coveredByLicence)) throw paymentRequired();
}
