import { dashboardDtoSchema } from '@atrium/common';
import { presentDashboardJson } from '../../../presenters/dashboard.ts';
import { hasSteps } from '../../../services/catalogue.ts';
import { announceCurrency, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';

export function dashboardRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/dashboard',
    access: 'user',
    answer: { body: dashboardDtoSchema },
    cache: 'no-store',
    // Two statements whatever the size of the catalogue or of the learner's history (the session
    // with its user, then the learner's figures), a third for a learner enrolled in a course with
    // quizzes or assignments (their counts), the catalogue from memory; the test counts them.
    async handler(ctx) {
      const { catalogue, database } = ctx.deps;
      const current = await catalogue.get();
      const figures = await database.enrolledCourseFigures(ctx.state.user.id, (courseId) => hasSteps(current, courseId));
      ctx.type = 'application/json; charset=utf-8';
      const currency = shownCurrency(ctx);
      announceCurrency(ctx, currency);
      ctx.body = presentDashboardJson(current, figures, currency);
    },
  });
}
