import { DAY_MS } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { forbidden, HttpError, notFound } from '../../errors.ts';
import { hashToken, newToken } from '../../services/tokens.ts';
import { displayName, type User } from '../../models/User.ts';
import type { MailBrand } from '../../mail/render.ts';
import { enqueuePersonalised } from '../../services/outbox.ts';
import { schoolInviteMail } from '../../mail/templates/schoolInvite.tsx';
import { inviteProblem } from '../../policies/invitations.ts';
import { INVITE_COLUMNS, type InviteRow, findInvite } from '../../queries/invitations.ts';
import { membershipOf } from '../../queries/memberships.ts';
import { inTransaction } from './shared.ts';
import { joinSchool, otherSchoolConflict, type JoinOutcome } from './membership.ts';
import { joinInvitedGroups } from '../groups.ts';

const CHUNK = 500;

export const gone = (message: string) => new HttpError(410, 'gone', message);
export const unknownInvite = () => notFound('This invite link is not valid. Check that you copied all of it, or ask your school manager for a new one.');

/** A new invite link; the token is returned once and only its hash is stored. */
export async function createInvite(
  db: Db,
  schoolId: number,
  createdBy: number,
  options: { expiresInDays?: number; maxUses?: number },
  now: number,
): Promise<{ token: string; invite: InviteRow }> {
  const token = newToken();
  const row = {
    schoolId,
    tokenHash: hashToken(token),
    createdBy,
    createdAt: now,
    expiresAt: options.expiresInDays ? now + options.expiresInDays * DAY_MS : null,
    maxUses: options.maxUses ?? null,
    uses: 0,
    revokedAt: null,
  };
  const [id] = await db('schoolInvites').insert(row);
  return { token, invite: { ...row, id: Number(id), email: null, firstName: null, lastName: null, sentAt: null } };
}

/** Addresses compared the way accounts are found: trimmed, lower-case. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const wrongAccount = (invitedEmail: string, signedInEmail: string) =>
  forbidden(
    `This invitation was sent to ${invitedEmail}, and only that account can accept it. You are signed in as ${signedInEmail}: sign out, then sign in or create an account with ${invitedEmail}.`,
  );

/**
 * Joins the school through an invite, in one transaction. A member of that school accepting
 * again gets a success and uses nothing up; a use is counted only by the update that still finds
 * room under maxUses, so two people racing for the last use cannot both get in. An invitation
 * mailed to one address is accepted only by the account with that address, and accepting it
 * verifies the address: the token arrived in that mailbox.
 */
export async function acceptInvite(
  db: Db,
  token: string,
  user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>,
  now: number,
): Promise<{ schoolId: number; outcome: JoinOutcome }> {
  return inTransaction(db, async (trx) => {
    const invite = await findInvite(trx, token);
    if (!invite) throw unknownInvite();
    if (invite.email !== null && !sameAddress(invite.email, user.email)) throw wrongAccount(invite.email, user.email);
    const schoolId = Number(invite.schoolId);
    const current = await membershipOf(trx, user.id);
    if (current?.schoolId === schoolId) return { schoolId, outcome: await joinSchool(trx, user.id, schoolId, 'member', now) };
    if (current) throw otherSchoolConflict();
    const problem = inviteProblem(invite, now);
    if (problem) throw gone(problem);
    const claimed = await trx('schoolInvites')
      .where({ id: invite.id })
      .whereNull('revokedAt')
      .where((w) => w.whereNull('maxUses').orWhere('uses', '<', trx.ref('maxUses')))
      .increment('uses', 1);
    if (claimed !== 1) throw gone(inviteProblem({ ...invite, uses: Number(invite.maxUses ?? 0) }, now) ?? 'This invite link can no longer be used.');
    const outcome = await joinSchool(trx, user.id, schoolId, 'member', now);
    if (outcome.status === 'other-school') throw otherSchoolConflict();
    // A roster invitation may name groups: the person joins them now (their new-staff days start today).
    await joinInvitedGroups(trx, invite.id, user.id, schoolId, now);
    if (invite.email !== null && (user.emailVerifiedAt === null || user.emailVerifiedAt === undefined)) {
      await trx('users').where({ id: user.id }).whereNull('emailVerifiedAt').update({ emailVerifiedAt: now });
    }
    // The profile's "School or company", when the person left it empty, is the school they joined.
    const school = await trx('schools').select('name').where({ id: schoolId }).first();
    if (school) {
      await trx('users')
        .where({ id: user.id })
        .where((w) => w.whereNull('company').orWhere('company', ''))
        .update({ company: school.name });
    }
    return { schoolId, outcome };
  });
}

/** Withdraws a link or a person's invitation; withdrawing it again changes nothing. */
export async function revokeInvite(db: Db, schoolId: number, inviteId: number, now: number): Promise<void> {
  const invite = await db('schoolInvites').where({ id: inviteId, schoolId }).first();
  if (!invite) throw notFound('Invite not found');
  if (invite.revokedAt === null) await db('schoolInvites').where({ id: inviteId }).update({ revokedAt: now });
}

export const EMAILED_INVITE_DAYS = 30;
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/join?token=${token}`;

export interface InvitationSender {
  brand: MailBrand;
  now: number;
  /** Invitation mails a school may send per UTC day (config INVITE_MAIL_DAILY_CAP). */
  dailyCap: number;
}

export interface Invitee {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

type Inviter = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'emailVerifiedAt'>;

/**
 * The school's daily cap on invitation mail, spent inside the sender's transaction with the
 * school's row locked (so two uploads cannot both spend the last of the day's allowance): `count`
 * more mails must fit under it entirely or nothing is sent. Admins are the agency and are not
 * capped. Who may send at all is the routes' policy (invitationMailer).
 */
export async function reserveInvitationMail(trx: Db, deps: InvitationSender, schoolId: number, inviter: Inviter, count: number): Promise<void> {
  const school = await trx('schools').select('id', 'inviteMailDay', 'inviteMailCount').where({ id: schoolId }).forUpdate().first();
  if (!school) throw notFound('School not found');
  if (count === 0 || inviter.role === 'admin') return;
  const day = Math.floor(deps.now / DAY_MS);
  const used = Number(school.inviteMailDay) === day ? Number(school.inviteMailCount) : 0;
  const left = Math.max(0, deps.dailyCap - used);
  if (count > left) {
    const retryAfter = Math.ceil(((day + 1) * DAY_MS - deps.now) / 1000);
    const what = left === 0 ? 'no more invitations today' : `${left.toLocaleString('en-GB')} more ${left === 1 ? 'invitation' : 'invitations'} today`;
    throw new HttpError(
      429,
      'rate_limited',
      `Your school can send ${deps.dailyCap.toLocaleString('en-GB')} invitation e-mails a day and has ${what}, so none of these ${count.toLocaleString('en-GB')} were sent. Send them tomorrow (after midnight UTC), or in smaller batches.`,
      undefined,
      { 'Retry-After': String(Math.max(1, retryAfter)) },
    );
  }
  await trx('schools')
    .where({ id: schoolId })
    .update({ inviteMailDay: day, inviteMailCount: used + count });
}

/**
 * Sends each invitee their own invitation: one token per person, tied to their address, valid
 * once for 30 days, mailed through the outbox in the caller's transaction (delivered after the
 * commit). The caller has reserved the mail with reserveInvitationMail.
 */
export async function insertInvitations(
  trx: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Inviter; invitees: Invitee[] },
): Promise<void> {
  const { now } = deps;
  const tokens = input.invitees.map(() => newToken());
  for (let start = 0; start < input.invitees.length; start += CHUNK) {
    const chunk = input.invitees.slice(start, start + CHUNK).map((person, index) => ({
      schoolId: input.school.id,
      tokenHash: hashToken(tokens[start + index]!),
      createdBy: input.inviter.id,
      createdAt: now,
      expiresAt: now + EMAILED_INVITE_DAYS * DAY_MS,
      maxUses: 1,
      uses: 0,
      revokedAt: null,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      sentAt: now,
    }));
    await trx('schoolInvites').insert(chunk);
  }
  await enqueuePersonalised(
    trx,
    schoolInviteMail,
    { brand: deps.brand, inviterName: displayName(input.inviter), schoolName: input.school.name, days: EMAILED_INVITE_DAYS },
    input.invitees.map((person, index) => ({ to: person.email, personal: { url: inviteUrl(deps.brand.publicUrl, tokens[index]!) } })),
    now,
  );
}

/**
 * Mails a person's invitation again with a fresh link (the old one stops working) and a fresh
 * 30 days. It counts against the school's daily cap like any other invitation.
 */
export async function resendInvitation(
  db: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Inviter; inviteId: number },
): Promise<{ email: string }> {
  return inTransaction(db, async (trx) => {
    const invite: InviteRow | undefined = await trx('schoolInvites')
      .select(...INVITE_COLUMNS)
      .where({ id: input.inviteId, schoolId: input.school.id })
      .forUpdate()
      .first();
    if (!invite || invite.email === null) throw notFound('Invitation not found');
    if (invite.revokedAt !== null) throw gone('This invitation was withdrawn. Add the person again to invite them.');
    if (invite.maxUses !== null && Number(invite.uses) >= Number(invite.maxUses)) throw gone('This person has already accepted the invitation.');
    await reserveInvitationMail(trx, deps, input.school.id, input.inviter, 1);
    const token = newToken();
    await trx('schoolInvites')
      .where({ id: invite.id })
      .update({ tokenHash: hashToken(token), expiresAt: deps.now + EMAILED_INVITE_DAYS * DAY_MS, sentAt: deps.now });
    await enqueuePersonalised(
      trx,
      schoolInviteMail,
      { brand: deps.brand, inviterName: displayName(input.inviter), schoolName: input.school.name, days: EMAILED_INVITE_DAYS },
      [{ to: invite.email, personal: { url: inviteUrl(deps.brand.publicUrl, token) } }],
      deps.now,
    );
    return { email: invite.email };
  });
}
