import type { Discount } from '@atrium/common';
import type { DiscountColumns, InvoiceColumns, Order } from '../db/tables.ts';

export type { DiscountColumns, InvoiceColumns };

/** An order as the commands answer it: the row, with the invoice and discount columns only once they are read. */
export type OrderRow = Omit<Order, keyof InvoiceColumns | keyof DiscountColumns | 'markedPaidBy'> &
  Partial<InvoiceColumns> &
  Partial<DiscountColumns> & { markedPaidBy?: number | null };

/** The row's discount as the tax rule reads it, or null. */
export function discountOf(row: Partial<DiscountColumns>): Discount | null {
  return row.discountKind && row.discountValue !== null && row.discountValue !== undefined
    ? { kind: row.discountKind, value: Number(row.discountValue) }
    : null;
}
