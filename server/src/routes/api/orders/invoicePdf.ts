import { idParams } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import type { OrderRow } from '../../../models/Order.ts';
import { invoiceHolder } from '../../../policies/orders.ts';
import { invoiceDocument } from '../../../services/documents/billingDocuments.ts';
import { renderBillingPdf } from '../../../services/documents/billingPdf.ts';
import { seller, sendPdf } from '../../billingDocuments.ts';
import type { Routes } from '../../define.ts';

/** The buyer's invoice for an order, once issued (issuing one: admin/invoices.ts). */
export function invoicePdfRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/orders/:id/invoice.pdf',
    access: 'user',
    params: idParams,
    cache: 'private, no-store',
    answer: { contentType: 'application/pdf' },
    policy: invoiceHolder,
    async handler(ctx) {
      // Loaded by the invoiceHolder policy, which refuses anyone but the buyer and admins.
      const order = (ctx.state as { order?: OrderRow }).order!;
      if (!order.invoiceNumber) throw notFound('This order has no invoice yet');
      const bytes = await renderBillingPdf(invoiceDocument(order, seller(ctx), ctx.deps.config.invoiceSeller.paymentDetails));
      sendPdf(ctx, bytes, `${order.invoiceNumber}.pdf`);
    },
  });
}
