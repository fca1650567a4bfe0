import { MAX_TRANSCRIPT_SHARES } from '@atrium/common';
import type { Knex } from 'knex';
import { dialectOf, type Db } from '../db/knex.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import type { TranscriptShare } from '../db/tables.ts';
import { conflict, notFound } from '../errors.ts';
import { hashToken, newToken } from '../services/tokens.ts';

async function lockPerson(trx: Knex.Transaction, userId: number): Promise<void> {
  if (dialectOf(trx) === 'mysql') await trx('users').where({ id: userId }).forUpdate().first('id');
}

/**
 * Makes a public link to the person's verified record (issue 59): 256 random bits, of which only
 * the SHA-256 is kept, so the link is shown in this answer and never again. At most
 * MAX_TRANSCRIPT_SHARES work at once (409 beyond), counted under the person's lock.
 */
export async function createTranscriptShare(db: Db, userId: number, label: string, now: number): Promise<{ share: TranscriptShare; token: string }> {
  const token = newToken();
  const share = await db.transaction(async (trx) => {
    await lockPerson(trx, userId);
    const working = await trx('transcriptShares').where({ userId }).whereNull('revokedAt').count({ n: '*' }).first();
    if (Number(working?.n ?? 0) >= MAX_TRANSCRIPT_SHARES)
      throw conflict(`You have ${MAX_TRANSCRIPT_SHARES} working links: stop one you no longer need before making another`);
    return insertAndFetch(trx, 'transcriptShares', { userId, tokenHash: hashToken(token), label, createdAt: now, revokedAt: null });
  });
  return { share, token };
}

/** How long a stopped link's row is kept (it still says, in "Download my data", when it was stopped), then it is deleted. */
export const STOPPED_SHARE_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes the share links stopped more than STOPPED_SHARE_KEPT_MS ago: a stopped link opens
 * nothing, so its row (a token hash and the label the person gave it) is kept only as long as it
 * helps them recall what they stopped. Working links are never touched. Returns how many went.
 */
export async function pruneStoppedShares(db: Db, now: number): Promise<number> {
  return db('transcriptShares')
    .whereNotNull('revokedAt')
    .where('revokedAt', '<', now - STOPPED_SHARE_KEPT_MS)
    .delete();
}

/** Stops one of the person's links at once; anyone else's (or one already stopped) is 404. */
export async function revokeTranscriptShare(db: Db, userId: number, id: number, now: number): Promise<void> {
  const updated = await db('transcriptShares').where({ id, userId }).whereNull('revokedAt').update({ revokedAt: now });
  if (!updated) throw notFound('Link not found');
}

/**
 * Lets the person's school see their whole verified record (shared true), or only what they
 * completed while its member (false, the default). Only the school they belong to: another is 404.
 */
export async function setSchoolCpdShare(db: Db, userId: number, schoolId: number, shared: boolean, now: number): Promise<void> {
  await db.transaction(async (trx) => {
    const member = await trx('schoolMembers').where({ userId, schoolId }).first('id');
    if (!member) throw notFound('You are not a member of this school');
    if (!shared) {
      await trx('schoolCpdShares').where({ userId, schoolId }).delete();
      return;
    }
    // Two clicks at once insert one row: the second is ignored by the unique (userId, schoolId).
    await trx('schoolCpdShares').insert({ userId, schoolId, sharedAt: now }).onConflict(['userId', 'schoolId']).ignore();
  });
}

/**
 * Ends the person's "let my school see my whole record" with the membership it was given in
 * (leaving, being removed, moved to another school of the trust): joining again later starts
 * from the default, never from a consent given for an earlier membership.
 */
export async function forgetSchoolCpdShare(trx: Db, userId: number, schoolId: number): Promise<void> {
  await trx('schoolCpdShares').where({ userId, schoolId }).delete();
}
