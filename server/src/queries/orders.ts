import { countRows, type Db } from '../db/knex.ts';
import type { OrderRow } from '../models/Order.ts';
import type { Course } from '../models/Course.ts';

/** A course with what buying it needs: its title and its prices per currency. */
export type PurchasableCourse = Pick<Course, 'id' | 'title' | 'price' | 'priceUsd' | 'priceEur'>;

/** The course being bought (undefined when there is none). */
export function purchasableCourse(db: Db, courseId: number): Promise<PurchasableCourse | undefined> {
  return db<PurchasableCourse>('courses').where({ id: courseId }).first();
}

export function orderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return db<OrderRow>('orders').where({ id: orderId }).first();
}

/** The buyer's latest orders, newest first. */
export function ordersOf(db: Db, userId: number): Promise<OrderRow[]> {
  return db<OrderRow>('orders').where({ userId }).orderBy('id', 'desc').limit(100);
}

/** An order as the admin's list shows it: with who asked for it. */
export type AdminOrderRow = OrderRow & { buyerEmail: string; buyerFirstName: string | null; buyerLastName: string | null };

/** One page of every order, newest first, with the whole count. */
export async function adminOrderPage(db: Db, { limit, offset }: { limit: number; offset: number }): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const total = await countRows(db('orders'));
  const rows: AdminOrderRow[] = await db('orders')
    .join('users', 'users.id', 'orders.userId')
    .select('orders.*', 'users.email as buyerEmail', 'users.firstName as buyerFirstName', 'users.lastName as buyerLastName')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset);
  return { rows, total };
}
