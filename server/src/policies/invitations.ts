import type { Db } from '../db/knex.ts';
import { forbidden } from '../errors.ts';
import type { User } from '../models/User.ts';
import type { InviteRow } from '../queries/invitations.ts';
import { invitationStanding } from '../queries/schools.ts';
import { isAdmin } from './index.ts';
import { schoolManager } from './schools.ts';

/** What decides whether a school may have invitation mail sent in its name. */
export interface InvitationStanding {
  /** The school holds a licence in force for at least one course. */
  licensed: boolean;
  /** An admin has let the school send invitations without a licence (`/admin/schools/:id`). */
  approved: boolean;
}

/**
 * Invitation mail goes to addresses the sender typed, with the school's name in it: a free
 * account with a made-up school must not be able to use Atrium as a mail relay. So the sender's
 * own address must be verified and the school must be a customer (a licence) or vouched for by
 * an admin. The agency's admins send for any school.
 */
export function invitationRefusal(user: User, standing: InvitationStanding): string | null {
  if (isAdmin(user)) return null;
  if (user.emailVerifiedAt === null || user.emailVerifiedAt === undefined) {
    return 'Confirm your own e-mail address before sending invitations: open the link we e-mailed you (your profile page can send it again).';
  }
  if (!standing.licensed && !standing.approved) {
    return 'Invitations by e-mail are available once your school holds a course licence, or after we have approved your school. Contact us to ask for approval; meanwhile you can share an invite link yourself.';
  }
  return null;
}

/**
 * The routes that send invitation mail in a school's name (the roster, invite by e-mail, resend):
 * the school's managers, and only where invitationRefusal allows. The school's daily cap is
 * spent inside the sending transaction (reserveInvitationMail), as it counts what is sent.
 */
export async function invitationMailer(ctx: { deps: { db: Db }; state: { user: User | null }; input: { params: { id: number } } }): Promise<void> {
  await schoolManager(ctx);
  const refusal = invitationRefusal(ctx.state.user!, await invitationStanding(ctx.deps.db, ctx.input.params.id));
  if (refusal) throw forbidden(refusal);
}

/**
 * Three kinds of invitation, one rule each, all here: a school's shared invite link and a
 * school's personal invitation (both `schoolInvites`: a personal one has an address and one use)
 * answer to `inviteProblem`; a trust's manager invitation (`trustInvites`) to
 * `trustInviteProblem`. The database form of "usable" (for lists and batches) is
 * `usableSchoolInvites` in queries/invitations.ts, which says the same.
 */

/** An invitation's time is up at its expiry instant (`null`: a link that never expires). */
export const inviteExpired = (expiresAt: number | string | null, now: number): boolean => expiresAt !== null && Number(expiresAt) <= now;

/** Why a school's invite (link or personal invitation) cannot be used now, or null when it can. */
export function inviteProblem(invite: Pick<InviteRow, 'revokedAt' | 'expiresAt' | 'maxUses' | 'uses'>, now: number): string | null {
  if (invite.revokedAt !== null) return 'This invite link has been withdrawn by the school. Ask your school manager for a new one.';
  if (inviteExpired(invite.expiresAt, now)) return 'This invite link has expired. Ask your school manager for a new one.';
  if (invite.maxUses !== null && Number(invite.uses) >= Number(invite.maxUses)) {
    return 'This invite link has already been used as many times as the school allowed. Ask your school manager for a new one.';
  }
  return null;
}

/** Why a trust's manager invitation cannot be accepted now, or null when it can. */
export function trustInviteProblem(invite: { acceptedAt: unknown; revokedAt: unknown; expiresAt: number | string }, now: number): string | null {
  if (invite.revokedAt !== null) return 'This invitation has been withdrawn. Ask for a new one.';
  if (invite.acceptedAt !== null) return 'This invitation has been used already.';
  if (inviteExpired(invite.expiresAt, now)) return 'This invitation has expired. Ask for a new one.';
  return null;
}
