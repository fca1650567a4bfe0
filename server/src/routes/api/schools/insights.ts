import { courseInsightsDtoSchema, id, schoolFunnelQuery, schoolInsightsQuery, schoolParams, weeklyInsightsDtoSchema } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { schoolInsightsReader } from '../../../policies/schools.ts';
import { presentCourseInsights, presentWeekly } from '../../../presenters/insights.ts';
import { courseInsights, insightsRange, rollupUpdatedAt, weeklyFigures } from '../../../queries/insights.ts';
import type { Routes } from '../../define.ts';

/**
 * A school's Insights for its managers: the weekly figures and a course's funnel, counting the
 * school's current members only, about a course it is licensed for (schoolInsightsReader; no revenue).
 */
export function schoolInsightsRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/schools/:id/insights/weekly',
    access: 'user',
    params: schoolParams,
    query: schoolInsightsQuery,
    policy: schoolInsightsReader,
    cache: 'no-store',
    answer: { body: weeklyInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { courseId, ...days } = ctx.input.query;
      const range = insightsRange(days, ctx.now());
      const [weeks, updatedAt] = await Promise.all([
        weeklyFigures(db, { ...range, courseId, schoolId: ctx.input.params.id, licensedOnly: true }),
        rollupUpdatedAt(db),
      ]);
      ctx.body = presentWeekly(range, updatedAt, weeks);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/:id/insights/courses/:courseId',
    access: 'user',
    params: schoolParams.extend({ courseId: id }),
    query: schoolFunnelQuery,
    policy: schoolInsightsReader,
    cache: 'no-store',
    answer: { body: courseInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const range = insightsRange(ctx.input.query, ctx.now());
      const insights = await courseInsights(db, ctx.input.params.courseId, { ...range, schoolId: ctx.input.params.id });
      if (!insights) throw notFound('Course not found');
      ctx.body = presentCourseInsights(range, insights);
    },
  });
}
