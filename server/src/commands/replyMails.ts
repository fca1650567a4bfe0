import { excerpt } from '@atrium/common';
import type { AppDeps } from '../context.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { renderMail } from '../mail/render.ts';
import { discussionRepliesMail } from '../mail/templates/discussionReplies.tsx';
import { canMailThreadReplies } from '../policies/comments.ts';
import { courseAccessOf } from '../policies/courseAccess.ts';
import { dueReplyMails, repliesAfter, type DueReplyMail, type MailedReply } from '../queries/discussionNotifications.ts';
import { enqueueMail } from '../services/outbox.ts';
import { unsubscribeLinks } from '../services/unsubscribe.ts';

/** One reply e-mail per thread an hour at most: what comes within the hour waits for the next. */
export const REPLY_MAIL_SPACING_MS = 60 * 60_000;
/** Replies named in one e-mail; the rest are counted. */
const LISTED = 3;
const BATCH = 200;

/** Learners' names as the discussion shows them (an erased account's comments read "Former learner"). */
const authorName = (reply: Pick<MailedReply, 'authorFirstName' | 'authorLastName'>) =>
  [reply.authorFirstName, reply.authorLastName].filter(Boolean).join(' ').trim() || 'A colleague';

/** A link that opens the module's discussion at the thread (the portal scrolls to it and opens it first). */
export const threadUrl = (publicUrl: string, place: { courseId: number; moduleId: number; threadId: number }) =>
  `${publicUrl}/courses/${place.courseId}/modules/${place.moduleId}?thread=${place.threadId}#comment-${place.threadId}`;

/**
 * Sends the reply e-mails that are due: to each follower of a thread someone else replied in,
 * naming who replied (the replies after the last e-mail) with a link to the thread. A follower
 * who may no longer read the course, unsubscribed, has not proven their address, follows a thread
 * hidden since, or whose replies were all hidden since gets nothing and their mark is cleared.
 * Each follow's e-mail is queued in the transaction that moves its `notifiedAt` on from the value
 * read, so a rerun or a second instance sends it once; a reply that arrives meanwhile keeps the
 * follow pending for the next hour.
 */
export async function sendReplyMails(deps: AppDeps, now: number, renewLease: () => Promise<void>): Promise<{ sent: number }> {
  const { db, config } = deps;
  const brand = { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  let sent = 0;
  for (;;) {
    const due = await dueReplyMails(db, now, REPLY_MAIL_SPACING_MS, BATCH);
    if (!due.length) break;
    const after = new Map<number, number>();
    for (const follow of due) after.set(follow.threadId, Math.min(after.get(follow.threadId) ?? follow.notifiedUpToId, follow.notifiedUpToId));
    const replies = await repliesAfter(db, after);
    const byThread = new Map<number, MailedReply[]>();
    for (const reply of replies) byThread.set(Number(reply.parentId), [...(byThread.get(Number(reply.parentId)) ?? []), reply]);
    const outcomes = await Promise.all(due.map((follow) => mailFor(follow, byThread.get(follow.threadId) ?? [])));
    sent += await retryOnDeadlock(() =>
      db.transaction(async (trx) => {
        let queued = 0;
        for (const { follow, news, seen } of outcomes) {
          // Moved on from the value read, or nothing: another run got there first.
          const claimed = await trx('commentFollows')
            .where({ id: follow.followId })
            .where((same) => (follow.notifiedAt === null ? same.whereNull('notifiedAt') : same.where('notifiedAt', follow.notifiedAt)))
            .whereNotNull('pendingAt')
            .update(news ? { notifiedAt: now, notifiedUpToId: news.upToId } : { pendingAt: null, ...(seen ? { notifiedUpToId: seen } : {}) });
          if (!claimed || !news) continue;
          // A reply marked after the read keeps its follower pending (its mark is newer than the one read).
          await trx('commentFollows').where({ id: follow.followId, pendingAt: follow.pendingAt }).update({ pendingAt: null });
          await enqueueMail(trx, [{ to: follow.email, ...news.mail, headers: news.headers }], now);
          queued += 1;
        }
        return queued;
      }),
    );
    await renewLease();
    if (due.length < BATCH) break;
  }
  return { sent };

  async function mailFor(follow: DueReplyMail, threadReplies: MailedReply[]) {
    const readable = courseAccessOf({ id: follow.userId, role: follow.role }, follow.enrolled).view;
    const fresh = threadReplies.filter((reply) => Number(reply.id) > follow.notifiedUpToId && Number(reply.userId) !== follow.userId);
    const mailable = canMailThreadReplies(follow, { moderated: follow.threadModerated });
    // Told nothing, the follow still moves past what was read: the next run does not read it again.
    const latest = threadReplies.at(-1);
    const seen = latest && Number(latest.id) > follow.notifiedUpToId ? Number(latest.id) : null;
    if (!readable || !mailable || follow.unsubscribed || !fresh.length) return { follow, news: null, seen };
    const links = unsubscribeLinks(config.publicUrl, { userId: follow.userId, category: 'replies' }, config.sessionKeys);
    const mail = await renderMail(discussionRepliesMail, {
      brand,
      firstName: follow.firstName,
      courseTitle: follow.courseTitle,
      moduleTitle: follow.moduleTitle,
      ownThread: follow.threadAuthorId === follow.userId,
      threadStart: excerpt(follow.threadText, 160),
      replies: fresh.slice(0, LISTED).map((reply) => ({ name: authorName(reply), excerpt: excerpt(reply.comment, 240) })),
      more: Math.max(0, fresh.length - LISTED),
      threadUrl: threadUrl(config.publicUrl, follow),
      unsubscribeUrl: links.pageUrl,
    });
    return { follow, news: { mail, headers: links.headers, upToId: Number(fresh.at(-1)!.id) }, seen };
  }
}
