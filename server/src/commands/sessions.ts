import type { Db } from '../db/knex.ts';

/** Ends every session a user has (password reset, sign out everywhere, a sign-in method changed). */
export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db('sessions').where({ userId }).delete();
}
