// Invoice and receipt PDFs as the buyer's and the admin's routes send them.
import { notFound, serviceUnavailable } from '../errors.ts';
import type { ReceiptRow } from '../queries/payments.ts';
import { receiptDocument, receiptNumber, sellerDetails } from '../services/documents/billingDocuments.ts';
import { renderBillingPdf } from '../services/documents/billingPdf.ts';
import type { AppContext } from '../context.ts';

/** The agency's own details on every invoice and receipt; 503 until they are configured. */
export function seller(ctx: AppContext) {
  const details = sellerDetails(ctx.deps.config);
  if (!details) throw serviceUnavailable('Invoices are not set up here yet: the agency address (INVOICE_SELLER_ADDRESS) is missing.');
  return details;
}

/** A PDF shown in the browser (routes sending one declare `cache: 'private, no-store'`). */
export function sendPdf(ctx: AppContext, bytes: Buffer, filename: string): void {
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}

/** The receipt of a card payment (the buyer's route in payments/receiptPdf.ts, the admin's in admin/payments.ts). */
export async function sendReceipt(ctx: AppContext, payment: ReceiptRow | undefined): Promise<void> {
  // Only money actually received has a receipt; a pending or failed payment looks missing.
  if (!payment || payment.paidAt === null || !['succeeded'].includes(payment.status)) throw notFound('Receipt not found');
  sendPdf(ctx, await renderBillingPdf(receiptDocument(payment, seller(ctx))), `${receiptNumber(payment.id)}.pdf`);
}
