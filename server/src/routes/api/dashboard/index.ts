import { dashboardDtoSchema } from '@atrium/common';
import { presentDashboardJson } from '../../../presenters/dashboard.ts';
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
    // with its user, then the learner's figures), the catalogue from memory; the test counts them.
    async handler(ctx) {
      const { catalogue, database } = ctx.deps;
      const [current, figures] = await Promise.all([catalogue.get(), database.enrolledCourseFigures(ctx.state.user.id)]);
      ctx.type = 'application/json; charset=utf-8';
      const currency = shownCurrency(ctx);
      announceCurrency(ctx, currency);
      ctx.body = presentDashboardJson(current, figures, currency);
    },
  });
}
