import { formatMoney, type OrderDiscountInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { OrderRow } from '../models/Order.ts';

/**
 * The order, locked in the caller's transaction, if its discount may still change: only before
 * its invoice is issued (an issued invoice never changes) and while it awaits payment.
 */
async function changeableOrder(trx: Db, orderId: number): Promise<OrderRow> {
  const row: OrderRow | undefined = await trx('orders').where({ id: orderId }).forUpdate().first();
  if (!row) throw notFound('Order not found');
  if (row.invoiceNumber) throw conflict(`Invoice ${row.invoiceNumber} is already issued: a discount can only be changed before the invoice is issued`);
  if (row.status === 'paid') throw conflict('This order is already paid: its discount can no longer change');
  if (row.status === 'cancelled') throw conflict('This order was cancelled');
  return row;
}

/**
 * An admin agrees a discount on an invoice order before issuing it: a percentage, or an amount
 * no more than the order's price. Setting it again replaces it. The invoice computes its figures
 * from it when issued (commands/invoices.ts).
 */
export async function setOrderDiscount(db: Db, orderId: number, discount: OrderDiscountInput, adminId: number, now: number): Promise<OrderRow> {
  return db.transaction(async (trx) => {
    const row = await changeableOrder(trx, orderId);
    const price = Number(row.amount);
    if (discount.kind === 'amount' && discount.value > price) {
      const currency = String(row.currency).toUpperCase();
      throw badRequest(`The discount is more than the order's price (${formatMoney(price, currency, 'en-GB')})`, {
        value: `At most ${formatMoney(price, currency, 'en-GB')}, the order's price`,
      });
    }
    const changes = { discountKind: discount.kind, discountValue: discount.value, discountReason: discount.reason, discountSetBy: adminId, discountSetAt: now };
    await trx('orders').where({ id: orderId }).update(changes);
    return { ...row, ...changes };
  });
}

/** Takes an order's discount away before its invoice is issued; removing none changes nothing. */
export async function removeOrderDiscount(db: Db, orderId: number): Promise<OrderRow> {
  return db.transaction(async (trx) => {
    const row = await changeableOrder(trx, orderId);
    const changes = { discountKind: null, discountValue: null, discountReason: null, discountSetBy: null, discountSetAt: null };
    if (row.discountKind) await trx('orders').where({ id: orderId }).update(changes);
    return { ...row, ...changes };
  });
}
