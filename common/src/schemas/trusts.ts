import { z } from 'zod';
import { email, id, requiredText } from './common.ts';
import { pageQuery } from './paging.ts';
import { TRAINING_STATUSES } from '../api/deadlines.ts';

/** The longest trust name (the column is 200 wide). */
export const TRUST_NAME_MAX = 200;

export const trustSchema = z.object({
  name: requiredText(TRUST_NAME_MAX, 'Please enter the name of the trust', 'Trust name'),
});

export const trustParams = z.object({ id });
export const trustSchoolParams = z.object({ id, schoolId: id });
export const trustManagerParams = z.object({ id, userId: id });
/** A trust's licence for a course: granted by an admin, revoked and restored like a school's. */
export const trustLicenceSchema = z.object({ courseId: id });
export const trustLicenceParams = z.object({ id, courseId: id });

/** Attach an existing school to a trust. */
export const trustAttachSchema = z.object({ schoolId: id });

/** Invite one person, by address, to manage the trust. */
export const trustInviteSchema = z.object({ email });

/** `/trust`'s counts: for every course, or for one. */
export const trustOverviewQuery = z.object({ courseId: id.optional(), groupId: id.optional() });

/** The trust-wide list, filtered by school, course and status. */
export const trustStatusQuery = z.object({
  schoolId: id.optional(),
  courseId: id.optional(),
  /** Only members of this group (the trust's own or one of its schools'). */
  groupId: id.optional(),
  status: z.enum(TRAINING_STATUSES).optional(),
  ...pageQuery({ defaultLimit: 50, maxLimit: 500 }).shape,
});
export const trustInviteParams = z.object({ id, inviteId: id });
export const trustCourseParams = z.object({ id, courseId: id });
export const trustMemberParams = z.object({ id, userId: id });

/** Move a member of one of the trust's schools to another of its schools. */
export const memberMoveSchema = z.object({ schoolId: id });
