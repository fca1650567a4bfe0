import type { Db } from '../db/knex.ts';
import { isUniqueViolation } from '../db/knex.ts';

/**
 * Records a Stripe intent just created. A twin request sharing the idempotency key got the same
 * intent and may have recorded it first: the unique key makes the second insert a no-op.
 */
export async function recordPaymentIntent(
  db: Db,
  payment: {
    userId: number;
    courseId: number;
    schoolId: number | null;
    trustId: number | null;
    providerReference: string;
    idempotencyKey: string;
    amount: number;
    currency: string;
    status: string;
  },
  now: number,
): Promise<void> {
  try {
    await db('payments').insert({ ...payment, provider: 'stripe', createdAt: now, updatedAt: now });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}
