import type { Db } from '../db/knex.ts';
import type { Comment } from '../models/Comment.ts';
import type { Clock } from '../services/clock.ts';

export type PostedComment = Pick<Comment, 'id' | 'moduleId' | 'userId' | 'comment' | 'createdAt'>;

/** Posts a comment on a module's discussion; the caller has checked the author may take part. */
export async function postComment(db: Db, clock: Clock, input: Pick<Comment, 'moduleId' | 'userId' | 'comment'>): Promise<PostedComment> {
  const row = { moduleId: input.moduleId, userId: input.userId, comment: input.comment, createdAt: clock.now().getTime() };
  const [id] = await db('comments').insert(row);
  return { id: Number(id), ...row };
}

export async function deleteComment(db: Db, id: number): Promise<void> {
  await db('comments').where({ id }).delete();
}
