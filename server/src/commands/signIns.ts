import type { SignInProviderName } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { conflict, notFound } from '../errors.ts';
import { destroyUserSessions } from './sessions.ts';
import type { User } from '../models/User.ts';
import { hasPassword } from './signInWithProvider.ts';

/** Ends every session of the account and, when asked, unlinks its Google / Microsoft sign-ins, together. */
export async function signOutEverywhere(db: Db, user: User, removeSignIns: boolean): Promise<void> {
  if (removeSignIns && !hasPassword(user)) {
    throw conflict('Your linked sign-ins are your only way in. Set a password first (use "Forgot your password?" on the sign-in page), then remove them.');
  }
  await db.transaction(async (trx) => {
    if (removeSignIns) await trx('userIdentities').where({ userId: user.id }).delete();
    await destroyUserSessions(trx, user.id);
  });
}

/** Unlinks one provider's sign-ins from the account, unless that would leave no way in. */
export async function removeSignIn(db: Db, user: User, provider: SignInProviderName): Promise<void> {
  await db.transaction(async (trx) => {
    const links: Array<{ id: number; provider: string }> = await trx('userIdentities').select('id', 'provider').where({ userId: user.id }).forUpdate();
    const target = links.filter((link) => link.provider === provider);
    if (!target.length) throw notFound(`No ${provider} sign-in is linked to your account`);
    if (!hasPassword(user) && links.length === target.length) {
      throw conflict('This is your only way to sign in. Set a password first (use "Forgot password" on the sign-in page), then remove it.');
    }
    await trx('userIdentities').where({ userId: user.id, provider }).delete();
  });
}
