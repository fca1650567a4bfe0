import { idParams, listQuery, orderSchema } from '@atrium/common';
import { markOrderPaid, requestInvoice } from '../../../commands/orders.ts';
import { membershipOf } from '../../../commands/schools/shared.ts';
import { requireSchoolManager } from '../../../policies/index.ts';
import { countRows } from '../../../db/knex.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { presentAdminOrder, presentAdminPayment, presentOrder } from '../../../presenters/orders.ts';
import { pricesOf } from '../../../models/coursePrices.ts';
import { purchasePrice, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';

/** Invoice and purchase-order requests: how many schools prefer to pay. */
export function orderRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/orders',
    access: 'user',
    body: orderSchema,
    rateLimit: [
      { limit: 'order', by: 'user' },
      { limit: 'orderMailTo', by: (ctx) => ctx.input.body.billingEmail },
    ],
    async handler(ctx) {
      const { db, mailer, config } = ctx.deps;
      const user = ctx.state.user;
      const { courseId, schoolId } = ctx.input.body;
      const course = await db('courses').where({ id: courseId }).first();
      if (!course) throw notFound('Course not found');
      if (Number(course.price) <= 0) throw badRequest('This course is free: enroll from the course page');
      if (schoolId !== undefined) requireSchoolManager(await membershipOf(db, user.id), schoolId);
      const priced = purchasePrice(pricesOf(course), ctx.input.body.currency, shownCurrency(ctx));
      if (priced.amount <= 0) throw badRequest(`This course is free in ${priced.currency}: enroll from the course page`, { currency: 'Free in this currency' });
      const order = await requestInvoice(db, mailer, config, user, course, ctx.input.body, ctx.deps.clock.now().getTime(), priced);
      mailer.kick();
      ctx.status = 201;
      ctx.body = presentOrder(order);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/orders',
    access: 'user',
    async handler(ctx) {
      const rows = await ctx.deps.db('orders').where({ userId: ctx.state.user.id }).orderBy('id', 'desc').limit(100);
      ctx.body = rows.map(presentOrder);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/orders',
    access: 'admin',
    query: listQuery,
    async handler(ctx) {
      const { limit, offset } = ctx.input.query;
      const { db } = ctx.deps;
      const n = await countRows(db('orders'));
      const rows = await db('orders')
        .join('users', 'users.id', 'orders.userId')
        .select('orders.*', 'users.email as buyerEmail', 'users.firstName as buyerFirstName', 'users.lastName as buyerLastName')
        .orderBy('orders.id', 'desc')
        .limit(limit)
        .offset(offset);
      ctx.set('X-Total-Count', String(n));
      ctx.body = rows.map(presentAdminOrder);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/orders/:id/paid',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      const { db, logger, mailer, config, clock } = ctx.deps;
      const order = await markOrderPaid(db, logger, { mailer, brand: config }, ctx.input.params.id, ctx.state.user.id, clock.now().getTime());
      mailer.kick();
      ctx.body = presentOrder(order);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/payments',
    access: 'admin',
    query: listQuery,
    async handler(ctx) {
      const { limit, offset } = ctx.input.query;
      const { db } = ctx.deps;
      const n = await countRows(db('payments'));
      const rows = await db('payments')
        .join('users', 'users.id', 'payments.userId')
        .leftJoin('courses', 'courses.id', 'payments.courseId')
        .select('payments.*', 'users.email as buyerEmail', 'courses.title as courseTitle')
        .orderBy('payments.id', 'desc')
        .limit(limit)
        .offset(offset);
      ctx.set('X-Total-Count', String(n));
      ctx.body = rows.map(presentAdminPayment);
    },
  });
}
