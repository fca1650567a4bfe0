import { paymentIntentParams } from '@atrium/common';
import { requireBillingDocumentAccess } from '../../../policies/orders.ts';
import { receiptSource } from '../../../queries/payments.ts';
import { sendReceipt } from '../../billingDocuments.ts';
import type { Routes } from '../../define.ts';

/** The buyer's receipt for a card payment that succeeded. */
export function receiptPdfRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/payments/:paymentIntentId/receipt.pdf',
    access: 'user',
    params: paymentIntentParams,
    cache: 'private, no-store',
    answer: { contentType: 'application/pdf' },
    async handler(ctx) {
      const payment = await receiptSource(ctx.deps.db, { 'payments.provider': 'stripe', 'payments.providerReference': ctx.input.params.paymentIntentId });
      requireBillingDocumentAccess(ctx.state.user, payment, 'Receipt');
      await sendReceipt(ctx, payment);
    },
  });
}
