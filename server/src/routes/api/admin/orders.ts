import { adminOrderDtoSchema, idParams, listQuery, orderDtoSchema } from '@atrium/common';
import { z } from 'zod';
import { markOrderPaid } from '../../../commands/orders.ts';
import { presentAdminOrder, presentOrder } from '../../../presenters/orders.ts';
import { adminOrderPage } from '../../../queries/orders.ts';
import { sendPage, type Routes } from '../../define.ts';

/** Every invoice and purchase-order request, and marking one paid (its invoice: admin/invoices.ts). */
export function adminOrderRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/orders',
    access: 'admin',
    answer: { body: z.array(adminOrderDtoSchema) },
    query: listQuery,
    async handler(ctx) {
      const page = await adminOrderPage(ctx.deps.db, ctx.input.query);
      sendPage(ctx, { rows: page.rows.map(presentAdminOrder), total: page.total });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/orders/:id/paid',
    access: 'admin',
    params: idParams,
    answer: { body: orderDtoSchema },
    async handler(ctx) {
      const { db, logger, mailer, config } = ctx.deps;
      const order = await markOrderPaid(db, logger, { mailer, brand: config }, ctx.input.params.id, ctx.state.user.id, ctx.now());
      ctx.body = presentOrder(order);
    },
  });
}
