import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { SchoolInvite } from '../db/tables.ts';
import { hashToken } from '../services/tokens.ts';

export const INVITE_COLUMNS = ['id', 'schoolId', 'createdAt', 'expiresAt', 'maxUses', 'uses', 'revokedAt', 'email', 'firstName', 'lastName', 'sentAt'] as const;

/** An invite as the school routes read it: its row without the token hash and its creator. */
export type InviteRow = Pick<SchoolInvite, (typeof INVITE_COLUMNS)[number]>;

/**
 * The school's (or schools') invites usable at `now` (not withdrawn, not expired, uses left): the
 * database form of `inviteProblem` (policies/invitations.ts) returning null, for reads over many
 * addresses. Every such read starts here: the roster, SCIM provisioning and OneRoster imports.
 */
export function usableSchoolInvites(db: Db | Knex.Transaction, schoolId: number | readonly number[], now: number): Knex.QueryBuilder {
  return (typeof schoolId === 'number' ? db('schoolInvites').where({ schoolId }) : db('schoolInvites').whereIn('schoolId', schoolId))
    .whereNull('revokedAt')
    .where((w) => w.whereNull('expiresAt').orWhere('expiresAt', '>', now))
    .where((w) => w.whereNull('maxUses').orWhere('uses', '<', db.ref('maxUses')));
}

/** The school's shared invite links (invitations mailed to a person are listed with the members), newest first. */
export function sharedInviteLinks(db: Db, schoolId: number): Promise<InviteRow[]> {
  return db('schoolInvites')
    .select(...INVITE_COLUMNS)
    .where({ schoolId })
    .whereNull('email')
    .orderBy('id', 'desc')
    .limit(200);
}

export const findInvite = async (db: Db, token: string): Promise<InviteRow | undefined> =>
  db('schoolInvites')
    .select(...INVITE_COLUMNS)
    .where({ tokenHash: hashToken(token) })
    .first();
