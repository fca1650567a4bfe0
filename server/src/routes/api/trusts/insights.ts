import { courseInsightsDtoSchema, id, trustFunnelQuery, trustInsightsQuery, trustParams, weeklyInsightsDtoSchema } from '@atrium/common';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import { trustManager } from '../../../policies/trusts.ts';
import { presentCourseInsights, presentWeekly } from '../../../presenters/insights.ts';
import { courseInsights, insightsRange, rollupUpdatedAt, weeklyFigures } from '../../../queries/insights.ts';
import { trustSchoolIds } from '../../../queries/trusts.ts';
import type { Routes } from '../../define.ts';

/**
 * The trust's schools, or the one school asked for when it is one of them: a school of another
 * trust is unknown here (404), never a way to read its figures.
 */
async function schoolsInScope(ctx: AppContext, trustId: number, schoolId: number | undefined): Promise<number[]> {
  const schoolIds = (await trustSchoolIds(ctx.deps.db, trustId)).map((row: { id: number }) => Number(row.id));
  if (schoolId === undefined) return schoolIds;
  if (!schoolIds.includes(schoolId)) throw notFound('That school is not in this trust');
  return [schoolId];
}

/**
 * A trust's Insights for its managers (/trust): the weekly figures and a course's funnel, counting
 * the current members of the trust's schools only, or of one of them (no revenue: the agency's).
 */
export function trustInsightsRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/trusts/:id/insights/weekly',
    access: 'user',
    params: trustParams,
    query: trustInsightsQuery,
    policy: trustManager,
    cache: 'no-store',
    answer: { body: weeklyInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { courseId, schoolId, ...days } = ctx.input.query;
      const schoolIds = await schoolsInScope(ctx, ctx.input.params.id, schoolId);
      const range = insightsRange(days, ctx.now());
      const [weeks, updatedAt] = await Promise.all([weeklyFigures(db, { ...range, courseId, schoolIds }), rollupUpdatedAt(db)]);
      ctx.body = presentWeekly(range, updatedAt, weeks);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/:id/insights/courses/:courseId',
    access: 'user',
    params: trustParams.extend({ courseId: id }),
    query: trustFunnelQuery,
    policy: trustManager,
    cache: 'no-store',
    answer: { body: courseInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { schoolId, ...days } = ctx.input.query;
      const schoolIds = await schoolsInScope(ctx, ctx.input.params.id, schoolId);
      const range = insightsRange(days, ctx.now());
      const insights = await courseInsights(db, ctx.input.params.courseId, { ...range, schoolIds });
      if (!insights) throw notFound('Course not found');
      ctx.body = presentCourseInsights(range, insights);
    },
  });
}
