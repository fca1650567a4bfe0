import { idParams, paymentIntentParams } from '@atrium/common';
import { notFound, serviceUnavailable } from '../../../errors.ts';
import { requireBillingDocumentAccess } from '../../../policies/orders.ts';
import { orderById } from '../../../queries/orders.ts';
import { receiptSource, type ReceiptRow } from '../../../queries/payments.ts';
import { invoiceDocument, receiptDocument, receiptNumber, sellerDetails } from '../../../services/documents/billingDocuments.ts';
import { renderBillingPdf } from '../../../services/documents/billingPdf.ts';
import type { AppContext } from '../../../context.ts';
import type { Routes } from '../../define.ts';

/** The agency's own details on every invoice and receipt; 503 until they are configured. */
export function seller(ctx: AppContext) {
  const details = sellerDetails(ctx.deps.config);
  if (!details) throw serviceUnavailable('Invoices are not set up here yet: the agency address (INVOICE_SELLER_ADDRESS) is missing.');
  return details;
}

/** A PDF shown in the browser (routes sending one declare `cache: 'private, no-store'`). */
function sendPdf(ctx: AppContext, bytes: Buffer, filename: string): void {
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}

/** The receipt of a card payment (the buyer's route here, the admin's in admin/payments.ts). */
export async function sendReceipt(ctx: AppContext, payment: ReceiptRow | undefined): Promise<void> {
  // Only money actually received has a receipt; a pending or failed payment looks missing.
  if (!payment || payment.paidAt === null || !['succeeded'].includes(payment.status)) throw notFound('Receipt not found');
  sendPdf(ctx, await renderBillingPdf(receiptDocument(payment, seller(ctx))), `${receiptNumber(payment.id)}.pdf`);
}

/** The buyer's invoices for orders and receipts for card payments (issuing one: admin/invoices.ts). */
export function invoiceRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/orders/:id/invoice.pdf',
    access: 'user',
    params: idParams,
    cache: 'private, no-store',
    async handler(ctx) {
      const order = await orderById(ctx.deps.db, ctx.input.params.id);
      requireBillingDocumentAccess(ctx.state.user, order, 'Invoice');
      if (!order.invoiceNumber) throw notFound('This order has no invoice yet');
      const bytes = await renderBillingPdf(invoiceDocument(order, seller(ctx), ctx.deps.config.invoiceSeller.paymentDetails));
      sendPdf(ctx, bytes, `${order.invoiceNumber}.pdf`);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/payments/:paymentIntentId/receipt.pdf',
    access: 'user',
    params: paymentIntentParams,
    cache: 'private, no-store',
    async handler(ctx) {
      const payment = await receiptSource(ctx.deps.db, { 'payments.provider': 'stripe', 'payments.providerReference': ctx.input.params.paymentIntentId });
      requireBillingDocumentAccess(ctx.state.user, payment, 'Receipt');
      await sendReceipt(ctx, payment);
    },
  });
}
