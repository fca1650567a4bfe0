import { emailDomain, SIGN_IN_PROVIDER_LABELS } from '@atrium/common';
import { isUniqueViolation, type Db } from '../db/knex.ts';
import type { MailBrand } from '../mail/render.ts';
import { signInChangedMail } from '../mail/templates/signInChanged.tsx';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import type { User } from '../models/User.ts';
import { destroyUserSessions } from './sessions.ts';
import { findUserByEmail } from '../queries/users.ts';
import type { Mailer } from '../services/mail.ts';
import { isSsoProvider, type ProviderIdentity } from '../services/signIn/claims.ts';
import { SignInError } from '../services/signIn/errors.ts';
import { schoolSignInRequired } from '../policies/signIns.ts';
import { googleWorkspaceFor, schoolForVerifiedEmail } from '../queries/domains.ts';
import { joinSchool } from './schools/membership.ts';
import { inTransaction } from './schools/shared.ts';

/**
 * The password hash of an account made by a provider sign-in: no password at all. argon2 cannot
 * verify anything against it, so password sign-in fails until the person sets one through
 * "forgot password".
 */
export const NO_PASSWORD = '';
export const hasPassword = (user: Pick<User, 'passwordHash'>): boolean => user.passwordHash !== NO_PASSWORD && !user.passwordHash.startsWith('!deleted:');

export type ProviderSignInOutcome = { user: User; created: boolean; linked: boolean; claimed: boolean; joinedSchoolId: number | null };
type SignInDeps = { mailer: Mailer; brand: MailBrand; now: number };

/**
 * The account a provider sign-in opens, in one transaction:
 * 1. the account already linked to this provider subject (whatever its address is now);
 * 2. else the account with the same address, linked now only when the provider vouches for the
 *    address (a provider that does not could otherwise hand someone else's account to whoever
 *    typed that address there), and the address is told by mail, as a link made from /profile is;
 * 3. else a new account from the token's name and address, without a password, only when the
 *    provider vouches for the address. An address it does not vouch for never becomes an account
 *    the provider subject owns: the person registers with it (and confirms it by mail) and links
 *    the provider from /profile afterwards.
 * An address the provider vouches for counts as verified: when the account's own address is that
 * address, it is marked verified and joins the school whose verified domain it is on, exactly as
 * verifying it by e-mail would (verifyEmail). When the account's address had never been verified,
 * the provider's proof wins over whatever else opens it (claimAccount). Before any of this, a
 * Google account outside the Workspace a school requires for the address is refused
 * (requireWorkspaceAccount).
 */
export async function signInWithProvider(db: Db, deps: SignInDeps, identity: ProviderIdentity): Promise<ProviderSignInOutcome> {
  try {
    return await inTransaction(db, (trx) => resolveAccount(trx, deps, identity));
  } catch (error) {
    // Two first sign-ins racing (a double click on the provider's page): the unique keys let one
    // in; the second finds what the first made.
    if (!isUniqueViolation(error)) throw error;
    return inTransaction(db, (trx) => resolveAccount(trx, deps, identity));
  }
}

const vouchesFor = (identity: ProviderIdentity, user: User) => identity.emailVerified && identity.email === user.email.toLowerCase();

/**
 * A school that set a Google Workspace for one of its proven domains accepts Google accounts with
 * addresses there only when that Workspace manages them (the id token's `hd`): a personal Google
 * account someone opened with a school address (a former member of staff, say) is refused. Every
 * address in play is checked: the token's, and the one last seen on an existing link, so a token
 * asked for without the email scope does not slip past on an old link.
 */
async function requireWorkspaceAccount(trx: Db, identity: ProviderIdentity, addresses: Array<string | null | undefined>): Promise<void> {
  if (identity.provider !== 'google') return;
  for (const email of new Set(addresses)) {
    if (!email) continue;
    const workspace = await googleWorkspaceFor(trx, email);
    if (workspace !== null && identity.hostedDomain !== workspace) {
      throw new SignInError(
        'hd_mismatch',
        `addresses at ${emailDomain(email)} need a Google account of the Workspace ${workspace}; the token's hd is ${identity.hostedDomain ?? 'absent'}`,
      );
    }
  }
}

/** Google or Microsoft for an address whose school requires its own sign-in: refused (admins excepted). */
async function requireSchoolSignIn(trx: Db, identity: ProviderIdentity, addresses: Array<string | null | undefined>, account: User | undefined): Promise<void> {
  if (isSsoProvider(identity.provider)) return;
  if (await schoolSignInRequired(trx, addresses, account))
    throw new SignInError('sso_required', `${identity.provider} sign-in for ${identity.email ?? 'a linked account'}, whose school requires its own sign-in`);
}

async function resolveAccount(trx: Db, deps: SignInDeps, identity: ProviderIdentity): Promise<ProviderSignInOutcome> {
  const { now } = deps;
  const link = await trx('userIdentities').where({ provider: identity.provider, subject: identity.subject }).first();
  await requireWorkspaceAccount(trx, identity, [identity.email, link?.email]);
  if (link) {
    const user = await trx('users').where({ id: link.userId }).first();
    if (!user || user.deletedAt !== null) throw new SignInError('invalid', 'the linked account is gone');
    await requireSchoolSignIn(trx, identity, [identity.email, link.email, user.email], user);
    await trx('userIdentities').where({ id: link.id }).update({ lastUsedAt: now, email: identity.email });
    const claimed = user.emailVerifiedAt === null && vouchesFor(identity, user);
    if (claimed) await claimAccount(trx, deps, user, identity);
    // A returning person joins by domain only the first time their address is vouched for: a
    // manager who later removed them from the school is not overruled at every sign-in.
    const joinedSchoolId = await vouchedAddress(trx, user, identity, now, user.emailVerifiedAt === null || claimed);
    return { user, created: false, linked: false, claimed, joinedSchoolId };
  }
  if (!identity.email) throw new SignInError('no_email', `${identity.provider} gave no e-mail address`);
  // One message whether or not an account exists, so the refusal tells nobody who has one.
  if (!identity.emailVerified) throw new SignInError('unverified', `${identity.provider} does not vouch for ${identity.email}`);
  const existing = await findUserByEmail(trx, identity.email);
  await requireSchoolSignIn(trx, identity, [identity.email], existing);
  if (existing) {
    if (existing.deletedAt !== null) throw new SignInError('invalid', 'the account with this address was deleted');
    const claimed = existing.emailVerifiedAt === null;
    if (claimed) await claimAccount(trx, deps, existing, identity);
    // The owner of an account opened by its password until now learns that this provider opens it too.
    else await mailLinked(trx, deps, existing, identity);
    await insertLink(trx, existing.id, identity, now);
    const joinedSchoolId = await vouchedAddress(trx, existing, identity, now, true);
    return { user: existing, created: false, linked: true, claimed, joinedSchoolId };
  }
  const user = await insertAndFetch(trx, 'users', {
    email: identity.email,
    passwordHash: NO_PASSWORD,
    firstName: identity.givenName,
    lastName: identity.familyName,
    company: null,
    profileImageUrl: null,
    role: 'learner',
    createdAt: now,
    updatedAt: now,
  });
  await insertLink(trx, user.id, identity, now);
  const joinedSchoolId = await vouchedAddress(trx, user, identity, now, true);
  return { user, created: true, linked: true, claimed: false, joinedSchoolId };
}

const insertLink = (trx: Db, userId: number, identity: ProviderIdentity, now: number) =>
  trx('userIdentities').insert({ userId, provider: identity.provider, subject: identity.subject, email: identity.email, createdAt: now, lastUsedAt: now });

/**
 * Pre-account takeover: anyone can register a password account under a teacher's address
 * without reading its mail, then wait for the teacher to sign in with Google and work inside it.
 * So when a provider proves the address of an account whose address was never verified, that
 * proof wins: the password nobody proved goes, every other linked sign-in goes, every session
 * ends, open reset and verification links are spent, the name becomes the provider's, and the
 * address is told by mail. The account's school and courses stay; the mail asks the person to
 * check them.
 */
async function claimAccount(trx: Db, deps: SignInDeps, user: User, identity: ProviderIdentity): Promise<void> {
  const { now } = deps;
  const names = identity.givenName || identity.familyName ? { firstName: identity.givenName, lastName: identity.familyName } : {};
  await trx('users')
    .where({ id: user.id })
    .update({ passwordHash: NO_PASSWORD, emailVerifiedAt: now, updatedAt: now, ...names });
  Object.assign(user, { passwordHash: NO_PASSWORD, emailVerifiedAt: now }, names);
  await trx('userIdentities')
    .where({ userId: user.id })
    .whereNot((w) => w.where({ provider: identity.provider, subject: identity.subject }))
    .delete();
  await destroyUserSessions(trx, user.id);
  await trx('passwordResets').where({ userId: user.id }).whereNull('usedAt').update({ usedAt: now });
  await trx('emailVerifications').where({ userId: user.id }).whereNull('usedAt').update({ usedAt: now });
  await deps.mailer.send(trx, user.email, signInChangedMail, {
    brand: deps.brand,
    providerLabel: providerLabel(identity),
    event: 'claimed',
  });
}

/**
 * Tells the account's address that a provider account now opens it (from /profile or at sign-in),
 * so an owner who did not link it finds out: when the address is proven (verified, or vouched for
 * by this provider), never an address someone typed at registration, which linking and unlinking in
 * a loop would otherwise mail each time.
 */
async function mailLinked(trx: Db, deps: SignInDeps, user: User, identity: ProviderIdentity): Promise<void> {
  if ((user.emailVerifiedAt ?? null) === null && !vouchesFor(identity, user)) return;
  await deps.mailer.send(trx, user.email, signInChangedMail, { brand: deps.brand, providerLabel: providerLabel(identity), event: 'linked' });
}

/** How a mail names the provider: Google / Microsoft, or the school's own sign-in. */
const providerLabel = (identity: ProviderIdentity) => (isSsoProvider(identity.provider) ? 'your school’s sign-in' : SIGN_IN_PROVIDER_LABELS[identity.provider]);

/** Marks the account's address verified when the provider vouches for that very address, and joins its school by domain. */
async function vouchedAddress(trx: Db, user: User, identity: ProviderIdentity, now: number, join: boolean): Promise<number | null> {
  if (!vouchesFor(identity, user)) return null;
  if (user.emailVerifiedAt === null) {
    await trx('users').where({ id: user.id }).update({ emailVerifiedAt: now, updatedAt: now });
    user.emailVerifiedAt = now;
  }
  if (!join) return null;
  const schoolId = await schoolForVerifiedEmail(trx, user.email);
  if (schoolId === null) return null;
  const outcome = await joinSchool(trx, user.id, schoolId, 'member', now);
  return outcome.status === 'joined' ? schoolId : null;
}

/**
 * Links the provider account to a person who is signed in (from /profile), whatever its address:
 * they proved both. A provider account already linked to someone else is refused; linking again
 * changes nothing; a second account of the same provider replaces the first. When the provider
 * vouches for the person's own address it counts as verified, as at sign-in. A new link is told to
 * the account's address by mail, so an owner who did not make it finds out.
 */
export async function linkProvider(
  db: Db,
  deps: SignInDeps,
  userId: number,
  identity: ProviderIdentity,
): Promise<{ user: User; joinedSchoolId: number | null }> {
  return inTransaction(db, async (trx) => {
    const user = await trx('users').where({ id: userId }).first();
    if (!user || user.deletedAt !== null) throw new SignInError('invalid', 'the account being linked is gone');
    const link = await trx('userIdentities').where({ provider: identity.provider, subject: identity.subject }).first();
    if (link && Number(link.userId) !== userId)
      throw new SignInError('linked_elsewhere', `${identity.provider} ${identity.subject} is linked to user ${link.userId}`);
    await requireWorkspaceAccount(trx, identity, [identity.email, link?.email]);
    if (link) {
      await trx('userIdentities').where({ id: link.id }).update({ lastUsedAt: deps.now, email: identity.email });
    } else {
      await trx('userIdentities').where({ userId, provider: identity.provider }).delete();
      await trx('userIdentities').insert({
        userId,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
        createdAt: deps.now,
        lastUsedAt: deps.now,
      });
      await mailLinked(trx, deps, user, identity);
    }
    const joinedSchoolId = await vouchedAddress(trx, user, identity, deps.now, user.emailVerifiedAt === null);
    return { user, joinedSchoolId };
  });
}
