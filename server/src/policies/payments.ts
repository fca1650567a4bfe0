import { notFound } from '../errors.ts';
import type { User } from '../models/User.ts';

/** A card payment's status is for the person who paid. */
export const canSeePayment = (user: User, payment: { userId: number }): boolean => Number(payment.userId) === user.id;

/** Someone else's payment looks exactly like a missing one, so ids cannot be probed. */
export function requirePaymentOwner<T extends { userId: number }>(user: User, payment: T | null | undefined): asserts payment is T {
  if (!payment || !canSeePayment(user, payment)) throw notFound('Payment not found');
}
