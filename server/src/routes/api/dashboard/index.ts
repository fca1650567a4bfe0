import { presentDashboard } from '../../../presenters/courses.ts';
import type { Routes } from '../../define.ts';
import { coursesWithTotals, enrolledCourseIds, progressEntries } from '../courses/queries.ts';

export function dashboardRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/dashboard',
    access: 'user',
    async handler(ctx) {
      const { db } = ctx.deps;
      const userId = ctx.state.user.id;
      // Three queries whatever the size of the catalogue; the dashboard test counts them.
      const [courses, enrolled, entries] = await Promise.all([
        coursesWithTotals(db),
        enrolledCourseIds(db, userId),
        progressEntries(db, userId),
      ]);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentDashboard(courses, enrolled, entries);
    },
  });
}
