import { notFound } from '../errors.ts';
import type { User } from '../models/User.ts';

/** An order's invoice and a payment's receipt are for the buyer and the agency's admins. */
export const canSeeBillingDocument = (user: User, record: { userId: number }): boolean => user.role === 'admin' || Number(record.userId) === user.id;

/** Someone else's order looks exactly like a missing one, so ids cannot be probed. */
export function requireBillingDocumentAccess<T extends { userId: number }>(user: User, record: T | null | undefined, what: string): asserts record is T {
  if (!record || !canSeeBillingDocument(user, record)) throw notFound(`${what} not found`);
}
