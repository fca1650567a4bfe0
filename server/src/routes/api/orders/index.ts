import { orderSchema } from '@atrium/common';
import { requestInvoice } from '../../../commands/orders.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { pricesOf } from '../../../models/coursePrices.ts';
import { purchaser } from '../../../policies/orders.ts';
import { presentOrder } from '../../../presenters/orders.ts';
import { ordersOf, purchasableCourse } from '../../../queries/orders.ts';
import { purchasePrice, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';
import { invoicePdfRoutes } from './invoicePdf.ts';

/** Invoice and purchase-order requests (for oneself, a school or a trust): how many schools prefer to pay (the admin's side: admin/orders.ts). */
export function orderRoutes(routes: Routes): void {
  invoicePdfRoutes(routes);
  routes.add({
    method: 'post',
    path: '/api/orders',
    access: 'user',
    body: orderSchema,
    rateLimit: [
      { limit: 'order', by: 'user' },
      { limit: 'orderMailTo', by: (ctx) => ctx.input.body.billingEmail },
    ],
    policy: purchaser,
    async handler(ctx) {
      const { db, mailer, config } = ctx.deps;
      const user = ctx.state.user;
      const course = await purchasableCourse(db, ctx.input.body.courseId);
      if (!course) throw notFound('Course not found');
      if (Number(course.price) <= 0) throw badRequest('This course is free: enroll from the course page');
      const priced = purchasePrice(pricesOf(course), ctx.input.body.currency, shownCurrency(ctx));
      if (priced.amount <= 0) throw badRequest(`This course is free in ${priced.currency}: enroll from the course page`, { currency: 'Free in this currency' });
      const order = await requestInvoice(db, mailer, config, user, course, ctx.input.body, ctx.deps.clock.now().getTime(), priced);
      ctx.status = 201;
      ctx.body = presentOrder(order);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/orders',
    access: 'user',
    async handler(ctx) {
      const rows = await ordersOf(ctx.deps.db, ctx.state.user.id);
      ctx.body = rows.map(presentOrder);
    },
  });
}
