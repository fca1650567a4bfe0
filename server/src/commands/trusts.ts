import { DAY_MS } from '@atrium/common';
import { leaveTrustGroupsOfSchool } from './groups.ts';
import type { Db } from '../db/knex.ts';
import { isUniqueViolation } from '../db/knex.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { trustInviteMail } from '../mail/templates/trustInvite.tsx';
import { displayName, type User } from '../models/User.ts';
import { findTrustInvite, trustOfManager } from '../queries/trusts.ts';
import { enqueuePersonalised } from '../services/outbox.ts';
import { hashToken, newToken } from '../services/tokens.ts';
import { gone } from './schools/invites.ts';
import { inTransaction } from './schools/shared.ts';
import { coverAttachedSchool, uncoverDetachedSchool } from './trustLicences.ts';
import { trustInviteProblem } from '../policies/invitations.ts';

// Trusts: an admin creates one and attaches schools to it (a school is in at most one trust);
// its managers are invited by e-mail. Every write is one transaction.

export async function createTrust(db: Db, name: string, now: number): Promise<number> {
  const [id] = await db('trusts').insert({ name, createdAt: now });
  return Number(id);
}

/**
 * Puts an existing school in the trust, which licenses it for every course the trust holds.
 * Attaching it again is a no-op; a school already in another trust is refused naming that trust,
 * and nothing changes (the conditional update makes two admins racing for one school end with one
 * winner).
 */
export async function attachSchool(db: Db, trustId: number, schoolId: number, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const trust = await trx('trusts').select('id').where({ id: trustId }).first();
    if (!trust) throw notFound('Trust not found');
    const claimed = await trx('schools').where({ id: schoolId }).whereNull('trustId').update({ trustId });
    if (claimed === 1) return coverAttachedSchool(trx, trustId, schoolId, now);
    const school = await trx('schools').select('name', 'trustId').where({ id: schoolId }).first();
    if (!school) throw notFound('School not found', 'not_found');
    if (Number(school.trustId) === trustId) return;
    const other = await trx('trusts')
      .select('name')
      .where({ id: Number(school.trustId) })
      .first();
    throw conflict(`${school.name} already belongs to the trust ${other?.name ?? 'another trust'}. A school is in one trust at a time: detach it there first.`);
  });
}

/**
 * A new school, in the trust from the start and licensed for every course the trust holds (issue
 * 53: before, a trust's school existed only once a manager had signed up and created it). It has
 * no manager yet: the admin invites its staff from its page, as for any school.
 */
export async function createTrustSchool(db: Db, trustId: number, input: { name: string; country: string }, now: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const trust = await trx('trusts').select('id').where({ id: trustId }).first();
    if (!trust) throw notFound('Trust not found');
    const [id] = await trx('schools').insert({ name: input.name, country: input.country, trustId, createdAt: now });
    const schoolId = Number(id);
    await coverAttachedSchool(trx, trustId, schoolId, now);
    return schoolId;
  });
}

/**
 * Takes a school out of the trust: it loses the trust's groups and the courses it had only
 * through the trust's licences (its own purchases stay). A school not in this trust answers 404.
 */
export async function detachSchool(db: Db, trustId: number, schoolId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const detached = await trx('schools').where({ id: schoolId, trustId }).update({ trustId: null });
    if (detached !== 1) throw notFound('That school is not in this trust');
    await leaveTrustGroupsOfSchool(trx, trustId, schoolId);
    await uncoverDetachedSchool(trx, schoolId);
  });
}

export const TRUST_INVITE_DAYS = 30;
export const trustInviteUrl = (publicUrl: string, token: string) => `${publicUrl}/trust?invite=${token}`;

type Inviter = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;

/**
 * Mails one person an invitation to manage the trust: a token valid once for 30 days, for that
 * address only. Inviting the same address again withdraws the earlier link. Someone who already
 * manages this trust (its managers see who does) is refused with the reason and nothing is sent.
 * Someone who manages another trust is refused so only when an admin invites (admins see every
 * trust's managers): told to a trust's manager, it would say the address has an account and which
 * role it holds elsewhere, so their invitation goes like any other and accepting it says why not.
 */
export async function inviteTrustManager(
  db: Db,
  deps: { brand: MailBrand; now: number },
  input: { trustId: number; email: string; inviter: Inviter; by: 'admin' | 'trustManager' },
): Promise<void> {
  const { now } = deps;
  await inTransaction(db, async (trx) => {
    const trust = await trx('trusts').select('id', 'name').where({ id: input.trustId }).forUpdate().first();
    if (!trust) throw notFound('Trust not found');
    const account = await trx('users').select('id').where({ email: input.email }).first();
    if (account) {
      const managed = await trustOfManager(trx, Number(account.id));
      if (managed?.trustId === input.trustId) throw conflict(`${input.email} already manages this trust.`);
      if (managed && input.by === 'admin') throw conflict(`${input.email} already manages another trust. A person manages one trust at a time.`);
    }
    await trx('trustInvites').where({ trustId: input.trustId, email: input.email }).whereNull('acceptedAt').whereNull('revokedAt').update({ revokedAt: now });
    const token = newToken();
    await trx('trustInvites').insert({
      trustId: input.trustId,
      email: input.email,
      tokenHash: hashToken(token),
      createdBy: input.inviter.id,
      createdAt: now,
      expiresAt: now + TRUST_INVITE_DAYS * DAY_MS,
      acceptedAt: null,
      revokedAt: null,
    });
    await enqueuePersonalised(
      trx,
      trustInviteMail,
      { brand: deps.brand, inviterName: displayName(input.inviter), trustName: trust.name, days: TRUST_INVITE_DAYS },
      [{ to: input.email, personal: { url: trustInviteUrl(deps.brand.publicUrl, token) } }],
      now,
    );
  });
}

/** Withdraws an invitation that has not been accepted; withdrawing it again changes nothing. */
export async function revokeTrustInvite(db: Db, trustId: number, inviteId: number, now: number): Promise<void> {
  const invite = await db('trustInvites').select('id', 'acceptedAt').where({ id: inviteId, trustId }).first();
  if (!invite) throw notFound('Invitation not found');
  if (invite.acceptedAt !== null) throw conflict('This invitation has been accepted already: remove the manager instead.');
  await db('trustInvites').where({ id: inviteId }).whereNull('revokedAt').update({ revokedAt: now });
}

/**
 * Makes the signed-in person a manager of the trust, in one transaction: only the account with
 * the invited address may accept (and accepting verifies that address); accepting again as the
 * same manager is a success that changes nothing; someone who manages another trust is refused.
 */
export async function acceptTrustInvite(
  db: Db,
  token: string,
  user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>,
  now: number,
): Promise<{ trustId: number }> {
  return inTransaction(db, async (trx) => {
    const invite = await findTrustInvite(trx, token);
    if (!invite) throw notFound('This invitation link is not valid. Check that you copied all of it, or ask for a new one.');
    if (invite.email.toLowerCase() !== user.email.trim().toLowerCase()) {
      throw forbidden(`This invitation was sent to ${invite.email}, and only that account can accept it. You are signed in as ${user.email}.`);
    }
    const trustId = Number(invite.trustId);
    const managed = await trustOfManager(trx, user.id);
    if (managed?.trustId === trustId) return { trustId };
    if (managed) throw conflict('You already manage another trust. A person manages one trust at a time.');
    const problem = trustInviteProblem(invite, now);
    if (problem) throw gone(problem);
    const claimed = await trx('trustInvites').where({ id: invite.id }).whereNull('acceptedAt').whereNull('revokedAt').update({ acceptedAt: now });
    if (claimed !== 1) throw gone('This invitation has been used already.');
    try {
      await trx('trustManagers').insert({ trustId, userId: user.id, joinedAt: now });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict('You already manage another trust. A person manages one trust at a time.');
    }
    if (user.emailVerifiedAt === null || user.emailVerifiedAt === undefined) {
      await trx('users').where({ id: user.id }).whereNull('emailVerifiedAt').update({ emailVerifiedAt: now });
    }
    return { trustId };
  });
}

/** Ends a person's management of the trust (their own account and any school membership stay). */
export async function removeTrustManager(db: Db, trustId: number, userId: number): Promise<void> {
  const removed = await db('trustManagers').where({ trustId, userId }).delete();
  if (removed !== 1) throw notFound('This person does not manage this trust');
}
