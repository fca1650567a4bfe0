import { forbidden, notEnrolled, paymentRequired, unauthorized } from '../errors.ts';
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
 * A learner enrolls directly in a free course or one their school's licence covers; other priced
 * courses go through checkout.
 */
export const canEnrollWithoutPayment = (course: { price: number }, alreadyEnrolled: boolean, coveredByLicence = false): boolean =>
  alreadyEnrolled || course.price === 0 || coveredByLicence;

export function requireEnrollmentAllowed(course: { price: number }, alreadyEnrolled: boolean, coveredByLicence = false): void {
  if (!canEnrollWithoutPayment(course, alreadyEnrolled, coveredByLicence)) throw paymentRequired();
}

/**
 * A school's members, invites, domains and register are for its own managers only. Admins use
 * the admin routes; a manager of another school is refused exactly like a stranger.
 */
export const canManageSchool = (membership: { schoolId: number; role: string } | null, schoolId: number): boolean =>
  membership !== null && membership.schoolId === schoolId && membership.role === 'manager';

export function requireSchoolManager(membership: { schoolId: number; role: string } | null, schoolId: number): void {
  if (!canManageSchool(membership, schoolId)) throw forbidden('Only the managers of this school can do that.');
}

/** A member leaves on their own; a manager removes anyone from their school. */
export const canRemoveSchoolMember = (user: User, membership: { schoolId: number; role: string } | null, schoolId: number, userId: number): boolean =>
  canManageSchool(membership, schoolId) || (user.id === userId && membership?.schoolId === schoolId);

export function requireCanRemoveSchoolMember(user: User, membership: { schoolId: number; role: string } | null, schoolId: number, userId: number): void {
  if (!canRemoveSchoolMember(user, membership, schoolId, userId)) throw forbidden('Only the managers of this school can do that.');
}

/** Members see who their school is and what it licenses; e-mail addresses of others only as managers. */
export const canSeeMemberEmails = canManageSchool;
