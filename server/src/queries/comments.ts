import { THREAD_REPLIES_SHOWN, type DiscussionOrder } from '@atrium/common';
import type { Knex } from 'knex';
import { countRows, dbBoolean, type Db } from '../db/knex.ts';
import type { Comment } from '../models/Comment.ts';
import type { CommentRow } from '../presenters/comments.ts';

type Reader = Db | Knex.Transaction;

/** Who reads: a hidden or held comment is shown only to its author and to admins (policies/comments.ts). */
export interface CommentReader {
  id: number;
  seesModerated: boolean;
}

/**
 * Keeps hidden and held comments out of a reader's lists, but their own and everything for
 * moderators. Written as `coalesce(...) is null or userId = ?`, not `(hiddenAt is null and heldAt
 * is null) or userId = ?`: with every branch of the OR indexable, SQLite answered a page's
 * replies by a union of comments_held (every comment: heldAt is null) and the author's index
 * instead of comments_thread_replies, 100 ms a page at 300,000 comments (bench, 30 Nov).
 */
function visibleTo(query: Knex.QueryBuilder, reader: CommentReader): Knex.QueryBuilder {
  if (reader.seesModerated) return query;
  return query.andWhereRaw('(coalesce(??, ??) is null or ?? = ?)', ['c.hiddenAt', 'c.heldAt', 'c.userId', reader.id]);
}

/**
 * Keeps the replies of a hidden or held thread out of a reader's flat list, as the threaded view
 * does (it lists no such thread): but the thread's author's and everything for moderators. A
 * primary-key look-up of each row's opening comment (`p`), none for opening comments.
 */
function inVisibleThread(query: Knex.QueryBuilder, reader: CommentReader): Knex.QueryBuilder {
  if (reader.seesModerated) return query;
  return query
    .leftJoin('comments as p', 'p.id', 'c.parentId')
    .andWhereRaw('(coalesce(??, ??) is null or ?? = ?)', ['p.hiddenAt', 'p.heldAt', 'p.userId', reader.id]);
}

/** The author's public fields, and the e-mail address only when asked (policies' canSeeCommenterEmail). */
function commentColumns(withEmail: boolean): string[] {
  const columns = [
    'c.id',
    'c.moduleId',
    'c.userId',
    'c.parentId',
    'c.replyToUserId',
    'c.comment',
    'c.createdAt',
    'c.lastActivityAt',
    'c.deletedAt',
    'c.answerAt',
    'c.pinnedAt',
    'c.hiddenAt',
    'c.hiddenReason',
    'c.heldAt',
    'u.firstName as userFirstName',
    'u.lastName as userLastName',
    'u.profileImageUrl as userProfileImageUrl',
    'u.role as userRole',
    'r.firstName as replyToFirstName',
    'r.lastName as replyToLastName',
    's.name as userSchool',
  ];
  if (withEmail) columns.push('u.email as userEmail');
  return columns;
}

/**
 * Comments with their authors, whom they answer, and the school the author chose to show, in the
 * same query: each join is a primary-key or unique look-up (a person belongs to one school,
 * schoolMembers' unique userId), so a page costs one round trip whatever its size.
 */
function withAuthors(db: Reader) {
  return db('comments as c')
    .join('users as u', 'u.id', 'c.userId')
    .leftJoin('users as r', 'r.id', 'c.replyToUserId')
    .leftJoin('discussionSettings as ds', (on) => on.on('ds.userId', 'c.userId').andOn('ds.showSchool', db.raw('?', [true])))
    .leftJoin('schoolMembers as sm', 'sm.userId', 'ds.userId')
    .leftJoin('schools as s', 's.id', 'sm.schoolId');
}

/**
 * SPEC's flat list: a page of a module's comments and replies, newest first, each with its
 * author, in one query whatever the page size. A deleted opening comment kept for its replies is
 * left out: the flat list has no thread to keep.
 */
export function moduleComments(
  db: Db,
  moduleId: number,
  page: { limit: number; offset: number; withEmail: boolean; reader: CommentReader },
): Promise<CommentRow[]> {
  return inVisibleThread(visibleTo(withAuthors(db).where('c.moduleId', moduleId).whereNull('c.deletedAt'), page.reader), page.reader)
    .select(commentColumns(page.withEmail))
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/** Where a page of threads starts: after the thread with this sort value and id. */
export interface ThreadCursor {
  at: number;
  id: number;
}

/**
 * A page of a module's threads in the order asked, each opening comment with its author: the
 * index comments_module_threads (or _activity) serves it from the cursor on, so the 500th page
 * costs what the first does. One more row than asked says whether another page follows.
 */
export function moduleThreads(
  db: Db,
  moduleId: number,
  page: { order: DiscussionOrder; after: ThreadCursor | null; limit: number; withEmail: boolean; reader: CommentReader },
): Promise<CommentRow[]> {
  const column = page.order === 'activity' ? 'c.lastActivityAt' : 'c.createdAt';
  // The pinned thread is not in the order: pinnedThread() puts it at the top of the first page.
  const query = visibleTo(withAuthors(db).where('c.moduleId', moduleId).whereNull('c.parentId').whereNull('c.pinnedAt'), page.reader).select(
    commentColumns(page.withEmail),
  );
  if (page.after) {
    const { at, id } = page.after;
    query.andWhere((later) => later.where(column, '<', at).orWhere((same) => same.where(column, at).andWhere('c.id', '<', id)));
  }
  return query
    .orderBy(column, 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1);
}

/** One of the module's threads, if it is there and in the reader's sight. */
export function moduleThread(db: Db, moduleId: number, threadId: number, withEmail: boolean, reader: CommentReader): Promise<CommentRow | undefined> {
  return visibleTo(withAuthors(db).where('c.id', threadId).where('c.moduleId', moduleId).whereNull('c.parentId'), reader).first(commentColumns(withEmail));
}

/** The module's pinned thread, if it has one (pinThread keeps it to one). */
export function pinnedThread(db: Db, moduleId: number, withEmail: boolean, reader: CommentReader): Promise<CommentRow | undefined> {
  return visibleTo(withAuthors(db).where('c.moduleId', moduleId).whereNull('c.parentId').whereNotNull('c.pinnedAt'), reader).first(commentColumns(withEmail));
}

/** A reply of a discussion page: its place among its thread's replies, newest first (1 the latest), and how many the reader can see. */
export type PageReplyRow = CommentRow & { latestRank: number; replyCount: number };

/**
 * The latest `shown` replies of each thread, and its marked answer wherever it falls, oldest
 * first, with the count of the thread's replies in the reader's sight: one query for the page.
 * The window is numbered over the replies' own index (comments_thread_replies) before the authors
 * are joined, so a thread of a thousand replies costs its index entries, not a thousand joins.
 */
export async function latestThreadReplies(db: Reader, threadIds: number[], shown: number, withEmail: boolean, reader: CommentReader): Promise<PageReplyRow[]> {
  if (!threadIds.length) return [];
  const ranked = visibleTo(db('comments as c').whereIn('c.parentId', threadIds), reader).select(
    'c.id',
    db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc) as ??', ['c.parentId', 'c.createdAt', 'c.id', 'latestRank']),
    db.raw('count(*) over (partition by ??) as ??', ['c.parentId', 'replyCount']),
  );
  const rows = await withAuthors(db)
    .join(ranked.as('w'), 'w.id', 'c.id')
    .where((shownOrAnswer) => shownOrAnswer.where('w.latestRank', '<=', shown).orWhereNotNull('c.answerAt'))
    .select([...commentColumns(withEmail), 'w.latestRank', 'w.replyCount'])
    .orderBy('c.createdAt')
    .orderBy('c.id');
  return (rows as PageReplyRow[]).map((row) => ({ ...row, latestRank: Number(row.latestRank), replyCount: Number(row.replyCount) }));
}

/** A thread's replies before `before` (all of them without it), the latest `limit` of those, oldest first; one more says earlier ones remain. */
export async function repliesBefore(
  db: Reader,
  threadId: number,
  page: { before: { at: number; id: number } | null; limit: number; withEmail: boolean; reader: CommentReader },
): Promise<CommentRow[]> {
  const query = visibleTo(withAuthors(db).where('c.parentId', threadId), page.reader).select(commentColumns(page.withEmail));
  if (page.before) {
    const { at, id } = page.before;
    query.andWhere((earlier) => earlier.where('c.createdAt', '<', at).orWhere((same) => same.where('c.createdAt', at).andWhere('c.id', '<', id)));
  }
  const rows: CommentRow[] = await query
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1);
  return rows.reverse();
}

/** The reader's own choice and the school it would show. */
export async function discussionViewer(db: Db, userId: number): Promise<{ showSchool: boolean; school: string | null }> {
  const [setting, school] = await Promise.all([
    db('discussionSettings').where({ userId }).first('showSchool'),
    db('schoolMembers as m').join('schools as s', 's.id', 'm.schoolId').where('m.userId', userId).orderBy('m.joinedAt').orderBy('m.id').first('s.name'),
  ]);
  return { showSchool: dbBoolean(setting?.showSchool), school: (school as { name?: string } | undefined)?.name ?? null };
}

/** Comments and replies a module's discussion shows everyone (a deleted opening comment, hidden and held ones are not counted). */
export function countModuleComments(db: Db, moduleId: number): Promise<number> {
  return countRows(db('comments').where({ moduleId }).whereNull('deletedAt').whereNull('hiddenAt').whereNull('heldAt'));
}

/** One comment with its author, as the list shows it. */
export function commentRowById(db: Reader, id: number, withEmail: boolean): Promise<CommentRow | undefined> {
  return withAuthors(db).where('c.id', id).first(commentColumns(withEmail));
}

export function commentById(db: Reader, id: number): Promise<Comment | undefined> {
  return db<Comment>('comments').where({ id }).first();
}

/** Reports of one comment, open ones only, oldest first, with the reporters' names. */
export interface ReportRow {
  commentId: number;
  reason: string;
  details: string;
  createdAt: number | string;
  reporterFirstName: string | null;
  reporterLastName: string | null;
}

/**
 * The moderation queue: comments with open reports or waiting for approval, each with its module,
 * oldest first (those waiting longest), a page of `limit` after the cursor (one more row than
 * asked says whether another page follows).
 */
export async function moderationQueue(
  db: Db,
  page: { after: ThreadCursor | null; limit: number },
): Promise<{ comments: CommentRow[]; reports: ReportRow[]; threads: CommentRow[]; replies: PageReplyRow[] }> {
  const reported = db('commentReports').whereNull('resolvedAt').select('commentId');
  const query = withAuthors(db)
    .whereNull('c.deletedAt')
    .andWhere((q) => q.whereIn('c.id', reported).orWhereNotNull('c.heldAt'))
    .select(commentColumns(true));
  if (page.after) {
    const { at, id } = page.after;
    query.andWhere((later) => later.where('c.createdAt', '>', at).orWhere((same) => same.where('c.createdAt', at).andWhere('c.id', '>', id)));
  }
  const comments = (await query
    .orderBy('c.createdAt')
    .orderBy('c.id')
    .limit(page.limit + 1)) as CommentRow[];
  const ids = comments.map((row) => Number(row.id));
  const threadIds = [...new Set(comments.map((row) => Number(row.parentId ?? row.id)))];
  const everything = { id: 0, seesModerated: true };
  const [reports, threads, replies] = await Promise.all([
    ids.length
      ? (db('commentReports as cr')
          .join('users as ru', 'ru.id', 'cr.userId')
          .whereIn('cr.commentId', ids)
          .whereNull('cr.resolvedAt')
          .select('cr.commentId', 'cr.reason', 'cr.details', 'cr.createdAt', 'ru.firstName as reporterFirstName', 'ru.lastName as reporterLastName')
          .orderBy('cr.createdAt')
          .orderBy('cr.id') as Promise<ReportRow[]>)
      : Promise.resolve([] as ReportRow[]),
    threadIds.length ? (withAuthors(db).whereIn('c.id', threadIds).select(commentColumns(true)) as Promise<CommentRow[]>) : Promise.resolve([] as CommentRow[]),
    latestThreadReplies(db, threadIds, THREAD_REPLIES_SHOWN, true, everything),
  ]);
  return { comments, reports, threads, replies: withQueuedReplies(replies, comments) };
}

/**
 * A queued thread's latest replies (a moderator reads a thread as its readers do, and a thread of
 * thousands of replies costs the queue no more than a short one), with each queued reply that falls
 * before them added in its place, so the comment to decide on is always shown.
 */
function withQueuedReplies(latest: PageReplyRow[], queued: readonly CommentRow[]): PageReplyRow[] {
  const shown = new Set(latest.map((row) => Number(row.id)));
  const countOf = new Map(latest.map((row) => [Number(row.parentId), row.replyCount]));
  const earlier = queued
    .filter((row) => row.parentId !== null && row.parentId !== undefined && !shown.has(Number(row.id)))
    .map((row) => ({ ...row, latestRank: Number.MAX_SAFE_INTEGER, replyCount: countOf.get(Number(row.parentId)) ?? 1 }));
  return [...earlier, ...latest].sort((a, b) => Number(a.createdAt) - Number(b.createdAt) || Number(a.id) - Number(b.id));
}

/** Whether this person already reported this comment. */
export async function hasReported(db: Reader, commentId: number, userId: number): Promise<boolean> {
  return Boolean(await db('commentReports').where({ commentId, userId }).first('id'));
}

/** A school's staff's comment as its managers read it. */
export interface StaffCommentRow {
  id: number;
  parentId: number | null;
  userId: number;
  userFirstName: string | null;
  userLastName: string | null;
  userProfileImageUrl: string | null;
  comment: string;
  createdAt: number | string;
  moduleId: number;
  moduleTitle: string;
  courseId: number;
  courseTitle: string;
}

/**
 * A page of the comments and replies by a school's members, newest first, as everyone sees them
 * (hidden, held and deleted ones, and the replies of hidden or held threads, left out: managers
 * read, they do not moderate). One more row than asked says whether another page follows.
 */
export function staffComments(db: Db, schoolId: number, page: { after: ThreadCursor | null; limit: number }): Promise<StaffCommentRow[]> {
  const query = db('comments as c')
    .join('schoolMembers as sm', 'sm.userId', 'c.userId')
    .join('users as u', 'u.id', 'c.userId')
    .join('modules as m', 'm.id', 'c.moduleId')
    .join('courses as co', 'co.id', 'm.courseId')
    // A reply's thread: one hidden or held takes its replies out of sight too.
    .leftJoin('comments as p', 'p.id', 'c.parentId')
    .where('sm.schoolId', schoolId)
    .whereNull('c.deletedAt')
    .whereNull('c.hiddenAt')
    .whereNull('c.heldAt')
    .whereNull('p.hiddenAt')
    .whereNull('p.heldAt')
    .select(
      'c.id',
      'c.parentId',
      'c.userId',
      'u.firstName as userFirstName',
      'u.lastName as userLastName',
      'u.profileImageUrl as userProfileImageUrl',
      'c.comment',
      'c.createdAt',
      'm.id as moduleId',
      'm.title as moduleTitle',
      'co.id as courseId',
      'co.title as courseTitle',
    );
  if (page.after) {
    const { at, id } = page.after;
    query.andWhere((later) => later.where('c.createdAt', '<', at).orWhere((same) => same.where('c.createdAt', at).andWhere('c.id', '<', id)));
  }
  return query
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1) as Promise<StaffCommentRow[]>;
}
