import type { Db } from '../db/knex.ts';
import { badRequest } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { passwordChangedMail } from '../mail/templates/passwordChanged.tsx';
import { passwordResetMail } from '../mail/templates/passwordReset.tsx';
import { destroyUserSessions } from './sessions.ts';
import type { User } from '../models/User.ts';
import { findUserByEmail } from '../queries/users.ts';
import type { Mailer } from '../services/mail.ts';
import type { Clock } from '../services/clock.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import { hashToken, newToken } from '../services/tokens.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET = 'This password reset link is invalid or has expired. Please request a new one.';

interface PasswordDeps {
  clock: Clock;
  passwords: PasswordHasher;
  mailer: Mailer;
  brand: MailBrand;
}

/**
 * A single-use reset link, mailed, when the address has an account; nothing otherwise. Returns
 * whether a mail was queued; the caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, mailer: Mailer, brand: MailBrand, email: string, now: number): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  const token = newToken();
  await db.transaction(async (trx) => {
    await trx('passwordResets').insert({ userId: user.id, tokenHash: hashToken(token), expiresAt: now + RESET_TTL_MS, createdAt: now });
    await mailer.send(trx, user.email, passwordResetMail, {
      brand,
      firstName: user.firstName,
      addressVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
      token,
    });
  });
  return true;
}

/**
 * Sets a new password from a reset link: the link is claimed (only one request goes on), every
 * other open link of the account is spent, every session ends (and, when asked, every linked
 * Google / Microsoft sign-in goes) and the owner is told, together.
 */
export async function resetPassword(db: Db, deps: PasswordDeps, input: { token: string; newPassword: string; removeSignIns?: boolean }): Promise<User> {
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const now = deps.clock.now().getTime();
  return db.transaction(async (trx) => {
    const reset = await trx('passwordResets')
      .where({ tokenHash: hashToken(input.token) })
      .first();
    if (!reset || reset.usedAt || Number(reset.expiresAt) < now) throw badRequest(INVALID_RESET);
    const claimed = await trx('passwordResets').where({ id: reset.id }).whereNull('usedAt').update({ usedAt: now });
    if (claimed !== 1) throw badRequest(INVALID_RESET);
    const target = await trx('users').where({ id: reset.userId }).first();
    if (!target) throw badRequest(INVALID_RESET);
    await trx('users').where({ id: target.id }).update({ passwordHash, updatedAt: now });
    await trx('passwordResets').where({ userId: target.id }).whereNull('usedAt').update({ usedAt: now });
    // Offered on the reset page: whoever got into the account may have linked a sign-in of their own.
    if (input.removeSignIns) await trx('userIdentities').where({ userId: target.id }).delete();
    await destroyUserSessions(trx, target.id);
    await deps.mailer.send(trx, target.email, passwordChangedMail, { brand: deps.brand, via: 'reset' });
    return target;
  });
}

/**
 * Changes a signed-in user's password once the current one is confirmed; every session of the
 * account ends (the caller gives the current device a fresh one), every open reset link is spent
 * (one mailed earlier would otherwise set yet another password within its hour) and the owner is
 * told, at a proven address only: anyone can register under someone else's address and change the
 * password in a loop, and the notice would mail that address each time.
 */
export async function changePassword(db: Db, deps: PasswordDeps, user: User, input: { currentPassword: string; newPassword: string }): Promise<void> {
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    throw badRequest('Your current password is not correct', { currentPassword: 'Your current password is not correct' });
  }
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await db.transaction(async (trx) => {
    const now = deps.clock.now().getTime();
    await trx('users').where({ id: user.id }).update({ passwordHash, updatedAt: now });
    await trx('passwordResets').where({ userId: user.id }).whereNull('usedAt').update({ usedAt: now });
    await destroyUserSessions(trx, user.id);
    if (user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined)
      await deps.mailer.send(trx, user.email, passwordChangedMail, { brand: deps.brand, via: 'account' });
  });
}
