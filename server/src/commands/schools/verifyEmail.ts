import type { Db } from '../../db/knex.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { Mailer } from '../../services/mail.ts';
import type { MailBrand } from '../../mail/render.ts';
import { emailVerificationMail } from '../../mail/templates/emailVerification.tsx';
import { schoolForVerifiedEmail } from '../../queries/domains.ts';
import { hashToken, newToken } from '../../services/tokens.ts';
import { joinSchool } from './membership.ts';
import { inTransaction } from './shared.ts';

const VERIFY_TTL_MS = 48 * 60 * 60 * 1000;
export const INVALID_VERIFICATION = 'This verification link is invalid, has expired or has already been used. Ask for a new one from your account page.';

/** Writes a single-use verification token and its mail, in the caller's transaction or a new one. */
export async function sendEmailVerification(db: Db, mailer: Mailer, config: MailBrand, user: { id: number; email: string }, now: number): Promise<void> {
  const token = newToken();
  await inTransaction(db, async (trx) => {
    await trx('emailVerifications').insert({ userId: user.id, tokenHash: hashToken(token), expiresAt: now + VERIFY_TTL_MS, createdAt: now });
    await mailer.send(trx, user.email, emailVerificationMail, { brand: config, token });
  });
}

export const VERIFY_OTHER_ACCOUNT =
  'This verification link is for another account. Sign out, then sign in to the account the e-mail was sent for and open the link again.';

/**
 * Marks the address verified (single use: only the request that claims the token goes on) and,
 * when its domain is a verified school domain, joins that school, all in one transaction.
 * Someone already in a school stays where they are.
 *
 * Only the account's own signed-in owner verifies it. Anyone can register an account under
 * someone else's address; were the link enough, the mailbox owner clicking it would vouch for an
 * account they never made (and pull it into their school). A link opened as another account
 * refuses and is not spent, so its owner can still use it.
 */
export async function verifyEmail(db: Db, token: string, signedInUserId: number, now: number): Promise<{ userId: number; joinedSchoolId: number | null }> {
  return inTransaction(db, async (trx) => {
    const row = await trx('emailVerifications')
      .where({ tokenHash: hashToken(token) })
      .first();
    if (!row || row.usedAt !== null || Number(row.expiresAt) < now) throw badRequest(INVALID_VERIFICATION);
    if (Number(row.userId) !== signedInUserId) throw forbidden(VERIFY_OTHER_ACCOUNT);
    const claimed = await trx('emailVerifications').where({ id: row.id }).whereNull('usedAt').update({ usedAt: now });
    if (claimed !== 1) throw badRequest(INVALID_VERIFICATION);
    const user = await trx('users').select('id', 'email', 'emailVerifiedAt', 'deletedAt').where({ id: row.userId }).first();
    if (!user || user.deletedAt !== null) throw badRequest(INVALID_VERIFICATION);
    if (user.emailVerifiedAt === null) await trx('users').where({ id: user.id }).update({ emailVerifiedAt: now, updatedAt: now });
    const schoolId = await schoolForVerifiedEmail(trx, user.email);
    if (schoolId === null) return { userId: Number(user.id), joinedSchoolId: null };
    const outcome = await joinSchool(trx, Number(user.id), schoolId, 'member', now);
    return { userId: Number(user.id), joinedSchoolId: outcome.status === 'other-school' ? null : schoolId };
  });
}
