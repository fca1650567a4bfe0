import { notFound } from '../errors.ts';
import type { Db } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import { schoolBuyer } from './schools.ts';
import { trustBuyer } from './trusts.ts';

/**
 * A purchase (an order or a card payment) is anyone's to make for themselves; for a school or a
 * trust, only its managers'. The body names at most one of them (common/schemas/payments.ts).
 */
export async function purchaser(ctx: {
  deps: { db: Db };
  state: { user: User | null };
  input: { body: { schoolId?: number | null; trustId?: number | null } };
}): Promise<void> {
  await schoolBuyer(ctx);
  await trustBuyer(ctx);
}

/** An order's invoice and a payment's receipt are for the buyer and the agency's admins. */
export const canSeeBillingDocument = (user: User, record: { userId: number }): boolean => user.role === 'admin' || Number(record.userId) === user.id;

/** Someone else's order looks exactly like a missing one, so ids cannot be probed. */
export function requireBillingDocumentAccess<T extends { userId: number }>(user: User, record: T | null | undefined, what: string): asserts record is T {
  if (!record || !canSeeBillingDocument(user, record)) throw notFound(`${what} not found`);
}
