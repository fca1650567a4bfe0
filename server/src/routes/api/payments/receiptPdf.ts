import { paymentIntentParams } from '@atrium/common';
import { receiptHolder } from '../../../policies/orders.ts';
import type { ReceiptRow } from '../../../queries/payments.ts';
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
    policy: receiptHolder,
    async handler(ctx) {
      // Loaded by the receiptHolder policy, which refuses anyone but the buyer and admins.
      await sendReceipt(ctx, (ctx.state as { receipt?: ReceiptRow }).receipt);
    },
  });
}
