import { hideCommentSchema, id, messageDtoSchema, moderationQueueDtoSchema, moderationQueueQuery, reportCommentSchema, type MessageDto } from '@atrium/common';
import { z } from 'zod';
import { hideComment, reportComment, restoreComment } from '../../../commands/comments.ts';
import type { Comment } from '../../../models/Comment.ts';
import type { Module } from '../../../models/Module.ts';
import { commentModerator, commentReporter } from '../../../policies/comments.ts';
import { presentModerationQueue } from '../../../presenters/comments.ts';
import { moderationQueue } from '../../../queries/comments.ts';
import { earlierOf } from './earlierReplies.ts';
import type { Routes } from '../../define.ts';
import { decodeCursor, encodeCursor } from '../../pageCursor.ts';

const commentParams = z.object({ commentId: id });
/** The comment the route's policy loaded and checked (policies/comments.ts). */
const checkedComment = (state: object) => (state as { comment?: Comment }).comment!;

/**
 * Moderating a module's discussion (issue 58 item 3): anyone who reads a module reports a
 * comment once; admins see the reported and held comments in their threads, and hide, restore
 * (or approve) them; deleting stays the comment's own DELETE route.
 */
export function commentModerationRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/modules/comments/:commentId/report',
    access: 'user',
    params: commentParams,
    body: reportCommentSchema,
    rateLimit: { limit: 'commentReport', by: 'user' },
    answer: { status: 201, body: messageDtoSchema },
    policy: commentReporter,
    async handler(ctx) {
      const comment = checkedComment(ctx.state);
      await reportComment(ctx.deps.db, ctx.deps.clock, {
        commentId: comment.id,
        userId: ctx.state.user.id,
        reason: ctx.input.body.reason,
        details: ctx.input.body.details,
      });
      ctx.status = 201;
      ctx.body = { message: 'Thank you: the moderators will look at this comment' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/moderation',
    access: 'admin',
    cache: 'no-store',
    query: moderationQueueQuery,
    answer: { body: moderationQueueDtoSchema },
    async handler(ctx) {
      const { db, catalogue } = ctx.deps;
      const viewer = ctx.state.user;
      const { limit } = ctx.input.query;
      const queue = await moderationQueue(db, { after: decodeCursor(ctx.input.query.cursor, 'moderation queue'), limit });
      const more = queue.comments.length > limit;
      queue.comments = queue.comments.slice(0, limit);
      const last = queue.comments.at(-1);
      const nextCursor = more && last ? encodeCursor({ at: Number(last.createdAt), id: Number(last.id) }) : null;
      const modules = new Map<number, Module>();
      for (const moduleId of new Set(queue.comments.map((row) => Number(row.moduleId)))) {
        const module = await catalogue.module(moduleId);
        if (module) modules.set(moduleId, module);
      }
      ctx.body = presentModerationQueue(queue, modules, nextCursor, { viewer }, earlierOf(queue.replies));
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/moderation/comments/:commentId/hide',
    access: 'admin',
    params: commentParams,
    body: hideCommentSchema,
    answer: { body: messageDtoSchema },
    policy: commentModerator,
    async handler(ctx) {
      await hideComment(ctx.deps.db, ctx.deps.clock, checkedComment(ctx.state).id, ctx.input.body.reason);
      ctx.body = { message: 'Comment hidden' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/moderation/comments/:commentId/restore',
    access: 'admin',
    params: commentParams,
    answer: { body: messageDtoSchema },
    policy: commentModerator,
    async handler(ctx) {
      const comment = checkedComment(ctx.state);
      const hidden = comment.hiddenAt !== null && comment.hiddenAt !== undefined;
      const approving = comment.heldAt !== null && comment.heldAt !== undefined && !hidden;
      await restoreComment(ctx.deps.db, ctx.deps.clock, comment.id);
      // A reported comment nobody hid stays as it was: what "restore" does for it is close its reports.
      ctx.body = { message: approving ? 'Comment approved' : hidden ? 'Comment restored' : 'Reports closed: the comment stays' } satisfies MessageDto;
    },
  });
}
