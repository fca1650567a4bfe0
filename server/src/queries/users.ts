import type { Db } from '../db/knex.ts';
import type { User } from '../models/User.ts';

/**
 * The account with exactly this address (already normalised by common's `normalizeEmail`).
 * MariaDB's `utf8mb4_unicode_ci` would also return a row spelt `josé@` for `jose@`; addresses are
 * stored in one spelling now, but rows written before that may not be, so the match is checked
 * byte for byte here, alike on every database.
 */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const user = await db('users').where({ email }).first();
  return user && user.email === email ? user : undefined;
}
