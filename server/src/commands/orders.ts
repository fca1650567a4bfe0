import type { OrderInput } from '@atrium/common';
import type { Logger } from 'pino';
import type { Db } from '../db/knex.ts';
import { alreadyEnrolled, alreadyLicensed, conflict, invoiceAlreadyRequested, notFound } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { invoicePaidMail } from '../mail/templates/invoiceIssued.tsx';
import { invoiceReceiptMail, invoiceRequestMail } from '../mail/templates/invoiceRequest.tsx';
import type { OrderRow } from '../models/Order.ts';
import { displayName, type User } from '../models/User.ts';
import { orderPdfAttachment } from '../services/documents/billingAttachments.ts';
import type { Mailer } from '../services/mail.ts';
import { isEnrolled } from '../queries/enrollments.ts';
import { enroll } from './enroll.ts';
import { trustById, trustLicenceInForce } from '../queries/trusts.ts';
import { fulfilForSchool } from './fulfilPayment.ts';
import { licenseTrust } from './trustLicences.ts';
import { licenceCovering } from './schools/licences.ts';
import { createSchool } from './schools/membership.ts';

/**
 * Refuses a purchase that would buy what the buyer has already: for a school, a licence already
 * covering it (its own or its trust's); for a trust, the trust's licence in force; for oneself,
 * the enrollment. Shared by the card payment and the invoice request.
 */
export async function refuseOwnedPurchase(
  db: Db,
  userId: number,
  courseId: number,
  purchase: { schoolId?: number | null | undefined; trustId?: number | null | undefined; createSchool?: boolean | undefined },
): Promise<void> {
  if (purchase.trustId !== undefined && purchase.trustId !== null) {
    if (await trustLicenceInForce(db, purchase.trustId, courseId)) throw alreadyLicensed();
  } else if (purchase.schoolId !== undefined && purchase.schoolId !== null) {
    if (await licenceCovering(db, userId, courseId)) throw alreadyLicensed();
  } else if (purchase.createSchool !== true && (await isEnrolled(db, userId, courseId))) {
    throw alreadyEnrolled();
  }
}

/**
 * Records a request to pay for a course by invoice and mails support and the billing address,
 * together. For a school or a trust the caller has checked that the buyer manages it (policies/);
 * a school created on the fly is managed by the buyer now and licensed when the invoice is paid.
 * An order for a trust carries the trust's name (what the invoice prints), whatever was typed.
 */
export async function requestInvoice(
  db: Db,
  mailer: Mailer,
  brand: MailBrand,
  buyer: User,
  course: { id: number; title: string; price: number | string },
  input: OrderInput,
  now: number,
  /** The price the buyer was shown, decided by the server (routes/api/orders); GBP by default. */
  priced: { amount: number; currency: string } = { amount: Number(course.price), currency: 'gbp' },
): Promise<OrderRow> {
  const { billingEmail, purchaseOrderNumber, createSchool: newSchool } = input;
  await refuseOwnedPurchase(db, buyer.id, course.id, input);
  const trustId = input.trustId ?? null;
  const trust = trustId === null ? null : await trustById(db, trustId);
  if (trustId !== null && !trust) throw notFound('Trust not found');
  const schoolName = trust ? trust.name : input.schoolName;
  const open = await db('orders').where({ userId: buyer.id, courseId: course.id, status: 'requested' }).first();
  if (open) throw invoiceAlreadyRequested();

  return db.transaction(async (trx) => {
    // The school takes the country the buyer chose for the invoice (the UK when an API client gave none).
    const schoolId = newSchool ? await createSchool(trx, { name: schoolName, country: input.country ?? 'GB' }, buyer.id, now) : (input.schoolId ?? null);
    const row = {
      userId: buyer.id,
      courseId: course.id,
      courseTitle: course.title,
      schoolName,
      billingEmail,
      purchaseOrderNumber,
      amount: priced.amount,
      currency: priced.currency.toLowerCase(),
      status: 'requested',
      schoolId,
      trustId,
      createdAt: now,
      country: input.country ?? null,
      billingAddress: input.billingAddress || null,
      // As the buyer typed it (trimmed): it is printed on the invoice; only the check normalises it.
      vatNumber: input.vatNumber?.trim() || null,
    };
    const [inserted] = await trx('orders').insert(row);
    const orderId = Number(inserted);
    const facts = { brand, orderId, courseTitle: course.title, amount: row.amount, currency: priced.currency.toUpperCase(), schoolName };
    await mailer.send(trx, brand.supportEmail, invoiceRequestMail, {
      ...facts,
      schoolId,
      buyer: { name: displayName(buyer), email: buyer.email },
      billingEmail,
      purchaseOrderNumber,
    });
    await mailer.send(trx, billingEmail, invoiceReceiptMail, facts);
    return { ...row, id: orderId, paidAt: null };
  });
}

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
