import { orderDtoSchema, orderSchema } from '@atrium/common';
import { z } from 'zod';
import { requestInvoice } from '../../../commands/checkout.ts';
import { invoiceRequester } from '../../../policies/orders.ts';
import { presentOrder } from '../../../presenters/orders.ts';
import { ordersOf } from '../../../queries/orders.ts';
import { shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';
import { invoicePdfRoutes } from './invoicePdf.ts';

/** Invoice and purchase-order requests (for oneself, a school or a trust): how many schools prefer to pay (the admin's side: admin/orders.ts). */
export function orderRoutes(routes: Routes): void {
  invoicePdfRoutes(routes);
  routes.add({
    method: 'post',
    path: '/api/orders',
    access: 'user',
    answer: { status: 201, body: orderDtoSchema },
    body: orderSchema,
    rateLimit: [
      { limit: 'order', by: 'user' },
      // An order that founds a school founds it under POST /api/schools' limit too.
      { limit: 'createSchool', by: 'user', when: (ctx) => ctx.input.body.createSchool === true },
    ],
    policy: invoiceRequester,
    async handler(ctx) {
      const { db, mailer, config } = ctx.deps;
      const now = ctx.now();
      const order = await requestInvoice(db, { mailer, brand: config }, ctx.state.user, ctx.input.body, shownCurrency(ctx), now);
      ctx.status = 201;
      ctx.body = presentOrder(order);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/orders',
    access: 'user',
    answer: { body: z.array(orderDtoSchema) },
    async handler(ctx) {
      const rows = await ordersOf(ctx.deps.db, ctx.state.user.id);
      ctx.body = rows.map(presentOrder);
    },
  });
}
