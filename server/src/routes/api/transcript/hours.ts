import { cpdHoursDtoSchema, cpdHoursQuery, schoolParams, trustParams, type CpdHoursDto } from '@atrium/common';
import type { AppContext } from '../../../context.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { trustManager } from '../../../policies/trusts.ts';
import { presentCpdHours } from '../../../presenters/cpdHours.ts';
import { cpdRangeOf, memberCpdHours, type CpdScope } from '../../../queries/cpdHours.ts';
import type { Routes } from '../../define.ts';

async function hoursOf(
  ctx: AppContext & { input: { query: { from?: string; to?: string; groupId?: number; courseId?: number } } },
  scope: CpdScope,
): Promise<CpdHoursDto> {
  const { db, clock, config } = ctx.deps;
  const range = cpdRangeOf(ctx.input.query, clock.now().toISOString().slice(0, 10), config.cpdYearStartMonth);
  return presentCpdHours(range, await memberCpdHours(db, scope, range, ctx.input.query));
}

/**
 * Hours for schools and trusts (issue 59): each member's verified CPD hours in a range (the
 * current school year unless given) and the total, with the staff list's group and course filters.
 */
export function cpdHoursRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/schools/:id/cpd-hours',
    access: 'user',
    answer: { body: cpdHoursDtoSchema },
    cache: 'no-store',
    params: schoolParams,
    query: cpdHoursQuery,
    policy: schoolManager,
    async handler(ctx) {
      ctx.body = await hoursOf(ctx, { schoolId: ctx.input.params.id });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/:id/cpd-hours',
    access: 'user',
    answer: { body: cpdHoursDtoSchema },
    cache: 'no-store',
    params: trustParams,
    query: cpdHoursQuery,
    policy: trustManager,
    async handler(ctx) {
      ctx.body = await hoursOf(ctx, { trustId: ctx.input.params.id });
    },
  });
}
