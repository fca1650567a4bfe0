import type { Logger } from 'pino';
import { freeCourseMessage, type Currency, type OrderInput, type PriceFor } from '@atrium/common';
import { dialectOf, type Db } from '../db/knex.ts';
import { alreadyEnrolled, alreadyLicensed, badRequest, invoiceAlreadyRequested, notFound, serviceUnavailable } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { invoiceReceiptMail, invoiceRequestMail } from '../mail/templates/invoiceRequest.tsx';
import type { OrderRow } from '../models/Order.ts';
import { pricesOf } from '../models/coursePrices.ts';
import { displayName, type User } from '../models/User.ts';
import { courseAccess } from '../policies/courseAccess.ts';
import { purchasableCourse, type PurchasableCourse } from '../queries/orders.ts';
import { closedAttempts, FULFILLED_STATUSES, OPEN_INTENT_STATUSES, openPayment, type StoredPayment } from '../queries/payments.ts';
import { licenceCoveringPerson, trustLicenceInForce } from '../queries/licences.ts';
import { trustById } from '../queries/trusts.ts';
import { purchasePrice } from '../services/currency.ts';
import type { Mailer } from '../services/mail.ts';
import type { PaymentIntentSummary, PaymentProvider } from '../services/payments.ts';
import { syncPayment } from './paymentEvents.ts';
import { recordPaymentIntent } from './payments.ts';
import { createSchool } from './schools/membership.ts';

/** Who a purchase is for, as both ways to pay name it (common/schemas/payments.ts). */
interface Purchase {
  courseId: number;
  currency?: Currency | undefined;
  schoolId?: number | null | undefined;
  trustId?: number | null | undefined;
  createSchool?: boolean | undefined;
}

/**
 * Refuses a purchase that would buy what the buyer has already: for a school, a licence already
 * covering it (its own or its trust's); for a trust, the trust's licence in force; for oneself,
 * the enrollment, as the course's access policy reads it.
 */
async function refuseOwnedPurchase(db: Db, buyer: User, courseId: number, purchase: Purchase): Promise<void> {
  if (purchase.trustId !== undefined && purchase.trustId !== null) {
    if (await trustLicenceInForce(db, purchase.trustId, courseId)) throw alreadyLicensed();
  } else if (purchase.schoolId !== undefined && purchase.schoolId !== null) {
    if (await licenceCoveringPerson(db, buyer.id, courseId)) throw alreadyLicensed();
  } else if (purchase.createSchool !== true && (await courseAccess(db, buyer, courseId, 'enrollment')).enrolled) {
    throw alreadyEnrolled();
  }
}

/**
 * What a card payment or an invoice request is for and what it costs, checked the same way for
 * both: the course exists, it is not free in the buyer's currency (common/rules/pricing.ts, the
 * rule enrollments ask too: free means enroll from the course page), and the buyer does not own
 * it already. The amount and currency come from the server's price list only, never the client.
 */
async function quotePurchase(db: Db, buyer: User, purchase: Purchase, shown: Currency): Promise<{ course: PurchasableCourse; priced: PriceFor }> {
  const course = await purchasableCourse(db, purchase.courseId);
  if (!course) throw notFound('Course not found');
  const priced = purchasePrice(pricesOf(course), purchase.currency, shown);
  if (priced.free) throw badRequest(freeCourseMessage(priced.currency), { currency: 'Free in this currency' });
  await refuseOwnedPurchase(db, buyer, course.id, purchase);
  return { course, priced };
}

/**
 * Records a request to pay for a course by invoice. Mail goes only to people the caller has
 * proven: support, and the buyer's own address (verified: policies/orders.ts), with a receipt.
 * The billing address the caller typed hears from us only once an admin issues the invoice
 * (commands/invoices.ts). For a school or a trust the caller has checked that the buyer manages
 * it; a school created on the fly is managed by the buyer now and licensed when the invoice is
 * paid. An order for a trust carries the trust's name (what the invoice prints), whatever was typed.
 */
export async function requestInvoice(
  db: Db,
  mail: { mailer: Mailer; brand: MailBrand },
  buyer: User,
  input: OrderInput,
  shown: Currency,
  now: number,
): Promise<OrderRow> {
  const { billingEmail, purchaseOrderNumber, createSchool: newSchool } = input;
  const { course, priced } = await quotePurchase(db, buyer, input, shown);
  const trustId = input.trustId ?? null;
  const trust = trustId === null ? null : await trustById(db, trustId);
  if (trustId !== null && !trust) throw notFound('Trust not found');
  const schoolName = trust ? trust.name : input.schoolName;

  return db.transaction(async (trx) => {
    // One open request per buyer and course, checked under the buyer's row lock (MySQL; SQLite has
    // one writer): requests sent at once each found none open and made an order (and mails) apiece.
    if (dialectOf(trx) === 'mysql') await trx('users').where({ id: buyer.id }).forUpdate().first('id');
    const open = await trx('orders').where({ userId: buyer.id, courseId: course.id, status: 'requested' }).first('id');
    if (open) throw invoiceAlreadyRequested();
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
    const facts = {
      brand: mail.brand,
      orderId,
      courseTitle: course.title,
      amount: row.amount,
      currency: priced.currency,
      schoolName,
      billingEmail,
      purchaseOrderNumber: purchaseOrderNumber ?? null,
    };
    await mail.mailer.send(trx, mail.brand.supportEmail, invoiceRequestMail, { ...facts, schoolId, buyer: { name: displayName(buyer), email: buyer.email } });
    await mail.mailer.send(trx, buyer.email, invoiceReceiptMail, facts);
    return { ...row, id: orderId, paidAt: null };
  });
}

const OPEN_INTENTS = new Set<string>(OPEN_INTENT_STATUSES);

/** The card payment form's secret and what it charges. */
export interface CardPaymentStart {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

/**
 * Starts (or resumes) a card payment: a Stripe intent for the server's price in the buyer's
 * currency, recorded. `call` wraps each call to the provider (routes/api/payments turns a
 * provider that does not answer into a 503).
 */
export async function startCardPayment(
  db: Db,
  provider: { payments: PaymentProvider; call<T>(request: () => Promise<T>): Promise<T> },
  buyer: User,
  input: { courseId: number; currency?: Currency | undefined; schoolId?: number | undefined; trustId?: number | undefined },
  shown: Currency,
  now: number,
): Promise<CardPaymentStart> {
  const { payments, call } = provider;
  const schoolId = input.schoolId ?? null;
  const trustId = input.trustId ?? null;
  const { course, priced } = await quotePurchase(db, buyer, { ...input, schoolId, trustId }, shown);
  const amount = priced.amount;
  const currency = priced.currency.toLowerCase();

  // A reload or a double click reuses the open intent instead of creating another.
  const open = await openPayment(db, { userId: buyer.id, courseId: course.id, amount, currency, schoolId, trustId });
  const openReference = open?.providerReference;
  if (openReference) {
    const existing = await call(() => payments.retrieveIntent(openReference));
    if (OPEN_INTENTS.has(existing.status) && existing.clientSecret && existing.amount === amount) {
      return { clientSecret: existing.clientSecret, paymentIntentId: existing.id, amount, currency };
    }
  }

  // Concurrent requests share Stripe's idempotency key, so they get the same intent.
  // Open payments are reused above, so only closed ones (failed, refunded…) start a new
  // attempt. Counting open rows too would let a request that lands just after its twin's
  // insert pick a new key and create a second intent.
  const attempt = await closedAttempts(db, buyer.id, course.id);
  const idempotencyKey = `atrium-${buyer.id}-${course.id}-${amount}-${attempt}${schoolId !== null ? `-school${schoolId}` : ''}${trustId !== null ? `-trust${trustId}` : ''}${currency !== 'gbp' ? `-${currency}` : ''}`;
  const intent = await call(() =>
    payments.createIntent({
      amount,
      currency,
      description: course.title,
      metadata: {
        userId: String(buyer.id),
        courseId: String(course.id),
        ...(schoolId !== null ? { schoolId: String(schoolId) } : {}),
        ...(trustId !== null ? { trustId: String(trustId) } : {}),
      },
      idempotencyKey,
    }),
  );
  await recordPaymentIntent(
    db,
    { userId: buyer.id, courseId: course.id, schoolId, trustId, providerReference: intent.id, idempotencyKey, amount, currency, status: intent.status },
    now,
  );
  if (!intent.clientSecret) throw serviceUnavailable('The card payment service did not return a payment form. Please try again.');
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount, currency };
}

const FULFILLED = new Set<string>(FULFILLED_STATUSES);

/**
 * The buyer came back from the card form: asks the provider how the intent stands and applies it
 * as the webhook would (a succeeded intent enrolls or licenses, once; another status is recorded).
 * CONTRACT: enrollment happens on the webhook or here, whichever comes first. A payment already
 * fulfilled is only read: applying it again on every reload of the return page re-enrolled a
 * learner an admin had removed, restored a revoked licence and turned a refund back into
 * `succeeded`.
 */
export async function reconcileCardPayment(
  db: Db,
  logger: Logger,
  provider: { payments: PaymentProvider; call<T>(request: () => Promise<T>): Promise<T> },
  payment: StoredPayment,
  now: number,
): Promise<PaymentIntentSummary> {
  const reference = payment.providerReference;
  if (!reference) throw notFound('Payment not found');
  const intent = await provider.call(() => provider.payments.retrieveIntent(reference));
  if (!FULFILLED.has(payment.status)) await syncPayment(db, logger, payment, intent, now);
  return intent;
}
