import type { Db } from '../db/knex.ts';

/** The sessions one account keeps at most (a school laptop, a phone, a few browsers, many times over). */
export const SESSIONS_PER_USER = 50;

/** Ends every session a user has (password reset, sign out everywhere, a sign-in method changed). */
export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db('sessions').where({ userId }).delete();
}

/**
 * Makes room for a sign-in: the account keeps its SESSIONS_PER_USER - 1 sessions that lapse last
 * (the ones used most recently) and the older ones end. Without it, a script signing in over and
 * over with its own password would add a row a sign-in, each kept for the idle window.
 */
export async function makeRoomForSession(db: Db, userId: number): Promise<void> {
  const kept = await db('sessions')
    .where({ userId })
    .orderBy('expiresAt', 'desc')
    .limit(SESSIONS_PER_USER - 1)
    .pluck('id');
  if (kept.length < SESSIONS_PER_USER - 1) return;
  await db('sessions').where({ userId }).whereNotIn('id', kept).delete();
}
