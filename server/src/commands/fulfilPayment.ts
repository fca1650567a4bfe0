import type { Logger } from 'pino';
import type { Db } from '../db/knex.ts';
import type { PaymentIntentSummary } from '../services/payments.ts';
import { enroll } from './enroll.ts';
import { licenseSchool } from './schools/licences.ts';
import { licenseTrust } from './trustLicences.ts';
import { membershipOf } from '../queries/memberships.ts';
import { FULFILLED_STATUSES } from '../queries/payments.ts';

const FULFILLED = new Set<string>(FULFILLED_STATUSES);

export interface FulfilResult {
  paymentId: number;
  userId: number;
  courseId: number | null;
  enrolled: boolean;
}

/**
 * Marks a succeeded intent's payment paid and enrolls the payer, in the caller's transaction.
 * Safe to run any number of times for the same intent (webhook redelivery, the return page
 * asking while the webhook is also arriving): a payment is fulfilled once, under its row lock,
 * and a payment already fulfilled (succeeded, or refunded since) is left as it is. A success
 * event Stripe delivers late (it retries for days) must not turn a refund back into `succeeded`,
 * re-enroll a learner an admin removed or restore a licence revoked after the refund.
 * The amount is checked against what we recorded, never taken from the intent alone.
 */
export async function fulfilPayment(trx: Db, intent: PaymentIntentSummary, logger: Logger, now: number): Promise<FulfilResult | null> {
  if (intent.status !== 'succeeded') return null;
  const payment = await trx('payments').where({ provider: 'stripe', providerReference: intent.id }).forUpdate().first();
  if (!payment) {
    logger.warn({ paymentIntentId: intent.id }, 'succeeded payment intent with no payment record: ignored');
    return null;
  }
  if (FULFILLED.has(String(payment.status))) return null;
  if (Number(payment.amount) !== intent.amount || String(payment.currency).toLowerCase() !== intent.currency.toLowerCase()) {
    logger.error({ paymentIntentId: intent.id, expected: payment.amount, got: intent.amount }, 'payment amount mismatch: not enrolling');
    return null;
  }
  await trx('payments').where({ id: payment.id }).update({ status: 'succeeded', paidAt: now, updatedAt: now, failureMessage: null });
  if (payment.courseId === null) return { paymentId: payment.id, userId: payment.userId, courseId: null, enrolled: false };
  if (payment.trustId !== null && payment.trustId !== undefined) {
    // The licence is the trust's, for every school in it now and later, whoever manages it now.
    await licenseTrust(trx, Number(payment.trustId), payment.courseId, 'payment', now);
    return { paymentId: payment.id, userId: payment.userId, courseId: payment.courseId, enrolled: true };
  }
  if (payment.schoolId !== null && payment.schoolId !== undefined) {
    await fulfilForSchool(trx, Number(payment.schoolId), payment.userId, payment.courseId, 'payment', logger, now);
    return { paymentId: payment.id, userId: payment.userId, courseId: payment.courseId, enrolled: true };
  }
  await enroll(trx, payment.userId, payment.courseId, 'payment', now);
  return { paymentId: payment.id, userId: payment.userId, courseId: payment.courseId, enrolled: true };
}

/**
 * A purchase for a school licenses it (every member enrolled). The buyer was one of its managers
 * when they paid (the checkout and the order made sure); the payment completing later gives them
 * no role: a buyer removed from the school in the meantime stays removed (a manager removed them
 * for a reason) and, like one who moved to another school, gets the course personally, so the
 * money is never for nothing.
 */
export async function fulfilForSchool(
  trx: Db,
  schoolId: number,
  buyerId: number,
  courseId: number,
  source: 'payment' | 'order',
  logger: Logger,
  now: number,
): Promise<void> {
  await licenseSchool(trx, schoolId, courseId, source, now);
  const membership = await membershipOf(trx, buyerId);
  if (membership?.schoolId !== schoolId) {
    logger.warn({ schoolId, buyerId, courseId }, 'school purchase paid by someone no longer in that school: enrolled personally');
    await enroll(trx, buyerId, courseId, source, now);
  }
}
