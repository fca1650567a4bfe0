import type { Db } from '../../db/knex.ts';
import { HttpError, notFound } from '../../errors.ts';
import { hashToken, newToken } from '../tokens.ts';
import { displayName, type User } from '../../models/User.ts';
import type { MailBrand } from '../../mail/render.ts';
import { schoolInviteMail } from '../../mail/templates/schoolInvite.tsx';
import type { Mailer } from '../../services/mail.ts';
import { inTransaction, membershipOf } from './shared.ts';
import { joinSchool, otherSchoolConflict, type JoinOutcome } from './membership.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InviteRow {
  id: number;
  schoolId: number;
  createdAt: number;
  expiresAt: number | null;
  maxUses: number | null;
  uses: number;
  revokedAt: number | null;
}

/** Why an invite cannot be used now, or null when it can. */
export function inviteProblem(invite: InviteRow, now = Date.now()): string | null {
  if (invite.revokedAt !== null) return 'This invite link has been withdrawn by the school. Ask your school manager for a new one.';
  if (invite.expiresAt !== null && Number(invite.expiresAt) <= now) return 'This invite link has expired. Ask your school manager for a new one.';
  if (invite.maxUses !== null && Number(invite.uses) >= Number(invite.maxUses)) {
    return 'This invite link has already been used as many times as the school allowed. Ask your school manager for a new one.';
  }
  return null;
}

export const gone = (message: string) => new HttpError(410, 'gone', message);
export const unknownInvite = () => notFound('This invite link is not valid. Check that you copied all of it, or ask your school manager for a new one.');

/** A new invite link; the token is returned once and only its hash is stored. */
export async function createInvite(
  db: Db,
  schoolId: number,
  createdBy: number,
  options: { expiresInDays?: number; maxUses?: number },
): Promise<{ token: string; invite: InviteRow }> {
  const token = newToken();
  const now = Date.now();
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
  return { token, invite: { ...row, id: Number(id) } };
}

export const findInvite = async (db: Db, token: string): Promise<InviteRow | undefined> =>
  db('schoolInvites')
    .select('id', 'schoolId', 'createdAt', 'expiresAt', 'maxUses', 'uses', 'revokedAt')
    .where({ tokenHash: hashToken(token) })
    .first();

/**
 * Joins the school through an invite, in one transaction. A member of that school accepting
 * again gets a success and uses nothing up; a use is counted only by the update that still finds
 * room under maxUses, so two people racing for the last use cannot both get in.
 */
export async function acceptInvite(db: Db, token: string, userId: number): Promise<{ schoolId: number; outcome: JoinOutcome }> {
  return inTransaction(db, async (trx) => {
    const invite = await findInvite(trx, token);
    if (!invite) throw unknownInvite();
    const schoolId = Number(invite.schoolId);
    const current = await membershipOf(trx, userId);
    if (current?.schoolId === schoolId) return { schoolId, outcome: await joinSchool(trx, userId, schoolId, 'member') };
    if (current) throw otherSchoolConflict();
    const problem = inviteProblem(invite);
    if (problem) throw gone(problem);
    const claimed = await trx('schoolInvites')
      .where({ id: invite.id })
      .whereNull('revokedAt')
      .where((w) => w.whereNull('maxUses').orWhere('uses', '<', trx.ref('maxUses')))
      .increment('uses', 1);
    if (claimed !== 1) throw gone(inviteProblem({ ...invite, uses: Number(invite.maxUses ?? 0) }) ?? 'This invite link can no longer be used.');
    const outcome = await joinSchool(trx, userId, schoolId, 'member');
    if (outcome.status === 'other-school') throw otherSchoolConflict();
    return { schoolId, outcome };
  });
}

/** Withdraws a link; withdrawing it again changes nothing. */
export async function revokeInvite(db: Db, schoolId: number, inviteId: number): Promise<void> {
  const invite = await db('schoolInvites').where({ id: inviteId, schoolId }).first();
  if (!invite) throw notFound('Invite not found');
  if (invite.revokedAt === null) await db('schoolInvites').where({ id: inviteId }).update({ revokedAt: Date.now() });
}

export const EMAILED_INVITE_DAYS = 30;
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/join?token=${token}`;

/**
 * Invites people by e-mail: one link for the batch, valid for as many people as were named and
 * for 30 days, and one mail to each address, all in one transaction.
 */
export async function mailInvites(
  db: Db,
  mailer: Mailer,
  brand: MailBrand,
  input: { school: { id: number; name: string }; inviter: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>; emails: string[] },
): Promise<number> {
  const emails = [...new Set(input.emails)];
  await inTransaction(db, async (trx) => {
    const { token } = await createInvite(trx, input.school.id, input.inviter.id, { expiresInDays: EMAILED_INVITE_DAYS, maxUses: emails.length });
    const props = {
      brand,
      inviterName: displayName(input.inviter),
      schoolName: input.school.name,
      days: EMAILED_INVITE_DAYS,
      url: inviteUrl(brand.publicUrl, token),
    };
    for (const to of emails) await mailer.send(trx, to, schoolInviteMail, props);
  });
  return emails.length;
}
