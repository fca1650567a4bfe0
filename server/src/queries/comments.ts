import type { DiscussionOrder } from '@atrium/common';
import type { Knex } from 'knex';
import { countRows, dbBoolean, type Db } from '../db/knex.ts';
import type { Comment } from '../models/Comment.ts';
import type { CommentRow } from '../presenters/comments.ts';

type Reader = Db | Knex.Transaction;

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
export function moduleComments(db: Db, moduleId: number, page: { limit: number; offset: number; withEmail: boolean }): Promise<CommentRow[]> {
  return withAuthors(db)
    .where('c.moduleId', moduleId)
    .whereNull('c.deletedAt')
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
  page: { order: DiscussionOrder; after: ThreadCursor | null; limit: number; withEmail: boolean },
): Promise<CommentRow[]> {
  const column = page.order === 'activity' ? 'c.lastActivityAt' : 'c.createdAt';
  // The pinned thread is not in the order: pinnedThread() puts it at the top of the first page.
  const query = withAuthors(db).where('c.moduleId', moduleId).whereNull('c.parentId').whereNull('c.pinnedAt').select(commentColumns(page.withEmail));
  if (page.after) {
    const { at, id } = page.after;
    query.andWhere((later) => later.where(column, '<', at).orWhere((same) => same.where(column, at).andWhere('c.id', '<', id)));
  }
  return query
    .orderBy(column, 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1);
}

/** The module's pinned thread, if it has one (pinThread keeps it to one). */
export function pinnedThread(db: Db, moduleId: number, withEmail: boolean): Promise<CommentRow | undefined> {
  return withAuthors(db).where('c.moduleId', moduleId).whereNull('c.parentId').whereNotNull('c.pinnedAt').first(commentColumns(withEmail));
}

/** Every reply of the given threads, oldest first within each, with their authors: one query for the page. */
export function threadReplies(db: Db, threadIds: number[], withEmail: boolean): Promise<CommentRow[]> {
  if (!threadIds.length) return Promise.resolve([]);
  return withAuthors(db).whereIn('c.parentId', threadIds).select(commentColumns(withEmail)).orderBy('c.createdAt').orderBy('c.id');
}

/** The reader's own choice and the school it would show. */
export async function discussionViewer(db: Db, userId: number): Promise<{ showSchool: boolean; school: string | null }> {
  const [setting, school] = await Promise.all([
    db('discussionSettings').where({ userId }).first('showSchool'),
    db('schoolMembers as m').join('schools as s', 's.id', 'm.schoolId').where('m.userId', userId).orderBy('m.joinedAt').orderBy('m.id').first('s.name'),
  ]);
  return { showSchool: dbBoolean(setting?.showSchool), school: (school as { name?: string } | undefined)?.name ?? null };
}

/** Comments and replies a module's discussion shows (a deleted opening comment is not counted). */
export function countModuleComments(db: Db, moduleId: number): Promise<number> {
  return countRows(db('comments').where({ moduleId }).whereNull('deletedAt'));
}

/** One comment with its author, as the list shows it. */
export function commentRowById(db: Reader, id: number, withEmail: boolean): Promise<CommentRow | undefined> {
  return withAuthors(db).where('c.id', id).first(commentColumns(withEmail));
}

export function commentById(db: Reader, id: number): Promise<Comment | undefined> {
  return db<Comment>('comments').where({ id }).first();
}
