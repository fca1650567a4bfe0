import { idParams, invoiceIssueSchema, orderDtoSchema } from '@atrium/common';
import { issueInvoice } from '../../../commands/invoices.ts';
import { presentOrder } from '../../../presenters/orders.ts';
import type { Routes } from '../../define.ts';
import { seller } from '../../billingDocuments.ts';

/** Issuing the invoice of an order (the buyer downloads it from /api/orders/:id/invoice.pdf). */
export function adminInvoiceRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/admin/orders/:id/invoice',
    access: 'admin',
    params: idParams,
    body: invoiceIssueSchema,
    answer: { body: orderDtoSchema },
    async handler(ctx) {
      seller(ctx);
      const { db, mailer, config } = ctx.deps;
      const order = await issueInvoice(db, { mailer, brand: config }, ctx.input.params.id, ctx.state.user.id, ctx.now(), ctx.input.body);
      ctx.body = presentOrder(order);
    },
  });
}
