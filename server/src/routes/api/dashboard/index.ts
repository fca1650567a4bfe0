import { presentDashboard } from '../../../presenters/courses.ts';
import type { Routes } from '../../define.ts';
import { catalogue } from '../../../services/catalogue.ts';
import { enrolledProgress } from '../courses/queries.ts';

export function dashboardRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/dashboard',
    access: 'user',
    async handler(ctx) {
      const { db } = ctx.deps;
      const userId = ctx.state.user.id;
      // One query (the catalogue is in memory; two more when it is cold) whatever the size of
      // the catalogue or of the learner's history; the dashboard test counts them.
      const { coursesWithTotals, modules } = await catalogue(db);
      const { enrolled, entries } = await enrolledProgress(db, userId, modules);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentDashboard(coursesWithTotals, enrolled, entries);
    },
  });
}
