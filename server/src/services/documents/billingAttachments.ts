import type { Config } from '../../config.ts';
import type { Db } from '../../db/knex.ts';
import type { OrderRow } from '../../models/Order.ts';
import type { AttachmentRef, AttachmentResolver } from '../mail.ts';
import { invoiceDocument, orderReceiptDocument, sellerDetails } from './billingDocuments.ts';
import { renderBillingPdf } from './billingPdf.ts';

/** The reference the outbox keeps for an order's invoice or receipt PDF. */
export const orderPdfAttachment = (order: Pick<OrderRow, 'id' | 'invoiceNumber'>, kind: 'invoice' | 'orderReceipt'): AttachmentRef => ({
  filename: `${kind === 'invoice' ? '' : 'RCT-'}${order.invoiceNumber ?? `order-${order.id}`}.pdf`,
  contentType: 'application/pdf',
  source: { kind, orderId: Number(order.id) },
});

/**
 * Makes an order's PDF again when its mail is delivered, from the order as it stands (an issued
 * invoice never changes). Throws when it cannot (seller not set up, order gone): the delivery
 * counts as failed and is retried, then marked failed, rather than sent without its document.
 */
export function billingAttachments(db: Db, config: Config): AttachmentResolver {
  return async (ref) => {
    const order: OrderRow | undefined = await db('orders').where({ id: ref.source.orderId }).first();
    const seller = sellerDetails(config);
    if (!order || !seller) throw new Error(`cannot make ${ref.filename}: ${order ? 'INVOICE_SELLER_ADDRESS is not set' : 'order not found'}`);
    const doc = ref.source.kind === 'invoice' ? invoiceDocument(order, seller, config.invoiceSeller.paymentDetails) : orderReceiptDocument(order, seller);
    return renderBillingPdf(doc);
  };
}
