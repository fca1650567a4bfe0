import { courseInsightsDtoSchema, id, trustFunnelQuery, trustInsightsQuery, trustParams, weeklyInsightsDtoSchema } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { trustInsightsReader } from '../../../policies/trusts.ts';
import { presentCourseInsights, presentWeekly } from '../../../presenters/insights.ts';
import { courseInsights, insightsRange, rollupUpdatedAt, weeklyFigures } from '../../../queries/insights.ts';
import type { Routes } from '../../define.ts';

/** The schools the trustInsightsReader policy put in scope (the trust's, or the one asked for). */
const schoolsInScope = (state: object): number[] => (state as { schoolIds: number[] }).schoolIds;

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
    policy: trustInsightsReader,
    cache: 'no-store',
    answer: { body: weeklyInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { courseId, schoolId: _inScope, ...days } = ctx.input.query;
      const schoolIds = schoolsInScope(ctx.state);
      const range = insightsRange(days, ctx.now());
      const [weeks, updatedAt] = await Promise.all([weeklyFigures(db, { ...range, courseId, schoolIds, licensedOnly: true }), rollupUpdatedAt(db)]);
      ctx.body = presentWeekly(range, updatedAt, weeks);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/:id/insights/courses/:courseId',
    access: 'user',
    params: trustParams.extend({ courseId: id }),
    query: trustFunnelQuery,
    policy: trustInsightsReader,
    cache: 'no-store',
    answer: { body: courseInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { schoolId: _inScope, ...days } = ctx.input.query;
      const schoolIds = schoolsInScope(ctx.state);
      const range = insightsRange(days, ctx.now());
      const insights = await courseInsights(db, ctx.input.params.courseId, { ...range, schoolIds });
      if (!insights) throw notFound('Course not found');
      ctx.body = presentCourseInsights(range, insights);
    },
  });
}
