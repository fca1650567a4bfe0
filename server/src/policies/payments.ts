import type { Db } from '../db/knex.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { trustLicenceInForce } from '../queries/licences.ts';
import { paymentPurchase, stripePayment, type StoredPayment } from '../queries/payments.ts';
import { courseAccess } from './courseAccess.ts';

/** A card payment's status is for the person who paid. */
export const canSeePayment = (user: User, payment: { userId: number }): boolean => Number(payment.userId) === user.id;

/** Someone else's payment looks exactly like a missing one, so ids cannot be probed. */
export function requirePaymentOwner<T extends { userId: number }>(user: User, payment: T | null | undefined): asserts payment is T {
  if (!payment || !canSeePayment(user, payment)) throw notFound('Payment not found');
}

/**
 * `GET /api/payments/:paymentIntentId`: the caller paid it (anyone else's, or none, is a 404).
 * Leaves the payment on `ctx.state.payment` for the handler.
 */
export async function paymentOwner(ctx: {
  state: { user: User | null; payment?: StoredPayment };
  deps: { db: Db };
  input: { params: { paymentIntentId: string } };
}): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const payment = await stripePayment(ctx.deps.db, ctx.input.params.paymentIntentId);
  requirePaymentOwner(user, payment);
  ctx.state.payment = payment;
}

/** What a card payment bought, as its buyer's status page reads it once the payment is synced. */
export interface PaymentOutcome {
  course: { id: number; title: string } | null;
  trustName: string | null;
  /** The buyer holds the course now (a trust's purchase: the trust's licence is in force; its buyer need not be in a school). */
  enrolled: boolean;
}

/** The buyer's standing after their payment: enrolled as the course's access policy says, or the trust licensed. */
export async function paymentOutcome(db: Db, buyer: User, payment: StoredPayment): Promise<PaymentOutcome> {
  const { course, trust } = await paymentPurchase(db, payment);
  const enrolled = !course
    ? false
    : trust
      ? await trustLicenceInForce(db, trust.id, course.id)
      : (await courseAccess(db, buyer, course.id, 'enrollment')).enrolled;
  return { course, trustName: trust?.name ?? null, enrolled };
}
