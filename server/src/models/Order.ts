import type { OrderDto } from '@atrium/common';

/**
 * An invoice or purchase-order request as stored in `orders` (no objection model: read with
 * knex): the DTO's fields, with times as epoch milliseconds and the status as stored.
 */
export type OrderRow = Omit<OrderDto, 'status' | 'createdAt' | 'paidAt' | 'reference'> & {
  status: string;
  createdAt: number;
  paidAt: number | null;
};
