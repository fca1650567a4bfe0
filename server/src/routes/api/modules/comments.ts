import {
  discussionCommentDtoSchema,
  discussionPageDtoSchema,
  discussionQuery,
  discussionSettingsDtoSchema,
  discussionSettingsSchema,
  followThreadDtoSchema,
  followThreadSchema,
  id,
  markAnswerSchema,
  messageDtoSchema,
  pageQuery,
  pinThreadSchema,
  postCommentSchema,
  THREAD_REPLIES_SHOWN,
  threadRepliesDtoSchema,
  threadRepliesQuery,
  type DiscussionSettingsDto,
  type FollowThreadDto,
  type MessageDto,
} from '@atrium/common';
import { z } from 'zod';
import { deleteComment, markAnswer, pinThread, postComment, saveDiscussionSettings } from '../../../commands/comments.ts';
import { followThread } from '../../../commands/discussionFollows.ts';
import { followedThreads } from '../../../queries/discussionNotifications.ts';
import type { Comment } from '../../../models/Comment.ts';
import type { Module } from '../../../models/Module.ts';
import type { User } from '../../../models/User.ts';
import {
  answerMarker,
  canMailThreadReplies,
  canModerateComments,
  commentDeleter,
  discussionPoster,
  discussionReader,
  needsApproval,
  threadFollower,
  threadPinner,
} from '../../../policies/comments.ts';
import { canSeeCommenterEmail } from '../../../policies/index.ts';
import { presentComment, presentDiscussionPage, presentEarlierReplies } from '../../../presenters/comments.ts';
import {
  commentRowById,
  countModuleComments,
  discussionViewer,
  moduleComments,
  moduleThread,
  moduleThreads,
  latestThreadReplies,
  pinnedThread,
  repliesBefore,
  type CommentReader,
} from '../../../queries/comments.ts';
import { notFound } from '../../../errors.ts';
import { decodeCursor, encodeCursor } from '../../pageCursor.ts';
import { earlierOf } from './earlierReplies.ts';
import { commentModerationRoutes } from './commentsModeration.ts';
import type { Routes } from '../../define.ts';

const moduleParams = z.object({ moduleId: id });
const readerOf = (user: User): CommentReader => ({ id: user.id, seesModerated: canModerateComments(user) });
const commentParams = z.object({ commentId: id });
const threadParams = z.object({ moduleId: id, commentId: id });

// Comments carry their authors, so a page is smaller than an admin list's.
const listQuery = pageQuery({ defaultLimit: 50, maxLimit: 200 });

/** What the discussion policies leave on `ctx.state` (policies/comments.ts). */
const discussed = (state: object) => state as { module?: Readonly<Module>; comment?: Comment; replyTo?: Comment };

export function commentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/modules/:moduleId/comments',
    access: 'user',
    cache: 'no-store',
    params: moduleParams,
    query: listQuery,
    answer: { body: z.array(discussionCommentDtoSchema) },
    policy: discussionReader,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const { moduleId } = ctx.input.params;
      const { limit, offset } = ctx.input.query;
      const rows = await moduleComments(db, moduleId, { limit, offset, withEmail: canSeeCommenterEmail(user), reader: readerOf(user) });
      ctx.body = rows.map((row) => presentComment(row, { viewer: user }));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/modules/:moduleId/discussion',
    access: 'user',
    cache: 'no-store',
    params: moduleParams,
    query: discussionQuery,
    answer: { body: discussionPageDtoSchema },
    policy: discussionReader,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const { moduleId } = ctx.input.params;
      const { order, limit, thread: focus } = ctx.input.query;
      const after = decodeCursor(ctx.input.query.cursor, 'discussion');
      const withEmail = canSeeCommenterEmail(user);
      const reader = readerOf(user);
      const [fetched, pinned, opened, total, viewer] = await Promise.all([
        moduleThreads(db, moduleId, { order, after, limit, withEmail, reader }),
        after ? undefined : pinnedThread(db, moduleId, withEmail, reader),
        // A thread a link opens (a reply e-mail, the bell): first on the first page, if it is this module's and in the reader's sight.
        after || focus === undefined ? undefined : moduleThread(db, moduleId, focus, withEmail, reader),
        countModuleComments(db, moduleId),
        discussionViewer(db, user.id),
      ]);
      const ordered = fetched.slice(0, limit);
      const last = ordered.at(-1);
      // The pinned thread heads the first page, whatever the order, and is in no other page; an opened thread goes before it.
      const heads = [opened, pinned].filter(
        (row, index, all): row is NonNullable<typeof row> => row !== undefined && all.findIndex((other) => other?.id === row.id) === index,
      );
      const threads = [...heads, ...ordered.filter((row) => !heads.some((head) => head.id === row.id))];
      const nextCursor =
        fetched.length > limit && last ? encodeCursor({ at: Number(order === 'activity' ? last.lastActivityAt : last.createdAt), id: Number(last.id) }) : null;
      const threadIds = threads.map((thread) => Number(thread.id));
      const [replies, followed] = await Promise.all([
        latestThreadReplies(db, threadIds, THREAD_REPLIES_SHOWN, withEmail, reader),
        followedThreads(db, user.id, threadIds),
      ]);
      ctx.body = presentDiscussionPage({ threads, replies, nextCursor, total, viewer, followed, earlier: earlierOf(replies) }, { viewer: user });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/modules/:moduleId/comments/:commentId/replies',
    access: 'user',
    cache: 'no-store',
    params: threadParams,
    query: threadRepliesQuery,
    answer: { body: threadRepliesDtoSchema },
    policy: discussionReader,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const { moduleId, commentId } = ctx.input.params;
      const { limit } = ctx.input.query;
      const before = decodeCursor(ctx.input.query.before, 'discussion');
      const withEmail = canSeeCommenterEmail(user);
      const reader = readerOf(user);
      // The same sight as the page: a thread of another module, hidden or held from this reader, or a reply, is not one.
      const thread = await moduleThread(db, moduleId, commentId, withEmail, reader);
      if (!thread) throw notFound('That thread is not in this discussion');
      const rows = await repliesBefore(db, commentId, { before, limit, withEmail, reader });
      const page = rows.length > limit ? rows.slice(1) : rows;
      const first = page[0];
      const earlierCursor = rows.length > limit && first ? encodeCursor({ at: Number(first.createdAt), id: Number(first.id) }) : null;
      ctx.body = presentEarlierReplies(thread, page, earlierCursor, { viewer: user });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/modules/:moduleId/comments',
    access: 'user',
    params: moduleParams,
    body: postCommentSchema,
    // Posting and replying count against budgets of their own: a busy thread does not stop a new question.
    rateLimit: [
      { limit: 'comment', by: 'user', when: (ctx) => ctx.input.body.parentId === undefined },
      { limit: 'commentReply', by: 'user', when: (ctx) => ctx.input.body.parentId !== undefined },
      { limit: 'commentDay', by: 'user' },
    ],
    answer: { status: 201, body: discussionCommentDtoSchema },
    policy: discussionPoster,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const { module, replyTo: parent } = discussed(ctx.state);
      const { comment } = ctx.input.body;
      // A reply to a reply joins the same thread and names whom it answers.
      const thread = !parent
        ? undefined
        : parent.parentId === null
          ? { parentId: parent.id, replyToUserId: null }
          : { parentId: Number(parent.parentId), replyToUserId: parent.userId };
      // Too many links or a known spam pattern: it waits in the moderation queue (admins' own posts do not).
      const held = !canModerateComments(user) && needsApproval(comment);
      const commentId = await postComment(db, ctx.deps.clock, { moduleId: module!.id, userId: user.id, comment, thread, held });
      const row = (await commentRowById(db, commentId, canSeeCommenterEmail(user)))!;
      ctx.status = 201;
      ctx.body = presentComment(row, { viewer: user });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/modules/comments/:commentId',
    access: 'user',
    params: commentParams,
    answer: { body: messageDtoSchema },
    policy: commentDeleter,
    async handler(ctx) {
      await deleteComment(ctx.deps.db, ctx.deps.clock, discussed(ctx.state).comment!);
      ctx.body = { message: 'Comment deleted' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/comments/:commentId/answer',
    access: 'admin',
    params: commentParams,
    body: markAnswerSchema,
    answer: { body: messageDtoSchema },
    policy: answerMarker,
    async handler(ctx) {
      await markAnswer(ctx.deps.db, ctx.deps.clock, discussed(ctx.state).comment!, ctx.input.body.answer);
      ctx.body = { message: ctx.input.body.answer ? 'Marked as the answer' : 'No longer marked as the answer' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/comments/:commentId/pin',
    access: 'admin',
    params: commentParams,
    body: pinThreadSchema,
    answer: { body: messageDtoSchema },
    policy: threadPinner,
    async handler(ctx) {
      await pinThread(ctx.deps.db, ctx.deps.clock, discussed(ctx.state).comment!, ctx.input.body.pinned);
      ctx.body = { message: ctx.input.body.pinned ? 'Thread pinned' : 'Thread unpinned' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/comments/:commentId/follow',
    access: 'user',
    params: commentParams,
    body: followThreadSchema,
    answer: { body: followThreadDtoSchema },
    policy: threadFollower,
    async handler(ctx) {
      const { following } = ctx.input.body;
      const user = ctx.state.user;
      await followThread(ctx.deps.db, ctx.deps.clock, user.id, discussed(ctx.state).comment!.id, following);
      // Reply e-mails go only to a proven address (commands/replyMails.ts): say so rather than promise one.
      const mailed = canMailThreadReplies({ addressVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined }, { moderated: false });
      ctx.body = {
        following,
        message: !following
          ? 'You no longer follow this thread'
          : mailed
            ? 'You follow this thread: we will e-mail you when someone replies'
            : 'You follow this thread. To be e-mailed when someone replies, confirm your e-mail address: open the link we e-mailed you (your profile page can send it again).',
      } satisfies FollowThreadDto;
    },
  });

  commentModerationRoutes(routes);

  routes.add({
    method: 'put',
    path: '/api/discussion/settings',
    access: 'user',
    cache: 'no-store',
    body: discussionSettingsSchema,
    answer: { body: discussionSettingsDtoSchema },
    async handler(ctx) {
      await saveDiscussionSettings(ctx.deps.db, ctx.deps.clock, ctx.state.user.id, ctx.input.body);
      ctx.body = { showSchool: ctx.input.body.showSchool } satisfies DiscussionSettingsDto;
    },
  });
}
