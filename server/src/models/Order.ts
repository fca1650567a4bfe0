import type { Discount, DiscountKind, OrderDto } from '@atrium/common';

/**
 * An invoice or purchase-order request as stored in `orders` (no objection model: read with
 * knex): the DTO's fields, with times as epoch milliseconds and the status as stored.
 */
export type OrderRow = Omit<OrderDto, 'status' | 'createdAt' | 'paidAt' | 'reference' | 'invoice' | 'discount'> & {
  status: string;
  createdAt: number;
  paidAt: number | null;
} & Partial<InvoiceColumns> &
  Partial<DiscountColumns>;

/** The issued invoice, on the order's row (null until issued). */
export interface InvoiceColumns {
  invoiceNumber: string | null;
  invoiceIssuedAt: number | null;
  invoiceNet: number | null;
  invoiceTax: number | null;
  invoiceGross: number | null;
  invoiceTaxRate: number | null;
  invoiceTaxNote: string | null;
  invoiceIssuedBy: number | null;
}

/** The discount an admin agreed before issuing (null when none): commands/orderDiscounts.ts. */
export interface DiscountColumns {
  discountKind: DiscountKind | null;
  discountValue: number | null;
  discountReason: string | null;
  discountSetBy: number | null;
  discountSetAt: number | null;
}

/** The row's discount as the tax rule reads it, or null. */
export function discountOf(row: Partial<DiscountColumns>): Discount | null {
  return row.discountKind && row.discountValue !== null && row.discountValue !== undefined
    ? { kind: row.discountKind, value: Number(row.discountValue) }
    : null;
}
