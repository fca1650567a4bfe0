import { salesTotalsDtoSchema } from '@atrium/common';
import { presentSalesTotals } from '../../../presenters/orders.ts';
import { salesSums } from '../../../queries/payments.ts';
import type { Routes } from '../../define.ts';

/** The admin's sales totals per currency: card payments net of refunds, invoices issued and paid. */
export function adminSalesRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/sales',
    access: 'admin',
    answer: { body: salesTotalsDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      ctx.body = presentSalesTotals(await salesSums(ctx.deps.db), ctx.deps.config.invoiceSeller);
    },
  });
}
