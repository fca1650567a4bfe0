import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { Db } from '../db/knex.ts';
import type { OrderRow } from '../models/Order.ts';
import type { User } from '../models/User.ts';
import { orderById } from '../queries/orders.ts';
import { receiptSource, type ReceiptRow } from '../queries/payments.ts';
import { isAdmin } from './roles.ts';
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

/**
 * An invoice request mails the agency's support inbox and a receipt to the buyer, so it is the
 * invitations' rule (policies/invitations.ts): the caller's own address must be verified, or
 * anyone could have the agency's branded mail carry their words to an address they made up.
 * The billing address they type hears from us only when an admin issues the invoice. Unlike a
 * card payment, which mails nobody, so it is open to every purchaser.
 */
export function invoiceRequestRefusal(user: User): string | null {
  if (user.emailVerifiedAt === null || user.emailVerifiedAt === undefined) {
    return 'Confirm your own e-mail address before requesting an invoice: open the link we e-mailed you (your profile page can send it again).';
  }
  return null;
}

/** POST /api/orders: a purchaser (as above) whose own address is verified. */
export async function invoiceRequester(ctx: Parameters<typeof purchaser>[0]): Promise<void> {
  const refusal = invoiceRequestRefusal(ctx.state.user!);
  if (refusal) throw forbidden(refusal);
  await purchaser(ctx);
}

/** An order's invoice and a payment's receipt are for the buyer and the agency's admins. */
export const canSeeBillingDocument = (user: User, record: { userId: number }): boolean => isAdmin(user) || Number(record.userId) === user.id;

/** Someone else's order looks exactly like a missing one, so ids cannot be probed. */
export function requireBillingDocumentAccess<T extends { userId: number }>(user: User, record: T | null | undefined, what: string): asserts record is T {
  if (!record || !canSeeBillingDocument(user, record)) throw notFound(`${what} not found`);
}

/** The billing document the caller may fetch: signed in, and its buyer or an admin (404 otherwise). */
function billingDocumentFor<T extends { userId: number }>(user: User | null, record: T | undefined, what: string): T {
  if (!user) throw unauthorized();
  requireBillingDocumentAccess(user, record, what);
  return record;
}

/** `GET /api/orders/:id/invoice.pdf`: the order's buyer or an admin. Leaves the order on `ctx.state.order`. */
export async function invoiceHolder(ctx: {
  deps: { db: Db };
  state: { user: User | null; order?: OrderRow };
  input: { params: { id: number } };
}): Promise<void> {
  ctx.state.order = billingDocumentFor(ctx.state.user, await orderById(ctx.deps.db, ctx.input.params.id), 'Invoice');
}

/** `GET /api/payments/:paymentIntentId/receipt.pdf`: the payment's buyer or an admin. Leaves it on `ctx.state.receipt`. */
export async function receiptHolder(ctx: {
  deps: { db: Db };
  state: { user: User | null; receipt?: ReceiptRow };
  input: { params: { paymentIntentId: string } };
}): Promise<void> {
  const where = { 'payments.provider': 'stripe', 'payments.providerReference': ctx.input.params.paymentIntentId };
  ctx.state.receipt = billingDocumentFor(ctx.state.user, await receiptSource(ctx.deps.db, where), 'Receipt');
}
