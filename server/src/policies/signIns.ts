import type { Db } from '../db/knex.ts';
import { forbidden } from '../errors.ts';
import type { User } from '../models/User.ts';
import { requiredProviderFor } from '../queries/identityProviders.ts';
import { isAdmin } from './roles.ts';

/** An account without a password links a provider only this soon after signing in. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * A link is a new way into an account for good, and deleting an account cannot be undone, so
 * whoever holds the browser for a moment must be able to do neither. An account with a password
 * proves it is the owner by the password (checked by the route or command); one without (opened by
 * Google, Microsoft, a school's provider or directory sync) needs a sign-in of the last few minutes.
 */
export const isFreshSignIn = (signedInAt: number | undefined, now: number): boolean =>
  signedInAt !== undefined && signedInAt > 0 && now - signedInAt <= FRESH_SIGN_IN_MS;

/** `action` completes "sign in again …, then": "connect Google", "delete your account". */
export function requireFreshSignIn(signedInAt: number | undefined, now: number, action: string): void {
  if (!isFreshSignIn(signedInAt, now)) {
    throw forbidden(`For your safety, sign in again with the sign-in you already have, then ${action} within ${FRESH_SIGN_IN_MS / 60_000} minutes.`);
  }
}

/**
 * Linking starts (GET /api/auth/:provider/start?link=1) only after the owner confirmed it
 * (POST /api/user/sign-ins/:provider/link) in the same session, for the same provider, lately.
 */
export const canStartLinking = (grant: { provider: string; until: number } | undefined, provider: string, now: number): boolean =>
  grant !== undefined && grant.provider === provider && grant.until >= now;

/**
 * A school or trust that requires its own sign-in turns every other way in (password, Google,
 * Microsoft, registering) off for addresses on its proven domains: every address in play is
 * checked (the one typed or vouched for, and the account's own). Admins are never locked out.
 */
export async function schoolSignInRequired(
  db: Db,
  addresses: Array<string | null | undefined>,
  account: Pick<User, 'role'> | null | undefined,
): Promise<boolean> {
  if (account?.role === 'admin') return false;
  for (const email of new Set(addresses)) if (email && (await requiredProviderFor(db, email))) return true;
  return false;
}

/**
 * A school's or trust's own provider never opens an admin account, whether linked to the subject
 * it names or holding the address it vouches for: a school's IT team must not be able to open the
 * agency's accounts.
 */
export const schoolProviderMayOpen = (accounts: ReadonlyArray<Pick<User, 'role'> | undefined>): boolean => !accounts.some((account) => isAdmin(account));
