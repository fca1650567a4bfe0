import type { InvoiceColumns, Order } from '../db/tables.ts';

export type { InvoiceColumns };

/** An order as the commands answer it: the row, with the invoice columns only once they are read. */
export type OrderRow = Omit<Order, keyof InvoiceColumns | 'markedPaidBy'> & Partial<InvoiceColumns> & { markedPaidBy?: number | null };
