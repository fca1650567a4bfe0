import { notEnrolled, notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { isEnrolled } from '../queries/enrollments.ts';
import { resourceById, type ResourceRow } from '../queries/resources.ts';
import type { Db } from '../db/knex.ts';
import { canAccessCourseContent } from './index.ts';

/** Whether the caller may download a course's resources, and if not, what would let them. */
export type ResourceAccess = 'granted' | 'sign_in' | 'enroll';

/**
 * Resources go with the course's videos: enrolled learners (a school's licence enrolls its
 * staff) and admins download them; anyone may see the list.
 */
export function resourceAccess(user: User | null, enrolled: boolean): ResourceAccess {
  if (!user) return 'sign_in';
  return canAccessCourseContent(user, enrolled) ? 'granted' : 'enroll';
}

interface PolicyContext<Input> {
  state: { user: User | null; resource?: ResourceRow };
  deps: { db: Db };
  input: Input;
}

/**
 * `GET /api/resources/:id/download`: the resource's course is open to the caller (404 for a
 * resource that does not exist). Leaves the resource on `ctx.state.resource` for the handler.
 */
export async function resourceDownloader(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const resource = await resourceById(ctx.deps.db, ctx.input.params.id);
  if (!resource) throw notFound('Resource not found');
  const access = resourceAccess(user, await isEnrolled(ctx.deps.db, user.id, resource.courseId));
  if (access !== 'granted') throw notEnrolled('Enroll in this course to download its resources');
  ctx.state.resource = resource;
}
