import type { Db } from '../db/knex.ts';
import { hashToken } from '../services/tokens.ts';

export interface InviteRow {
  id: number;
  schoolId: number;
  createdAt: number;
  expiresAt: number | null;
  maxUses: number | null;
  uses: number;
  revokedAt: number | null;
  /** Set for an invitation mailed to one person: only the account with this address accepts it. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  sentAt: number | null;
}

export const INVITE_COLUMNS = ['id', 'schoolId', 'createdAt', 'expiresAt', 'maxUses', 'uses', 'revokedAt', 'email', 'firstName', 'lastName', 'sentAt'] as const;

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
