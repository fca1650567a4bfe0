import { forbidden, paymentRequired } from '../errors.ts';
import type { User } from '../models/User.ts';
import type { CourseStanding, CourseViewer } from '../presenters/courses.ts';
import { courseAccessOf } from './courseAccess.ts';
import { isAdmin } from './roles.ts';

export { isAdmin, requireAdmin } from './roles.ts';

/** The caller as the course presenters read them: their standing, and whether the videos show (courseAccess). */
export function courseViewer(user: User | null, standing: CourseStanding): CourseViewer {
  return { ...standing, showVideo: courseAccessOf(user, standing.isEnrolled).view };
}

export const canDeleteComment = (user: User, comment: { userId: number }): boolean => isAdmin(user) || comment.userId === user.id;

export function requireCanDeleteComment(user: User, comment: { userId: number }): void {
  if (!canDeleteComment(user, comment)) throw forbidden('You can only delete your own comments');
}

/** Learners see each other's names, never their e-mail addresses. */
export const canSeeCommenterEmail = (user: User | null): boolean => isAdmin(user);

/**
 * A learner enrolls directly in a course free in their currency (`free`: common/rules/pricing.ts,
 * the rule checkout asks too) or one their school's licence covers; other courses go through checkout.
 */
export const canEnrollWithoutPayment = (free: boolean, alreadyEnrolled: boolean, coveredByLicence = false): boolean =>
  alreadyEnrolled || free || coveredByLicence;

export function requireEnrollmentAllowed(free: boolean, alreadyEnrolled: boolean, coveredByLicence = false): void {
  if (!canEnrollWithoutPayment(free, alreadyEnrolled, coveredByLicence)) throw paymentRequired();
}
