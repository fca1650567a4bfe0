import { presentDashboardJson } from '../../../presenters/dashboard.ts';
import type { Routes } from '../../define.ts';
import { catalogue } from '../../../services/catalogue.ts';
import { enrolledCourseProgress } from '../courses/queries.ts';

export function dashboardRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/dashboard',
    access: 'user',
    async handler(ctx) {
      const { db } = ctx.deps;
      // One query (the catalogue is in memory; two more when it is cold) whatever the size of
      // the catalogue or of the learner's history; the dashboard test counts them.
      const { dashboardCards, modules } = await catalogue(db);
      const enrolled = await enrolledCourseProgress(db, ctx.state.user.id, modules);
      ctx.set('Cache-Control', 'no-store');
      // Bytes spliced into the catalogue's pre-serialised cards (presenters/dashboard.ts).
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = presentDashboardJson(dashboardCards, enrolled);
    },
  });
}
