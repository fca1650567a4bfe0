import { presentDashboardJson } from '../../../presenters/dashboard.ts';
import type { Routes } from '../../define.ts';
import { catalogue } from '../../../services/catalogue.ts';
import { sessionPreloaded } from '../../../middlewares/session.ts';
import { ENROLLED_COURSE_PROGRESS, enrolledCourseProgress } from '../courses/queries.ts';

export function dashboardRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/dashboard',
    access: 'user',
    // The learner's figures come with their session: no query of its own (the catalogue is in
    // memory; two queries when it is cold), whatever the size of the catalogue or of the
    // learner's history; the dashboard test counts them.
    preload: ENROLLED_COURSE_PROGRESS,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { user } = ctx.state;
      const { dashboardCards, modules } = await catalogue(db);
      const enrolled = await enrolledCourseProgress(db, user.id, modules, sessionPreloaded(ctx, user.id));
      ctx.set('Cache-Control', 'no-store');
      // Bytes spliced into the catalogue's pre-serialised cards (presenters/dashboard.ts).
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = presentDashboardJson(dashboardCards, enrolled);
    },
  });
}
