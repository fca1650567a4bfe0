import type { Db } from '../db/knex.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { schoolLicenceInForce } from '../queries/licences.ts';
import { membershipOf } from '../queries/memberships.ts';
import { schoolExists } from '../queries/schools.ts';
import { requireAdmin } from './index.ts';
import { narrowing } from './narrowing.ts';

/** A membership as the school rules read it. */
export interface SchoolStanding {
  schoolId: number;
  role: string;
}

const MANAGERS_ONLY = 'Only the managers of this school can do that.';

/**
 * A school's members, invites, domains, deadlines and register are for its own managers only.
 * Admins use the admin routes; a manager of another school is refused exactly like a stranger.
 */
export const canManageSchool = (membership: SchoolStanding | null, schoolId: number): boolean =>
  membership !== null && membership.schoolId === schoolId && membership.role === 'manager';

export function requireSchoolManager(membership: SchoolStanding | null, schoolId: number): void {
  if (!canManageSchool(membership, schoolId)) throw forbidden(MANAGERS_ONLY);
}

/** A member leaves on their own; a manager removes anyone from their school. */
export const canRemoveSchoolMember = (user: User, membership: SchoolStanding | null, schoolId: number, userId: number): boolean =>
  canManageSchool(membership, schoolId) || (user.id === userId && membership?.schoolId === schoolId);

export function requireCanRemoveSchoolMember(user: User, membership: SchoolStanding | null, schoolId: number, userId: number): void {
  if (!canRemoveSchoolMember(user, membership, schoolId, userId)) throw forbidden(MANAGERS_ONLY);
}

/** A member (not yet a manager) of the school is made a manager by its managers. */
export const canPromoteSchoolMember = (membership: SchoolStanding | null, schoolId: number, member: { role: string }): boolean =>
  canManageSchool(membership, schoolId) && member.role === 'member';

/** A purchase licensing a school (an order or a card payment naming it) is its managers' to make. */
export const canBuyForSchool = canManageSchool;

/** Members see who their school is and what it licenses; e-mail addresses of others only as managers. */
export const canSeeMemberEmails = canManageSchool;

// Route policies: named by the route table (`policy:` in routes/define.ts), run after validation.
// Each reads the caller's membership itself, so a handler never decides who may act on a school.

/** What a school route policy reads of the request. */
interface PolicyContext<Input> {
  deps: { db: Db };
  state: { user: User | null };
  input: Input;
}

function signedIn(user: User | null): User {
  if (!user) throw unauthorized();
  return user;
}

/** `/api/schools/:id/…`: the caller manages school `:id` (403 otherwise, even when there is no such school). */
export async function schoolManager(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = signedIn(ctx.state.user);
  requireSchoolManager(await membershipOf(ctx.deps.db, user.id), ctx.input.params.id);
}

/**
 * A school's Insights (`/api/schools/:id/insights/…`): its managers (schoolManager first), about a
 * course its licences cover now, the courses its Insights offer. Any other course is unknown here
 * (404): its figures would be a few members' own purchases, and its id would say a course exists.
 */
export const schoolInsightsReader = narrowing(
  schoolManager,
  async function schoolInsightsReader(
    ctx: PolicyContext<{ params: { id: number; courseId?: number }; query: { courseId?: number; [other: string]: unknown } }>,
  ): Promise<void> {
    const courseId = ctx.input.params.courseId ?? ctx.input.query.courseId;
    if (courseId !== undefined && !(await schoolLicenceInForce(ctx.deps.db, ctx.input.params.id, courseId))) throw notFound('Course not found');
  },
);

/** `DELETE /api/schools/:id/members/:userId`: a manager of the school, or the member themselves. */
export async function schoolMemberRemover(ctx: PolicyContext<{ params: { id: number; userId: number } }>): Promise<void> {
  const user = signedIn(ctx.state.user);
  const { id, userId } = ctx.input.params;
  requireCanRemoveSchoolMember(user, await membershipOf(ctx.deps.db, user.id), id, userId);
}

/** `/api/admin/schools/:id/…`: an admin acts on any school there is (404 for one that is not). */
export async function adminOfSchool(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  requireAdmin(ctx.state.user);
  if (!(await schoolExists(ctx.deps.db, ctx.input.params.id))) throw notFound('School not found');
}

/** A purchase for a school (an order or a card payment naming `schoolId`) is its managers' to make. */
export async function schoolBuyer(ctx: PolicyContext<{ body: { schoolId?: number | null } }>): Promise<void> {
  const user = signedIn(ctx.state.user);
  const { schoolId } = ctx.input.body;
  if (schoolId === undefined || schoolId === null) return;
  if (!canBuyForSchool(await membershipOf(ctx.deps.db, user.id), schoolId)) throw forbidden(MANAGERS_ONLY);
}
