import { formatPrice, idParams, listQuery, orderReference, orderSchema } from '@atrium/common';
import { enroll, isEnrolled } from '../../../commands/enroll.ts';
import { fulfilForSchool } from '../../../commands/fulfilPayment.ts';
import { licenceCovering } from '../../../commands/schools/licences.ts';
import { createSchool } from '../../../commands/schools/membership.ts';
import { membershipOf } from '../../../commands/schools/shared.ts';
import { requireSchoolManager } from '../../../policies/index.ts';
import { countRows } from '../../../db/knex.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import { presentAdminOrder, presentAdminPayment, presentOrder, type OrderRow } from '../../../presenters/orders.ts';
import type { Routes } from '../../define.ts';

/** Invoice and purchase-order requests: how many schools prefer to pay. */
export function orderRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/orders',
    access: 'user',
    body: orderSchema,
    async handler(ctx) {
      const { courseId, schoolName, billingEmail, purchaseOrderNumber, createSchool: newSchool } = ctx.input.body;
      const { db, mailer, config } = ctx.deps;
      const user = ctx.state.user;
      const course = await db('courses').where({ id: courseId }).first();
      if (!course) throw notFound('Course not found');
      if (Number(course.price) <= 0) throw badRequest('This course is free: enroll from the course page');
      const forSchool = ctx.input.body.schoolId !== undefined || newSchool === true;
      if (ctx.input.body.schoolId !== undefined) {
        requireSchoolManager(await membershipOf(db, user.id), ctx.input.body.schoolId);
        if (await licenceCovering(db, user.id, course.id)) throw conflict('Your school is already licensed for this course');
      } else if (!forSchool && (await isEnrolled(db, user.id, course.id))) {
        throw conflict('You are already enrolled in this course');
      }
      const open = await db('orders').where({ userId: user.id, courseId: course.id, status: 'requested' }).first();
      if (open) throw conflict('You have already requested an invoice for this course. We will be in touch shortly.');

      const order = await db.transaction(async (trx) => {
        // A school created on the fly is managed by the buyer now and licensed when the invoice is paid.
        const schoolId = newSchool ? await createSchool(trx, { name: schoolName, country: 'GB' }, user.id) : (ctx.input.body.schoolId ?? null);
        const row = {
          userId: user.id,
          courseId: course.id,
          courseTitle: course.title,
          schoolName,
          billingEmail,
          purchaseOrderNumber,
          amount: Number(course.price),
          currency: 'gbp',
          status: 'requested',
          schoolId,
          createdAt: Date.now(),
        };
        const [id] = await trx('orders').insert(row);
        const price = formatPrice(row.amount);
        const reference = orderReference(Number(id));
        await mailer.enqueue(trx, {
          to: config.supportEmail,
          subject: `Invoice request: ${course.title} for ${schoolName}`,
          text: [
            `${schoolName} asked to pay for "${course.title}" (${price}) by invoice.`,
            '',
            `Requested by: ${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} <${user.email}>`,
            `Send the invoice to: ${billingEmail}`,
            `Purchase order number: ${purchaseOrderNumber ?? 'none given'}`,
            `Order reference: ${reference}`,
            '',
            schoolId
              ? `When it is paid, mark order ${reference} as paid in the admin area: that licenses ${schoolName} (school #${schoolId}) for every member.`
              : `When it is paid, mark order ${reference} as paid in the admin area to enroll the buyer.`,
          ].join('\n'),
        });
        await mailer.enqueue(trx, {
          to: billingEmail,
          subject: `Your invoice request for ${course.title}`,
          text: `Thank you. We have received your request to pay for "${course.title}" (${price}) by invoice for ${schoolName}.\nOrder reference: ${reference}.\n\nWe will send the invoice to this address. Access is given as soon as it is paid.\nQuestions: ${config.supportEmail}`,
        });
        return { ...row, id: Number(id) } as OrderRow;
      });
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
      const { db } = ctx.deps;
      const order = await db.transaction(async (trx) => {
        const row = await trx('orders').where({ id: ctx.input.params.id }).forUpdate().first();
        if (!row) throw notFound('Order not found');
        if (row.status === 'cancelled') throw conflict('This order was cancelled');
        if (row.status !== 'paid') {
          await trx('orders').where({ id: row.id }).update({ status: 'paid', paidAt: Date.now(), markedPaidBy: ctx.state.user.id });
        }
        if (row.courseId && row.schoolId) await fulfilForSchool(trx, Number(row.schoolId), row.userId, row.courseId, 'order', ctx.deps.logger);
        else if (row.courseId) await enroll(trx, row.userId, row.courseId, 'order');
        return trx('orders').where({ id: row.id }).first();
      });
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
