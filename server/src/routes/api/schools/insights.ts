import { id, schoolFunnelQuery, schoolInsightsQuery, schoolParams } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { presentCourseInsights, presentWeekly } from '../../../presenters/insights.ts';
import { courseFunnel, insightsRange, moduleCompletions, weeklyFigures } from '../../../queries/insights.ts';
import type { Routes } from '../../define.ts';

/**
 * A school's Insights for its managers: the weekly figures and a course's funnel, counting the
 * school's current members only (the school is the path's, checked by schoolManager; no revenue).
 */
export function schoolInsightsRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/schools/:id/insights/weekly',
    access: 'user',
    params: schoolParams,
    query: schoolInsightsQuery,
    policy: schoolManager,
    cache: 'no-store',
    async handler(ctx) {
      const { db, clock } = ctx.deps;
      const { courseId, ...days } = ctx.input.query;
      const range = insightsRange(days, clock.now().getTime());
      ctx.body = presentWeekly(range, await weeklyFigures(db, { ...range, courseId, schoolId: ctx.input.params.id }));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/:id/insights/courses/:courseId',
    access: 'user',
    params: schoolParams.extend({ courseId: id }),
    query: schoolFunnelQuery,
    policy: schoolManager,
    cache: 'no-store',
    async handler(ctx) {
      const { db, clock } = ctx.deps;
      const course = await db('courses').where({ id: ctx.input.params.courseId }).first('id', 'title');
      if (!course) throw notFound('Course not found');
      const range = insightsRange(ctx.input.query, clock.now().getTime());
      const filter = { ...range, schoolId: ctx.input.params.id };
      const [funnel, modules] = await Promise.all([courseFunnel(db, course.id, filter), moduleCompletions(db, course.id, filter)]);
      ctx.body = presentCourseInsights(range, course, funnel, modules);
    },
  });
}
