import type { Db } from '../db/knex.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { schoolsLicensedFor } from '../queries/licences.ts';
import { trustById, trustOfManager, trustSchoolIds } from '../queries/trusts.ts';
import { requireAdmin } from './index.ts';
import { narrowing } from './narrowing.ts';

/** What a trust route policy reads of the request. */
interface PolicyContext<Input> {
  deps: { db: Db };
  state: { user: User | null };
  input: Input;
}

/**
 * A trust's schools, counts, staff list and register are for its own managers only. A manager of
 * another trust, a school manager of one of its schools and an admin (who has /api/admin/trusts)
 * are refused exactly like a stranger, and so is anyone asking for a trust that does not exist.
 */
export const canManageTrust = (managed: { trustId: number } | null, trustId: number): boolean => managed !== null && managed.trustId === trustId;

/** `/api/trusts/:id/…`: the caller manages trust `:id` (403 otherwise, even when there is no such trust). */
export async function trustManager(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (!canManageTrust(await trustOfManager(ctx.deps.db, user.id), ctx.input.params.id)) throw forbidden('Only the managers of this trust can do that.');
}

/** A purchase for a trust (an order or a card payment naming `trustId`) is its managers' to make. */
export async function trustBuyer(ctx: PolicyContext<{ body: { trustId?: number | null } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const { trustId } = ctx.input.body;
  if (trustId === undefined || trustId === null) return;
  if (!canManageTrust(await trustOfManager(ctx.deps.db, user.id), trustId)) throw forbidden('Only the managers of this trust can buy for it.');
}

/** `/api/admin/trusts/:id/…`: an admin acts on any trust there is (404 for one that is not). */
export async function adminOfTrust(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  requireAdmin(ctx.state.user);
  if (!(await trustById(ctx.deps.db, ctx.input.params.id))) throw notFound('Trust not found');
}

/**
 * A trust's Insights (`/api/trusts/:id/insights/…`): its managers (trustManager first), over the
 * trust's schools or the one school asked for when it is one of them. About a course, only the
 * schools in scope whose own licence covers it count: a course none of them holds is unknown here
 * (404), and a school without the licence adds nothing, so a course one school bought never shows
 * another school's staff buying it for themselves. A school of another trust is unknown too (404),
 * never a way to read its figures. Leaves the schools on `ctx.state.schoolIds`.
 */
export const trustInsightsReader = narrowing(
  trustManager,
  async function trustInsightsReader(
    ctx: PolicyContext<{ params: { id: number; courseId?: number }; query: { schoolId?: number; courseId?: number } }> & { state: { schoolIds?: number[] } },
  ): Promise<void> {
    const trustSchools = (await trustSchoolIds(ctx.deps.db, ctx.input.params.id)).map((row: { id: number }) => Number(row.id));
    const { schoolId } = ctx.input.query;
    if (schoolId !== undefined && !trustSchools.includes(schoolId)) throw notFound('That school is not in this trust');
    const asked = schoolId === undefined ? trustSchools : [schoolId];
    const courseId = ctx.input.params.courseId ?? ctx.input.query.courseId;
    if (courseId === undefined) {
      ctx.state.schoolIds = asked;
      return;
    }
    const licensed = await schoolsLicensedFor(ctx.deps.db, asked, courseId);
    if (licensed.length === 0) throw notFound('Course not found');
    ctx.state.schoolIds = licensed;
  },
);
