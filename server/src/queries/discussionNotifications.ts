import type { Role } from '@atrium/common';
import type { Knex } from 'knex';
import { countRows, type Db } from '../db/knex.ts';

type Reader = Db | Knex.Transaction;

/** Of these threads, the ones this person follows. */
export async function followedThreads(db: Reader, userId: number, threadIds: number[]): Promise<Set<number>> {
  if (!threadIds.length) return new Set();
  const rows = await db('commentFollows').where({ userId, following: true }).whereIn('threadId', threadIds).select('threadId');
  return new Set(rows.map((row) => Number(row.threadId)));
}

/** A reply in everyone's sight: not deleted, hidden or waiting for approval. */
function inSight(query: Knex.QueryBuilder, alias: string): Knex.QueryBuilder {
  return query.whereNull(`${alias}.deletedAt`).whereNull(`${alias}.hiddenAt`).whereNull(`${alias}.heldAt`);
}

/** The newest replies of each kind the bell looks at; it lists 10 and counts up to 100. */
const CANDIDATES = 200;

/**
 * The newest replies to a person's comments by someone else: replies in the threads they opened
 * (comments_thread_replies from their opening comments) and replies written under one of their
 * replies (comments_reply_to). Read as ids first, each kind on its own index: inside the page's
 * query, MariaDB ran the union as a dependent subquery for every comment of the reader's courses
 * (110 ms a look at full scale).
 */
async function repliesTo(db: Reader, userId: number): Promise<number[]> {
  const [inTheirThreads, underTheirReplies] = await Promise.all([
    db('comments as r')
      .whereIn('r.parentId', db('comments as p').select('p.id').where('p.userId', userId).whereNull('p.parentId'))
      .whereNot('r.userId', userId)
      .orderBy('r.createdAt', 'desc')
      .limit(CANDIDATES)
      .select('r.id'),
    db('comments as r').where('r.replyToUserId', userId).whereNot('r.userId', userId).orderBy('r.createdAt', 'desc').limit(CANDIDATES).select('r.id'),
  ]);
  return [...new Set([...inTheirThreads, ...underTheirReplies].map((row: { id: number }) => Number(row.id)))];
}

export interface ReplyNotificationRow {
  id: number;
  parentId: number;
  moduleId: number;
  courseId: number;
  moduleTitle: string;
  comment: string;
  createdAt: number | string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorProfileImageUrl: string | null;
}

/**
 * The header's bell: the latest replies to a person's comments, and how many came since they
 * last opened it (counted up to `countUpTo`). Only replies in sight, in threads in sight (or the
 * person's own; `seesModerated` for moderators), by others, in courses the person may still read
 * (`readsEveryCourse` for admins; an enrollment otherwise).
 */
export async function replyNotifications(
  db: Db,
  reader: { userId: number; readsEveryCourse: boolean; seesModerated: boolean },
  page: { limit: number; countUpTo: number },
): Promise<{ rows: ReplyNotificationRow[]; unread: number; seenAt: number | null }> {
  const [setting, candidates] = await Promise.all([
    db('discussionSettings').where({ userId: reader.userId }).first('repliesSeenAt'),
    repliesTo(db, reader.userId),
  ]);
  const seenAt = setting?.repliesSeenAt === null || setting?.repliesSeenAt === undefined ? null : Number(setting.repliesSeenAt);
  if (!candidates.length) return { rows: [], unread: 0, seenAt };
  const base = () => {
    const query = inSight(db('comments as c'), 'c').join('modules as m', 'm.id', 'c.moduleId').whereIn('c.id', candidates);
    if (!reader.seesModerated) {
      // A hidden or held thread is out of sight with its replies, but for its own author (policies/comments.ts).
      query
        .join('comments as p', 'p.id', 'c.parentId')
        .andWhereRaw('(coalesce(??, ??) is null or ?? = ?)', ['p.hiddenAt', 'p.heldAt', 'p.userId', reader.userId]);
    }
    if (!reader.readsEveryCourse) {
      query.whereExists(db('enrollments as e').select(db.raw('1')).where('e.userId', reader.userId).whereRaw('?? = ??', ['e.courseId', 'm.courseId']));
    }
    return query;
  };
  const unreadQuery = base().select('c.id').limit(page.countUpTo);
  if (seenAt !== null) unreadQuery.where('c.createdAt', '>', seenAt);
  const [rows, unread] = await Promise.all([
    base()
      .join('users as a', 'a.id', 'c.userId')
      .select(
        'c.id',
        'c.parentId',
        'c.moduleId',
        'm.courseId',
        'm.title as moduleTitle',
        'c.comment',
        'c.createdAt',
        'a.firstName as authorFirstName',
        'a.lastName as authorLastName',
        'a.profileImageUrl as authorProfileImageUrl',
      )
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit) as Promise<ReplyNotificationRow[]>,
    countRows(db.from(unreadQuery.as('unread'))),
  ]);
  return { rows, unread, seenAt };
}

/** A follow whose reply e-mail is due, with what the e-mail needs about the follower and the thread. */
export interface DueReplyMail {
  followId: number;
  userId: number;
  email: string;
  firstName: string | null;
  role: Role;
  /** Whether the follower holds an enrollment in the thread's course (admins read without one). */
  enrolled: boolean;
  /** They unsubscribed from reply e-mails. */
  unsubscribed: boolean;
  /** Their address is proven (anyone can register under someone else's address). */
  addressVerified: boolean;
  threadId: number;
  /** The thread's opening comment is hidden by a moderator or waits for approval. */
  threadModerated: boolean;
  threadAuthorId: number;
  threadText: string;
  moduleId: number;
  moduleTitle: string;
  courseId: number;
  courseTitle: string;
  pendingAt: number;
  notifiedAt: number | null;
  notifiedUpToId: number;
}

/**
 * Follows with a reply e-mail pending whose last e-mail is at least `spacingMs` old, oldest
 * first: the comment_follows_pending index finds them, however many follows there are. Whether
 * the follower may still read the course, unsubscribed, has a proven address, and whether the
 * thread is still in sight, is read along for the job to judge.
 */
export async function dueReplyMails(db: Db, now: number, spacingMs: number, limit: number): Promise<DueReplyMail[]> {
  const rows = await db('commentFollows as f')
    .join('users as u', 'u.id', 'f.userId')
    .join('comments as t', 't.id', 'f.threadId')
    .join('modules as m', 'm.id', 't.moduleId')
    .join('courses as co', 'co.id', 'm.courseId')
    .whereNotNull('f.pendingAt')
    .where('f.following', true)
    .andWhere((spaced) => spaced.whereNull('f.notifiedAt').orWhere('f.notifiedAt', '<=', now - spacingMs))
    .select(
      'f.id as followId',
      'f.userId',
      'u.email',
      'u.firstName',
      'u.role',
      'u.emailVerifiedAt',
      db('enrollments as e')
        .select(db.raw('1'))
        .whereRaw('?? = ??', ['e.userId', 'f.userId'])
        .whereRaw('?? = ??', ['e.courseId', 'm.courseId'])
        .limit(1)
        .as('enrolled'),
      db('unsubscribes as un').select(db.raw('1')).whereRaw('?? = ??', ['un.userId', 'f.userId']).where('un.category', 'replies').limit(1).as('unsubscribed'),
      'f.threadId',
      't.userId as threadAuthorId',
      't.comment as threadText',
      't.hiddenAt as threadHiddenAt',
      't.heldAt as threadHeldAt',
      'm.id as moduleId',
      'm.title as moduleTitle',
      'co.id as courseId',
      'co.title as courseTitle',
      'f.pendingAt',
      'f.notifiedAt',
      'f.notifiedUpToId',
    )
    .orderBy('f.pendingAt')
    .orderBy('f.id')
    .limit(limit);
  return rows.map((row): DueReplyMail => ({
    followId: Number(row.followId),
    userId: Number(row.userId),
    email: row.email,
    firstName: row.firstName,
    role: row.role,
    enrolled: row.enrolled !== null && row.enrolled !== undefined,
    unsubscribed: row.unsubscribed !== null && row.unsubscribed !== undefined,
    addressVerified: row.emailVerifiedAt !== null && row.emailVerifiedAt !== undefined,
    threadId: Number(row.threadId),
    threadModerated: [row.threadHiddenAt, row.threadHeldAt].some((at) => at !== null && at !== undefined),
    threadAuthorId: Number(row.threadAuthorId),
    threadText: row.threadText,
    moduleId: Number(row.moduleId),
    moduleTitle: row.moduleTitle,
    courseId: Number(row.courseId),
    courseTitle: row.courseTitle,
    pendingAt: Number(row.pendingAt),
    notifiedAt: row.notifiedAt === null ? null : Number(row.notifiedAt),
    notifiedUpToId: Number(row.notifiedUpToId),
  }));
}

/** A reply an e-mail names: its author and its text. */
export interface MailedReply {
  id: number;
  parentId: number;
  userId: number;
  comment: string;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/**
 * The replies in sight in each thread after its own reply id (thread id → the id its followers
 * were last told up to), oldest first, with their authors: a follower told long ago in one thread
 * does not make every thread of the batch read its whole history.
 */
export function repliesAfter(db: Reader, after: ReadonlyMap<number, number>): Promise<MailedReply[]> {
  if (!after.size) return Promise.resolve([]);
  return inSight(db('comments as c'), 'c')
    .join('users as a', 'a.id', 'c.userId')
    .where((threads) => {
      for (const [threadId, afterId] of after) threads.orWhere((thread) => thread.where('c.parentId', threadId).where('c.id', '>', afterId));
    })
    .select('c.id', 'c.parentId', 'c.userId', 'c.comment', 'a.firstName as authorFirstName', 'a.lastName as authorLastName')
    .orderBy('c.id') as Promise<MailedReply[]>;
}

/** A question no instructor has answered yet, for the admins' digest. */
export interface UnansweredQuestion {
  id: number;
  comment: string;
  createdAt: number | string;
  moduleId: number;
  moduleTitle: string;
  courseId: number;
  courseTitle: string;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/**
 * Threads opened by learners since `since`, in sight, that no admin has replied in (and so none
 * has an answer marked), newest first: the first `limit`, and how many there are.
 */
export async function unansweredQuestions(db: Db, since: number, limit: number): Promise<{ rows: UnansweredQuestion[]; total: number }> {
  const query = inSight(db('comments as c'), 'c')
    .join('users as a', 'a.id', 'c.userId')
    .join('modules as m', 'm.id', 'c.moduleId')
    .join('courses as co', 'co.id', 'm.courseId')
    .whereNull('c.parentId')
    .where('c.createdAt', '>=', since)
    .whereNot('a.role', 'admin')
    .whereNotExists(
      inSight(db('comments as r'), 'r')
        .join('users as ra', 'ra.id', 'r.userId')
        .select(db.raw('1'))
        .whereRaw('?? = ??', ['r.parentId', 'c.id'])
        .where('ra.role', 'admin'),
    );
  const [rows, total] = await Promise.all([
    query
      .clone()
      .select(
        'c.id',
        'c.comment',
        'c.createdAt',
        'm.id as moduleId',
        'm.title as moduleTitle',
        'co.id as courseId',
        'co.title as courseTitle',
        'a.firstName as authorFirstName',
        'a.lastName as authorLastName',
      )
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit) as Promise<UnansweredQuestion[]>,
    countRows(query.clone()),
  ]);
  return { rows, total };
}

/** What waits in the moderation queue: comments with open reports, and comments held for approval. */
export async function moderationCounts(db: Db): Promise<{ reported: number; held: number }> {
  const [reported, held] = await Promise.all([
    countRows(db.from(db('commentReports').whereNull('resolvedAt').distinct('commentId').as('reported'))),
    countRows(db('comments').whereNotNull('heldAt').whereNull('deletedAt')),
  ]);
  return { reported, held };
}
