import type { Db } from '../db/knex.ts';
import { badRequest, notFound, unauthorized } from '../errors.ts';
import type { Comment } from '../models/Comment.ts';
import type { Module } from '../models/Module.ts';
import type { User } from '../models/User.ts';
import { commentById } from '../queries/comments.ts';
import type { CatalogueCache } from '../services/catalogue.ts';
import { requireCourseView } from './courseAccess.ts';
import { requireCanDeleteComment } from './index.ts';
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

/**
 * Whether a follower may be sent a thread's reply e-mail: it quotes other people's names and
 * words, so only to an address its owner proved (anyone can register an account under someone
 * else's address), and never about a thread a moderator hid or that waits for approval.
 */
export const canMailThreadReplies = (follower: { addressVerified: boolean }, thread: { moderated: boolean }): boolean =>
  follower.addressVerified && !thread.moderated;

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
 * since the caller named both). A reply under a reply joins that reply's thread, so the thread's
 * opening comment (`opener`) must not be hidden or waiting for approval either: hiding a thread
 * closes it, under its replies too (a thread whose opening comment was deleted goes on).
 */
export function requireReplyTarget(parent: Comment | undefined, moduleId: number, opener?: Comment): Comment {
  if (!parent || !canReplyToComment(parent)) throw notFound('The comment you are replying to is no longer there');
  if (Number(parent.moduleId) !== moduleId) {
    throw badRequest('You can only reply to a comment in this module’s discussion', { parentId: 'Not a comment of this module' });
  }
  if (parent.parentId !== null && (!opener || moderated(opener))) throw notFound('This discussion no longer takes replies');
  return parent;
}

// The discussion routes' policies: each loads what its route acts on, refuses as the helpers
// above say, and leaves the record on `ctx.state` for the handler.

interface DiscussionContext<Input> {
  deps: { db: Db; catalogue: Pick<CatalogueCache, 'module'> };
  state: { user: User | null; module?: Readonly<Module>; comment?: Comment; replyTo?: Comment };
  input: Input;
}

/** The module of a discussion the caller may read: it exists (404) and the caller may view its course (403). */
async function readableModule(ctx: DiscussionContext<unknown>, moduleId: number): Promise<Readonly<Module>> {
  const user = signedIn(ctx.state.user);
  const module = await ctx.deps.catalogue.module(moduleId);
  if (!module) throw notFound('Module not found');
  await requireCourseView(ctx.deps.db, user, module.courseId, 'content');
  return module;
}

const signedIn = (user: User | null): User => {
  if (!user) throw unauthorized();
  return user;
};

const loadComment = (ctx: DiscussionContext<{ params: { commentId: number } }>) => commentById(ctx.deps.db, ctx.input.params.commentId);

/** `/api/modules/:moduleId/comments`, `…/discussion` and a thread's `…/replies`: a reader of the module's course. Leaves the module on `ctx.state.module`. */
export async function discussionReader(ctx: DiscussionContext<{ params: { moduleId: number } }>): Promise<void> {
  ctx.state.module = await readableModule(ctx, ctx.input.params.moduleId);
}

/**
 * `POST /api/modules/:moduleId/comments`: a reader of the module's course; a reply's parent is
 * checked by requireReplyTarget. Leaves the module and the parent (`replyTo`) on `ctx.state`.
 */
export async function discussionPoster(ctx: DiscussionContext<{ params: { moduleId: number }; body: { parentId?: number } }>): Promise<void> {
  const module = await readableModule(ctx, ctx.input.params.moduleId);
  ctx.state.module = module;
  const { parentId } = ctx.input.body;
  if (parentId === undefined) return;
  const parent = await commentById(ctx.deps.db, parentId);
  const opener = parent && parent.parentId !== null ? await commentById(ctx.deps.db, Number(parent.parentId)) : undefined;
  ctx.state.replyTo = requireReplyTarget(parent, module.id, opener);
}

/** `DELETE /api/modules/comments/:commentId`: a comment still there (404), deleted by its author or an admin (403). */
export async function commentDeleter(ctx: DiscussionContext<{ params: { commentId: number } }>): Promise<void> {
  const user = signedIn(ctx.state.user);
  const comment = await loadComment(ctx);
  if (!comment || comment.deletedAt !== null) throw notFound('Comment not found');
  requireCanDeleteComment(user, comment);
  ctx.state.comment = comment;
}

/** `PUT …/:commentId/answer`: the reply an admin marks (requireAnswerTarget). */
export async function answerMarker(ctx: DiscussionContext<{ params: { commentId: number } }>): Promise<void> {
  ctx.state.comment = requireAnswerTarget(signedIn(ctx.state.user), await loadComment(ctx));
}

/** `PUT …/:commentId/pin`: the thread an admin pins (requirePinTarget). */
export async function threadPinner(ctx: DiscussionContext<{ params: { commentId: number } }>): Promise<void> {
  ctx.state.comment = requirePinTarget(signedIn(ctx.state.user), await loadComment(ctx));
}

/** `PUT …/:commentId/follow`: a thread the caller sees (requireFollowTarget) in a module they may read. */
export async function threadFollower(ctx: DiscussionContext<{ params: { commentId: number } }>): Promise<void> {
  const thread = requireFollowTarget(signedIn(ctx.state.user), await loadComment(ctx));
  await readableModule(ctx, Number(thread.moduleId));
  ctx.state.comment = thread;
}

/**
 * `POST …/:commentId/report`: a comment in a module the caller may read (those who cannot learn
 * nothing of its comments: 404 as for one that is not there), reportable by them (requireReportTarget).
 */
export async function commentReporter(ctx: DiscussionContext<{ params: { commentId: number } }>): Promise<void> {
  const user = signedIn(ctx.state.user);
  const found = await loadComment(ctx);
  const module = found ? await ctx.deps.catalogue.module(Number(found.moduleId)) : undefined;
  if (!found || !module) throw notFound('Comment not found');
  await requireCourseView(ctx.deps.db, user, module.courseId, 'content');
  ctx.state.comment = requireReportTarget(user, found);
}

/** `PUT /api/admin/moderation/comments/:commentId/{hide,restore}`: a comment still there, for an admin (requireModerationTarget). */
export async function commentModerator(ctx: DiscussionContext<{ params: { commentId: number } }>): Promise<void> {
  ctx.state.comment = requireModerationTarget(signedIn(ctx.state.user), await loadComment(ctx));
}
