import type { Knex } from 'knex';
import { isForeignKeyViolation, type Db } from '../db/knex.ts';
import { notFound } from '../errors.ts';
import type { Clock } from '../services/clock.ts';

type Writer = Db | Knex.Transaction;

/**
 * The author of a comment or reply follows its thread from their post on (again, if they had
 * stopped): replying is taking part, so what was said up to it is not mailed to them.
 */
export async function joinThread(trx: Writer, userId: number, threadId: number, post: { id: number; at: number }): Promise<void> {
  await trx('commentFollows')
    .insert({ userId, threadId, following: true, createdAt: post.at, pendingAt: null, notifiedAt: null, notifiedUpToId: post.id })
    .onConflict(['userId', 'threadId'])
    .merge({ following: true, pendingAt: null, notifiedUpToId: post.id });
}

/**
 * Someone replied in a thread: everyone else who follows it has a reply e-mail pending. The
 * mail job (reminders/replyMails.ts) sends it, at most one per thread an hour.
 */
export async function markFollowersPending(trx: Writer, threadId: number, authorId: number, now: number): Promise<void> {
  await trx('commentFollows').where({ threadId, following: true }).whereNot({ userId: authorId }).update({ pendingAt: now });
}

/** Follows a thread (from now on: earlier replies are not mailed) or stops following it. */
export async function followThread(db: Db, clock: Clock, userId: number, threadId: number, following: boolean): Promise<void> {
  const now = clock.now().getTime();
  if (!following) {
    await db('commentFollows').where({ userId, threadId }).update({ following: false, pendingAt: null });
    return;
  }
  try {
    await db.transaction(async (trx) => {
      const latest = await trx('comments').where({ parentId: threadId }).max({ id: 'id' }).first();
      await trx('commentFollows')
        .insert({ userId, threadId, following: true, createdAt: now, pendingAt: null, notifiedAt: null, notifiedUpToId: Number(latest?.id ?? 0) })
        .onConflict(['userId', 'threadId'])
        .merge({ following: true, pendingAt: null, notifiedUpToId: Number(latest?.id ?? 0) });
    });
  } catch (error) {
    // The thread was deleted after the policy read it.
    if (isForeignKeyViolation(error)) throw notFound('Comment not found');
    throw error;
  }
}

/** The person opened the header's bell: the replies so far are seen. */
export async function markRepliesSeen(db: Db, clock: Clock, userId: number): Promise<void> {
  const now = clock.now().getTime();
  await db('discussionSettings').insert({ userId, showSchool: false, updatedAt: now, repliesSeenAt: now }).onConflict('userId').merge(['repliesSeenAt']);
}
