import type { Logger } from 'pino';
import { isUniqueViolation, type Db } from '../db/knex.ts';
import type { PaymentEvent, PaymentIntentSummary } from '../services/payments.ts';
import { FULFILLED_STATUSES } from '../queries/payments.ts';
import { fulfilPayment } from './fulfilPayment.ts';

/**
 * Applies one verified Stripe event in one transaction: recorded once by its id (a redelivery
 * does nothing), then a success fulfils, a failure is noted, a refund is recorded for the admins
 * (it does not unenroll). Returns false for a redelivery.
 */
export async function applyPaymentEvent(db: Db, logger: Logger, event: PaymentEvent, now: number): Promise<boolean> {
  const reference = event.intent?.id ?? event.charge?.paymentIntentId ?? null;
  return db.transaction(async (trx) => {
    try {
      await trx('paymentEvents').insert({ eventId: event.id, type: event.type, providerReference: reference, receivedAt: now });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    if (event.type === 'payment_intent.succeeded' && event.intent) {
      await fulfilPayment(trx, event.intent, logger, now);
    } else if (event.type === 'payment_intent.payment_failed' && event.intent) {
      await trx('payments')
        .where({ provider: 'stripe', providerReference: event.intent.id })
        // A failure reported late (Stripe retries) never overwrites a payment already fulfilled or refunded.
        .whereNotIn('status', [...FULFILLED_STATUSES])
        .update({ status: 'failed', failureMessage: event.intent.failureMessage, updatedAt: now });
    } else if (event.type === 'charge.refunded' && event.charge?.paymentIntentId) {
      await trx('payments')
        .where({ provider: 'stripe', providerReference: event.charge.paymentIntentId })
        .update({
          status: event.charge.refunded ? 'refunded' : 'partially_refunded',
          amountRefunded: event.charge.amountRefunded,
          refundedAt: now,
          updatedAt: now,
        });
    }
    return true;
  });
}

/**
 * What the return page learns from Stripe, applied to our record: a success fulfils (as the
 * webhook would, idempotently), any other change of status is noted unless already paid.
 */
export async function syncPayment(db: Db, logger: Logger, payment: { id: number; status: string }, intent: PaymentIntentSummary, now: number): Promise<void> {
  await db.transaction(async (trx) => {
    if (intent.status === 'succeeded') {
      await fulfilPayment(trx, intent, logger, now);
    } else if (payment.status !== intent.status && payment.status !== 'succeeded') {
      // Guarded in the statement too: the webhook may have fulfilled it since `payment` was read.
      await trx('payments')
        .where({ id: payment.id })
        .whereNotIn('status', [...FULFILLED_STATUSES])
        .update({ status: intent.status, failureMessage: intent.failureMessage, updatedAt: now });
    }
  });
}
