import { badRequest, notFound } from '../errors.ts';
import type { Comment } from '../models/Comment.ts';
import type { User } from '../models/User.ts';
import { isAdmin } from './roles.ts';

// Who may do what with a module's discussion. Reading and taking part at all is the course's
// rule (courseAccess.ts, asked by the routes for the comment's module); these add what a
// comment's own state allows. Deleting stays where SPEC's delete rule lives (policies/index.ts).

type CommentState = Pick<Comment, 'deletedAt'> & Partial<Pick<Comment, 'hiddenAt' | 'heldAt'>>;
type Placed = Pick<Comment, 'deletedAt' | 'parentId'>;
const present = (comment: CommentState) => comment.deletedAt === null || comment.deletedAt === undefined;
const isSet = (value: number | string | null | undefined) => value !== null && value !== undefined;
/** Hidden by an admin or waiting for approval: out of everyone's sight but its author's and the moderators'. */
const moderated = (comment: CommentState) => isSet(comment.hiddenAt) || isSet(comment.heldAt);

/** Admins moderate: they see hidden and held comments, hide, restore and approve them. */
export const canModerateComments = (user: Pick<User, 'role'>): boolean => isAdmin(user);

/** A reply goes under a comment that is still there and in everyone's sight: not deleted, hidden or held. */
export const canReplyToComment = (comment: CommentState): boolean => present(comment) && !moderated(comment);

/** Anyone who reads the module reports a comment that is in sight, except their own; moderators act instead. */
export const canReportComment = (user: Pick<User, 'id' | 'role'>, comment: CommentState & Pick<Comment, 'userId'>): boolean =>
  !isAdmin(user) && Number(comment.userId) !== user.id && present(comment) && !moderated(comment);

/** Hide, restore or approve: admins, on a comment that is still there. */
export const canHideComment = (user: Pick<User, 'role'>, comment: CommentState): boolean => canModerateComments(user) && present(comment);

/** Who sees a hidden comment's reason: its author and the moderators. */
export const canSeeHiddenReason = (user: Pick<User, 'id' | 'role'>, comment: Pick<Comment, 'userId'>): boolean =>
  isAdmin(user) || Number(comment.userId) === user.id;

/** The comment to report: there and in sight (404), not the reporter's own (400). */
export function requireReportTarget(user: Pick<User, 'id' | 'role'>, comment: Comment | undefined): Comment {
  if (!comment || !present(comment) || (moderated(comment) && Number(comment.userId) !== user.id && !isAdmin(user))) throw notFound('Comment not found');
  if (Number(comment.userId) === user.id) throw badRequest('You cannot report your own comment', { commentId: 'Your own comment' });
  if (!canReportComment(user, comment)) throw badRequest('This comment cannot be reported', { commentId: 'Not reportable' });
  return comment;
}

/**
 * The thread to follow or stop following: an opening comment the caller can see (404 otherwise,
 * as if it had never been there; a hidden or held one only its author and moderators see).
 * Following one whose opening comment was deleted is fine: its replies go on.
 */
export function requireFollowTarget(user: Pick<User, 'id' | 'role'>, comment: Comment | undefined): Comment {
  if (!comment || (moderated(comment) && Number(comment.userId) !== user.id && !isAdmin(user))) throw notFound('Comment not found');
  if (comment.parentId !== null) throw badRequest('Follow the thread from its opening comment', { commentId: 'Not an opening comment' });
  return comment;
}

/** The comment to hide or restore: there (404). */
export function requireModerationTarget(user: Pick<User, 'role'>, comment: Comment | undefined): Comment {
  if (!comment || !canHideComment(user, comment)) throw notFound('Comment not found');
  return comment;
}

// More than this many web addresses in one comment, or a known spam pattern: it waits for approval.
const MAX_LINKS = 3;
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const SPAM_PATTERNS: readonly RegExp[] = [
  /\b(?:viagra|cialis|levitra)\b/i,
  /\b(?:online\s+)?casino\b/i,
  /\bpayday\s+loans?\b/i,
  /\b(?:crypto|bitcoin|forex)\s+(?:investment|trading|signals?|doubl\w*)\b/i,
  /\bessay\s+writing\s+service\b/i,
  /\b(?:buy|cheap)\s+(?:followers|likes|backlinks)\b/i,
  /\bwhats\s*app\b[^\n]{0,20}\+?\d[\d\s-]{7,}/i,
];

/** Whether a new comment waits for an admin's approval before others see it. */
export function needsApproval(text: string): boolean {
  const links = text.match(ADDRESS)?.length ?? 0;
  return links > MAX_LINKS || SPAM_PATTERNS.some((pattern) => pattern.test(text));
}

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
