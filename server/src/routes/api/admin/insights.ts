import { adminFunnelQuery, adminInsightsQuery, courseInsightsDtoSchema, id, retentionDtoSchema, weeklyInsightsDtoSchema } from '@atrium/common';
import { z } from 'zod';
import { notFound } from '../../../errors.ts';
import { presentCourseInsights, presentRetention, presentWeekly } from '../../../presenters/insights.ts';
import { foldRetention } from '../../../commands/retentionFold.ts';
import { courseInsights, insightsRange, moduleRetention, retentionModule, rollupUpdatedAt, weeklyFigures, weeklyRevenue } from '../../../queries/insights.ts';
import type { Routes } from '../../define.ts';

/**
 * The admin's Insights: weekly figures and revenue (from the rollup the insights-rollup job
 * keeps), a course's funnel and module completions, a module's retention curve.
 */
export function adminInsightsRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/insights/weekly',
    access: 'admin',
    query: adminInsightsQuery,
    cache: 'no-store',
    answer: { body: weeklyInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { courseId, schoolId, ...days } = ctx.input.query;
      const range = insightsRange(days, ctx.now());
      const filter = { ...range, courseId, schoolId };
      const [weeks, revenue, updatedAt] = await Promise.all([weeklyFigures(db, filter), weeklyRevenue(db, filter), rollupUpdatedAt(db)]);
      ctx.body = presentWeekly(range, updatedAt, weeks, revenue);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/insights/courses/:courseId',
    access: 'admin',
    params: z.object({ courseId: id }),
    query: adminFunnelQuery,
    cache: 'no-store',
    answer: { body: courseInsightsDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { schoolId, ...days } = ctx.input.query;
      const range = insightsRange(days, ctx.now());
      const insights = await courseInsights(db, ctx.input.params.courseId, { ...range, schoolId });
      if (!insights) throw notFound('Course not found');
      ctx.body = presentCourseInsights(range, insights);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/insights/modules/:moduleId/retention',
    access: 'admin',
    params: z.object({ moduleId: id }),
    cache: 'no-store',
    answer: { body: retentionDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const module = await retentionModule(db, ctx.input.params.moduleId);
      if (!module) throw notFound('Module not found');
      // The counters take in what was played up to now (migration 043: folded in batches, off the progress write).
      await foldRetention(db);
      ctx.body = presentRetention(module, await moduleRetention(db, module));
    },
  });
}
