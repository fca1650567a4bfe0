import { SIGN_IN_PROVIDER_NAMES, type SignInProviderName } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import type { Avatar } from '../models/Avatar.ts';
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

/** The id of the account (not deleted) with this address, as `npm run admin -- remove` names it. */
export async function liveAccountIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const account = await db('users').select('id').where({ email }).whereNull('deletedAt').first();
  return account ? Number(account.id) : undefined;
}

export function userById(db: Db, id: number): Promise<User | undefined> {
  return db<User>('users').where({ id }).first();
}

/** Whether an account with this id (still) exists. */
export async function userExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('users').where({ id }).first('id'));
}

/** Whether the account's address has been confirmed (a verification link, an invitation or a provider vouching for it). */
export async function addressConfirmed(db: Db, id: number): Promise<boolean> {
  const row = await db('users').select('emailVerifiedAt').where({ id }).first();
  return row !== undefined && row.emailVerifiedAt !== null;
}

/** A Google / Microsoft sign-in linked to an account, as its profile lists it. */
export interface LinkedSignInRow {
  provider: SignInProviderName;
  email: string | null;
  createdAt: number | string;
  lastUsedAt: number | string | null;
}

/** The sign-ins linked to the account, by provider. */
export function linkedSignIns(db: Db, userId: number): Promise<LinkedSignInRow[]> {
  // A school's own sign-in (`sso:<id>`) is the school's, not one the person linked: /profile lists Google and Microsoft.
  return db('userIdentities')
    .select('provider', 'email', 'createdAt', 'lastUsedAt')
    .where({ userId })
    .whereIn('provider', SIGN_IN_PROVIDER_NAMES)
    .orderBy('provider') as Promise<LinkedSignInRow[]>;
}

/** The account's uploaded photo, if any. */
export function avatarOf(db: Db, userId: number): Promise<Avatar | undefined> {
  return db<Avatar>('avatars').where({ userId }).first();
}
