import { countRows, type Db } from '../db/knex.ts';
import { displayName } from '../models/User.ts';
import type { PaymentRow } from '../presenters/orders.ts';
import type { ReceiptSource } from '../services/documents/billingDocuments.ts';
import { purchasableCourse } from './orders.ts';
import { trustById } from './trusts.ts';

/** Stripe's statuses of an intent still waiting for the buyer (or the bank). */
export const OPEN_INTENT_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'] as const;

/**
 * The statuses of a payment already fulfilled: only fulfilment moves a payment to `succeeded`, in
 * the transaction that enrolls or licenses, and a refund moves it on from there.
 */
export const FULFILLED_STATUSES = ['succeeded', 'refunded', 'partially_refunded'] as const;

/** The payment row of a card payment, as stored. */
export interface StoredPayment {
  id: number;
  userId: number;
  courseId: number | null;
  schoolId: number | null;
  trustId: number | null;
  provider: string;
  providerReference: string | null;
  amount: number;
  currency: string;
  status: string;
}

/** A Stripe payment by its intent's id. */
export function stripePayment(db: Db, paymentIntentId: string): Promise<StoredPayment | undefined> {
  return db<StoredPayment>('payments').where({ provider: 'stripe', providerReference: paymentIntentId }).first();
}

/** The buyer's newest open intent for exactly this purchase, which a reload or a double click reuses. */
export function openPayment(
  db: Db,
  purchase: { userId: number; courseId: number; amount: number; currency: string; schoolId: number | null; trustId: number | null },
): Promise<StoredPayment | undefined> {
  return db<StoredPayment>('payments')
    .where({ ...purchase, provider: 'stripe' })
    .whereIn('status', [...OPEN_INTENT_STATUSES])
    .orderBy('id', 'desc')
    .first();
}

/** How many of the buyer's attempts at the course are closed (failed, refunded…): the next attempt's number. */
export function closedAttempts(db: Db, userId: number, courseId: number): Promise<number> {
  return countRows(
    db('payments')
      .where({ userId, courseId })
      .whereNotIn('status', [...OPEN_INTENT_STATUSES]),
  );
}

/** A payment with what its receipt names (undefined when there is none). */
export type ReceiptRow = ReceiptSource & { userId: number; status: string };

/** The payment `where` names, with what its receipt names. */
export async function receiptSource(db: Db, where: Record<string, unknown>): Promise<ReceiptRow | undefined> {
  const row = await db('payments')
    .join('users', 'users.id', 'payments.userId')
    .leftJoin('courses', 'courses.id', 'payments.courseId')
    .leftJoin('schools', 'schools.id', 'payments.schoolId')
    .leftJoin('trusts', 'trusts.id', 'payments.trustId')
    .select(
      'payments.id',
      'payments.userId',
      'payments.status',
      'payments.providerReference',
      'payments.amount',
      'payments.amountRefunded',
      'payments.currency',
      'payments.paidAt',
      'courses.title as courseTitle',
      // A trust's payment names the trust where a school's names the school.
      db.raw('coalesce(??, ??) as ??', ['trusts.name', 'schools.name', 'schoolName']),
      'users.email as buyerEmail',
      'users.firstName',
      'users.lastName',
    )
    .where(where)
    .first();
  if (!row) return undefined;
  return { ...row, buyerName: displayName({ firstName: row.firstName, lastName: row.lastName, email: row.buyerEmail }) };
}

/** One page of every card payment, newest first, with the whole count. */
export async function adminPaymentPage(db: Db, { limit, offset }: { limit: number; offset: number }): Promise<{ rows: PaymentRow[]; total: number }> {
  const total = await countRows(db('payments'));
  const rows: PaymentRow[] = await db('payments')
    .join('users', 'users.id', 'payments.userId')
    .leftJoin('courses', 'courses.id', 'payments.courseId')
    .select('payments.*', 'users.email as buyerEmail', 'courses.title as courseTitle')
    .orderBy('payments.id', 'desc')
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** Sums per stored currency: card payments that succeeded, and invoices issued (and paid). */
export interface SalesSums {
  cards: Array<{ currency: string; count: number | string; amount: number | string | null; refunded: number | string | null }>;
  invoices: Array<{ currency: string; count: number | string; gross: number | string | null; paid: number | string | null }>;
}

export async function salesSums(db: Db): Promise<SalesSums> {
  const [cards, invoices] = await Promise.all([
    db('payments')
      .select('currency')
      .count({ count: '*' })
      .sum({ amount: 'amount', refunded: 'amountRefunded' })
      .where({ status: 'succeeded' })
      .groupBy('currency'),
    db('orders')
      .select('currency')
      .count({ count: '*' })
      .sum({ gross: 'invoiceGross' })
      .select(db.raw("sum(case when status = 'paid' then invoice_gross else 0 end) as paid"))
      .whereNotNull('invoiceNumber')
      .groupBy('currency'),
  ]);
  // knex types count() and sum() loosely; the shapes are the selects above.
  return { cards, invoices } as unknown as SalesSums;
}

/** What a card payment was for: its course (if it still exists) and, for a trust's purchase, the trust. */
export interface PaymentPurchase {
  course: { id: number; title: string } | null;
  trust: { id: number; name: string } | null;
}

export async function paymentPurchase(db: Db, payment: StoredPayment): Promise<PaymentPurchase> {
  const course = payment.courseId ? await purchasableCourse(db, payment.courseId) : null;
  const trust = payment.trustId ? await trustById(db, Number(payment.trustId)) : undefined;
  return { course: course ? { id: course.id, title: course.title } : null, trust: trust ? { id: Number(trust.id), name: trust.name } : null };
}
