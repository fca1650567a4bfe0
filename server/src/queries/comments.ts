import type { Db } from '../db/knex.ts';
import type { Comment } from '../models/Comment.ts';
import type { CommentRow } from '../presenters/comments.ts';

/**
 * A page of a module's discussion, newest first, each comment with its author: one query
 * whatever the page size (authors come in through the join, not per comment). The author's
 * address only when the reader may see it (policies' canSeeCommenterEmail).
 */
export function moduleComments(db: Db, moduleId: number, page: { limit: number; offset: number; withEmail: boolean }): Promise<CommentRow[]> {
  const columns = [
    'c.id',
    'c.moduleId',
    'c.userId',
    'c.comment',
    'c.createdAt',
    'u.firstName as userFirstName',
    'u.lastName as userLastName',
    'u.profileImageUrl as userProfileImageUrl',
  ];
  if (page.withEmail) columns.push('u.email as userEmail');
  return db('comments as c')
    .join('users as u', 'u.id', 'c.userId')
    .where('c.moduleId', moduleId)
    .select(columns)
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export function commentById(db: Db, id: number): Promise<Comment | undefined> {
  return db<Comment>('comments').where({ id }).first();
}
