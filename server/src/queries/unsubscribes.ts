import type { Db } from '../db/knex.ts';

/** Whether the user has unsubscribed from this category of mail. */
export async function isUnsubscribed(db: Db, userId: number, category: string): Promise<boolean> {
  return Boolean(await db('unsubscribes').where({ userId, category }).first('userId'));
}
