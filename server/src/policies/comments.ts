import { badRequest, notFound } from '../errors.ts';
import type { Comment } from '../models/Comment.ts';

// Who may do what with a module's discussion. Reading and taking part at all is the course's
// rule (courseAccess.ts, asked by the routes for the comment's module); these add what a
// comment's own state allows. Deleting stays where SPEC's delete rule lives (policies/index.ts).

type CommentState = Pick<Comment, 'deletedAt'>;

/** A reply goes under a comment that is still there: a deleted opening comment takes no more. */
export const canReplyToComment = (comment: CommentState): boolean => comment.deletedAt === null || comment.deletedAt === undefined;

/**
 * The comment a reply answers, checked: it exists and is not deleted (404, as if it had never
 * been there), and belongs to the module the reply is posted in (400: a mistake, not a secret,
 * since the caller named both).
 */
export function requireReplyTarget(parent: Comment | undefined, moduleId: number): Comment {
  if (!parent || !canReplyToComment(parent)) throw notFound('The comment you are replying to is no longer there');
  if (Number(parent.moduleId) !== moduleId) {
    throw badRequest('You can only reply to a comment in this module’s discussion', { parentId: 'Not a comment of this module' });
  }
  return parent;
}
