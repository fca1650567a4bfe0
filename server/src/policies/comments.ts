import { badRequest, notFound } from '../errors.ts';
import type { Comment } from '../models/Comment.ts';
import type { User } from '../models/User.ts';
import { isAdmin } from './roles.ts';

// Who may do what with a module's discussion. Reading and taking part at all is the course's
// rule (courseAccess.ts, asked by the routes for the comment's module); these add what a
// comment's own state allows. Deleting stays where SPEC's delete rule lives (policies/index.ts).

type CommentState = Pick<Comment, 'deletedAt'>;
type Placed = Pick<Comment, 'deletedAt' | 'parentId'>;
const present = (comment: CommentState) => comment.deletedAt === null || comment.deletedAt === undefined;

/** A reply goes under a comment that is still there: a deleted opening comment takes no more. */
export const canReplyToComment = (comment: CommentState): boolean => present(comment);

/** The instructor's voice: an admin marks a reply (not an opening comment) as its thread's answer. */
export const canMarkAnswer = (user: Pick<User, 'role'>, comment: Placed): boolean => isAdmin(user) && comment.parentId !== null && present(comment);

/** An admin pins an opening comment (a whole thread) to the top of its module. */
export const canPinThread = (user: Pick<User, 'role'>, comment: Placed): boolean => isAdmin(user) && comment.parentId === null && present(comment);

/** The reply to mark: it exists (404) and is a reply still there (400: only replies answer a question). */
export function requireAnswerTarget(user: Pick<User, 'role'>, comment: Comment | undefined): Comment {
  if (!comment || !present(comment)) throw notFound('Comment not found');
  if (!canMarkAnswer(user, comment)) throw badRequest('Only a reply can be marked as the answer', { commentId: 'Not a reply' });
  return comment;
}

/** The thread to pin: it exists (404) and is an opening comment still there (400). */
export function requirePinTarget(user: Pick<User, 'role'>, comment: Comment | undefined): Comment {
  if (!comment || !present(comment)) throw notFound('Comment not found');
  if (!canPinThread(user, comment)) throw badRequest('Only a thread’s opening comment can be pinned', { commentId: 'Not an opening comment' });
  return comment;
}

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
