import { adminPaymentDtoSchema, idParams, listQuery } from '@atrium/common';
import { z } from 'zod';
import { presentAdminPayment } from '../../../presenters/orders.ts';
import { adminPaymentPage, receiptSource } from '../../../queries/payments.ts';
import { sendPage, type Routes } from '../../define.ts';
import { sendReceipt } from '../../billingDocuments.ts';

/** Every card payment, and any payment's receipt, for the agency's admins. */
export function adminPaymentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/payments',
    access: 'admin',
    answer: { body: z.array(adminPaymentDtoSchema) },
    query: listQuery,
    async handler(ctx) {
      const page = await adminPaymentPage(ctx.deps.db, ctx.input.query);
      sendPage(ctx, { rows: page.rows.map(presentAdminPayment), total: page.total });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/payments/:id/receipt.pdf',
    access: 'admin',
    params: idParams,
    cache: 'private, no-store',
    answer: { contentType: 'application/pdf' },
    async handler(ctx) {
      await sendReceipt(ctx, await receiptSource(ctx.deps.db, { 'payments.id': ctx.input.params.id }));
    },
  });
}
