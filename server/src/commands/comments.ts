import type { Db } from '../db/knex.ts';
import { dialectOf, isForeignKeyViolation, isUniqueViolation } from '../db/knex.ts';
import { conflict, notFound } from '../errors.ts';
import type { Comment } from '../models/Comment.ts';
import type { Clock } from '../services/clock.ts';
import { joinThread, markFollowersPending } from './discussionFollows.ts';

export interface NewComment {
  moduleId: number;
  userId: number;
  comment: string;
  /** For a reply: the thread's opening comment, and whom the reply answers when it was written under another reply. */
  thread?: { parentId: number; replyToUserId: number | null };
  /** Waits for an admin's approval (policies/comments.ts needsApproval). */
  held?: boolean;
}

/**
 * Posts a comment or a reply on a module's discussion; the caller has checked the author may
 * take part and, for a reply, that the comment it answers may be answered (policies/comments.ts).
 * In the same transaction a reply moves its thread up the "Newest activity" order, the author
 * follows the thread, and a reply in sight puts a reply e-mail in wait for its other followers.
 */
export async function postComment(db: Db, clock: Clock, input: NewComment): Promise<number> {
  const now = clock.now().getTime();
  return db.transaction(async (trx) => {
    const row = {
      moduleId: input.moduleId,
      userId: input.userId,
      comment: input.comment,
      createdAt: now,
      lastActivityAt: now,
      parentId: input.thread?.parentId ?? null,
      replyToUserId: input.thread?.replyToUserId ?? null,
      heldAt: input.held ? now : null,
    };
    // A held reply moves its thread once approved, not before.
    if (input.thread && !input.held) {
      // The thread may have gone since the caller looked (its last reply and opener deleted).
      const touched = await trx('comments').where({ id: input.thread.parentId }).update({ lastActivityAt: now });
      if (!touched) throw notFound('The comment you are replying to is no longer there');
    } else if (input.thread && !(await trx('comments').where({ id: input.thread.parentId }).first('id'))) {
      throw notFound('The comment you are replying to is no longer there');
    }
    const [inserted] = await trx('comments').insert(row);
    const id = Number(inserted);
    const threadId = input.thread?.parentId ?? id;
    await joinThread(trx, input.userId, threadId, { id, at: now });
    if (input.thread && !input.held) await markFollowersPending(trx, threadId, input.userId, now);
    return id;
  });
}

/**
 * Deletes a comment. An opening comment with replies stays, emptied, as "comment deleted", so
 * the replies keep their thread; a deleted opening comment goes for good with its last reply.
 */
export async function deleteComment(db: Db, clock: Clock, comment: Pick<Comment, 'id' | 'parentId'>): Promise<void> {
  await db.transaction(async (trx) => {
    // The opening comment's lock first, as a reply being posted takes it (postComment): a reply
    // posted meanwhile is then seen by the reads below, and the thread is never deleted under it.
    // (MariaDB; SQLite has one writer.)
    if (dialectOf(trx) === 'mysql')
      await trx('comments')
        .where({ id: comment.parentId ?? comment.id })
        .forUpdate()
        .first('id');
    if (comment.parentId === null) {
      const reply = await trx('comments').where({ parentId: comment.id }).first('id');
      if (reply) {
        await trx('comments').where({ id: comment.id }).update({ deletedAt: clock.now().getTime(), comment: '', pinnedAt: null, hiddenReason: null });
        // Nothing is left to moderate: its reports are settled (they go with the row otherwise).
        await trx('commentReports').where({ commentId: comment.id }).whereNull('resolvedAt').update({ resolvedAt: clock.now().getTime() });
      } else await trx('comments').where({ id: comment.id }).delete();
      return;
    }
    await trx('comments').where({ id: comment.id }).delete();
    const parentId = Number(comment.parentId);
    const remaining = await trx('comments').where({ parentId }).first('id');
    if (!remaining) await trx('comments').where({ id: parentId }).whereNotNull('deletedAt').delete();
  });
}

/** Marks a reply as its thread's answer (one per thread: another marked one is unmarked), or unmarks it. */
export async function markAnswer(db: Db, clock: Clock, reply: Pick<Comment, 'id' | 'parentId'>, answer: boolean): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('comments').where({ parentId: reply.parentId }).whereNotNull('answerAt').update({ answerAt: null });
    if (answer) await trx('comments').where({ id: reply.id }).update({ answerAt: clock.now().getTime() });
  });
}

/** Pins a thread to the top of its module (one per module: the one pinned before is unpinned), or unpins it. */
export async function pinThread(db: Db, clock: Clock, thread: Pick<Comment, 'id' | 'moduleId'>, pinned: boolean): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('comments').where({ moduleId: thread.moduleId }).whereNull('parentId').whereNotNull('pinnedAt').update({ pinnedAt: null });
    if (pinned) await trx('comments').where({ id: thread.id }).update({ pinnedAt: clock.now().getTime() });
  });
}

/** A person's choice to show their school next to their name in discussions. */
export async function saveDiscussionSettings(db: Db, clock: Clock, userId: number, settings: { showSchool: boolean }): Promise<void> {
  await db('discussionSettings')
    .insert({ userId, showSchool: settings.showSchool, updatedAt: clock.now().getTime() })
    .onConflict('userId')
    .merge(['showSchool', 'updatedAt']);
}

/** A person's report of a comment: one per person per comment (409 for a second). */
export async function reportComment(db: Db, clock: Clock, report: { commentId: number; userId: number; reason: string; details: string }): Promise<void> {
  try {
    await db('commentReports').insert({ ...report, createdAt: clock.now().getTime(), resolvedAt: null });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You have already reported this comment');
    if (isForeignKeyViolation(error)) throw notFound('Comment not found');
    throw error;
  }
}

/** Hides a comment from everyone but its author (who sees why) and admins; its open reports are settled. */
export async function hideComment(db: Db, clock: Clock, commentId: number, reason: string): Promise<void> {
  const now = clock.now().getTime();
  await db.transaction(async (trx) => {
    await trx('comments').where({ id: commentId }).update({ hiddenAt: now, hiddenReason: reason, heldAt: null, pinnedAt: null, answerAt: null });
    await trx('commentReports').where({ commentId }).whereNull('resolvedAt').update({ resolvedAt: now });
  });
}

/** Shows a hidden comment again, or approves a held one; its open reports are settled (dismissed). */
export async function restoreComment(db: Db, clock: Clock, commentId: number): Promise<void> {
  const now = clock.now().getTime();
  await db.transaction(async (trx) => {
    const comment = await trx('comments').where({ id: commentId }).first('parentId', 'heldAt', 'userId');
    await trx('comments').where({ id: commentId }).update({ hiddenAt: null, hiddenReason: null, heldAt: null });
    // An approved reply moves its thread up "Newest activity" now, and its followers hear of it, as they would have when it was posted.
    if (comment?.heldAt !== null && comment?.heldAt !== undefined && comment.parentId !== null) {
      await trx('comments').where({ id: comment.parentId }).update({ lastActivityAt: now });
      await markFollowersPending(trx, Number(comment.parentId), Number(comment.userId), now);
    }
    await trx('commentReports').where({ commentId }).whereNull('resolvedAt').update({ resolvedAt: now });
  });
}
