import { notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { resourceById, type ResourceRow } from '../queries/resources.ts';
import type { Db } from '../db/knex.ts';
import { courseAccess, requireCourseView, type CourseAccess } from './courseAccess.ts';

/** Whether the caller may download a course's resources, and if not, what would let them. */
export type ResourceAccess = 'granted' | 'sign_in' | 'enroll';

/**
 * Resources go with the course's videos: enrolled learners (a school's licence enrolls its
 * staff) and admins download them; anyone may see the list.
 */
export function resourceAccess(user: User | null, access: CourseAccess): ResourceAccess {
  if (!user) return 'sign_in';
  return access.view ? 'granted' : 'enroll';
}

/** The caller's `ResourceAccess` to a course's resources (the lists' answer). */
export async function resourceAccessTo(db: Db, user: User | null, courseId: number): Promise<ResourceAccess> {
  return resourceAccess(user, await courseAccess(db, user, courseId));
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
  await requireCourseView(ctx.deps.db, user, resource.courseId, 'resource');
  ctx.state.resource = resource;
}
