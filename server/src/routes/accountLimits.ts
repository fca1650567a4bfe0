import type { Db } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import { findUserByEmail } from '../queries/users.ts';
import { callerNetwork } from '../services/callerNetwork.ts';

/**
 * Per-account limits count against the account an address names (its id), never the address as
 * typed: every spelling that reaches one account spends one budget. An address without an
 * account is counted under its (normalised) self, so probing it costs the same.
 */
export const accountKey = (user: Pick<User, 'id'> | null | undefined, email: string): string => (user ? `user:${user.id}` : `address:${email}`);

/**
 * The login-attempt bucket: the account AND the caller's address. Per-account login limits slow
 * a guesser down; they must not lock the owner out. A bucket for the account alone would: anyone
 * could spend it from anywhere and keep a teacher out of their own account for as long as they
 * liked. So the strict per-account budget (`loginAccount`) is spent per address: a guesser
 * exhausts only their own address's share, the owner signing in from any other address (home,
 * phone, another network) is untouched, and each address is also held to the generous
 * `loginAddress` budget across all accounts. A delay that grows per account was considered and
 * not chosen: it does not limit guesses sent in parallel, and a delay anyone can grow is a lock
 * by another name. The accepted cost: someone behind the same address as the owner (one school
 * NAT) can spend that address's share, for 15 minutes at most, and the owner can still sign in
 * from another network or with a linked Google / Microsoft account.
 */
export const loginAttemptKey = (user: Pick<User, 'id'> | null | undefined, email: string, ip: string): string =>
  `${accountKey(user, email)}|${callerNetwork(ip)}`;

/** The budget of verification mails one recipient address gets (`verificationMail`), whichever account asks. */
export const verificationMailKey = (email: string): string => `address:${email.toLowerCase()}`;

const lookups = new WeakMap<object, Promise<User | undefined>>();

/** The account an address names, looked up once per request (the limit's key and the handler share it). */
export function accountByEmail(ctx: object & { deps: { db: Db } }, email: string): Promise<User | undefined> {
  let lookup = lookups.get(ctx);
  if (!lookup) {
    lookup = findUserByEmail(ctx.deps.db, email);
    lookups.set(ctx, lookup);
  }
  return lookup;
}
