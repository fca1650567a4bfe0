import type { Logger } from 'pino';
import type { Db } from '../db/knex.ts';
import { conflict, notFound } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { invoicePaidMail } from '../mail/templates/invoiceIssued.tsx';
import type { OrderRow } from '../models/Order.ts';
import { orderPdfAttachment } from '../services/documents/billingAttachments.ts';
import type { Mailer } from '../services/mail.ts';
import { enroll } from './enroll.ts';
import { fulfilForSchool } from './fulfilPayment.ts';
import { licenseTrust } from './trustLicences.ts';

// Requesting an invoice (the buyer's side) is in checkout.ts, beside the card payment.

/**
 * An admin records that an invoice was paid: the order is marked (once) and the buyer enrolled,
 * or the school or the trust licensed. Marking it again only makes sure the access exists. When the invoice was
 * issued, the billing address gets the receipt PDF by mail, queued in the same transaction (an
 * order paid before its invoice was issued has no taxed amounts to put on a receipt).
 */
export async function markOrderPaid(
  db: Db,
  logger: Logger,
  mail: { mailer: Mailer; brand: MailBrand },
  orderId: number,
  adminId: number,
  now: number,
): Promise<OrderRow> {
  return db.transaction(async (trx) => {
    const row: OrderRow | undefined = await trx('orders').where({ id: orderId }).forUpdate().first();
    if (!row) throw notFound('Order not found');
    if (row.status === 'cancelled') throw conflict('This order was cancelled');
    if (row.status !== 'paid') {
      await trx('orders').where({ id: row.id }).update({ status: 'paid', paidAt: now, markedPaidBy: adminId });
      if (row.invoiceNumber) {
        await mail.mailer.send(
          trx,
          row.billingEmail,
          invoicePaidMail,
          {
            brand: mail.brand,
            invoiceNumber: row.invoiceNumber,
            courseTitle: row.courseTitle,
            schoolName: row.schoolName,
            gross: Number(row.invoiceGross),
            currency: row.currency.toUpperCase(),
          },
          undefined,
          [orderPdfAttachment(row, 'orderReceipt')],
        );
      }
    }
    if (row.courseId && row.trustId) await licenseTrust(trx, Number(row.trustId), row.courseId, 'order', now);
    else if (row.courseId && row.schoolId) await fulfilForSchool(trx, Number(row.schoolId), row.userId, row.courseId, 'order', logger, now);
    else if (row.courseId) await enroll(trx, row.userId, row.courseId, 'order', now);
    return (await trx('orders').where({ id: row.id }).first())!;
  });
}
