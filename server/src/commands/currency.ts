import type { Db } from '../db/knex.ts';

/** Remembers the currency a signed-in person chose, so it follows them to other devices. */
export async function saveCurrencyChoice(db: Db, userId: number, currency: string): Promise<void> {
  await db('users').where({ id: userId }).update({ currency });
}
