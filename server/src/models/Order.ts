import type { OrderDto } from '@atrium/common';

/**
 * An invoice or purchase-order request as stored in `orders` (no objection model: read with
 * knex): the DTO's fields, with times as epoch milliseconds and the status as stored.
 */
export type OrderRow = Omit<OrderDto, 'status' | 'createdAt' | 'paidAt' | 'reference' | 'invoice'> & {
  status: string;
  createdAt: number;
  paidAt: number | null;
} & Partial<InvoiceColumns>;

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
