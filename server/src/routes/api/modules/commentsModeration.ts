import {
  hideCommentSchema,
  id,
  messageDtoSchema,
  moderationQueueDtoSchema,
  moderationQueueQuery,
  reportCommentSchema,
  type CommentReportDto,
  type ModerationItemDto,
} from '@atrium/common';
import { z } from 'zod';
import { hideComment, reportComment, restoreComment } from '../../../commands/comments.ts';
import { toIso } from '../../../db/knex.ts';
import type { Comment } from '../../../models/Comment.ts';
import { commentModerator, commentReporter } from '../../../policies/comments.ts';
import { presentComment, presentDiscussionPage } from '../../../presenters/comments.ts';
import { moderationQueue } from '../../../queries/comments.ts';
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
      ctx.body = { message: 'Thank you: the moderators will look at this comment' };
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
      const reportsOf = new Map<number, CommentReportDto[]>();
      for (const report of queue.reports) {
        const list = reportsOf.get(Number(report.commentId)) ?? [];
        list.push({
          reason: report.reason as CommentReportDto['reason'],
          details: report.details,
          createdAt: toIso(report.createdAt)!,
          reporterFirstName: report.reporterFirstName,
          reporterLastName: report.reporterLastName,
        });
        reportsOf.set(Number(report.commentId), list);
      }
      const page = presentDiscussionPage(
        { threads: queue.threads, replies: queue.replies, nextCursor: null, total: 0, viewer: { showSchool: false, school: null }, followed: new Set() },
        { viewer },
      );
      const threadOf = new Map(page.threads.map((thread) => [thread.id, thread]));
      const items: ModerationItemDto[] = [];
      for (const row of queue.comments) {
        const comment = presentComment(row, { viewer });
        const thread = threadOf.get(comment.parentId ?? comment.id);
        const module = await catalogue.module(comment.moduleId);
        if (!thread || !module) continue;
        items.push({
          commentId: comment.id,
          module: { id: module.id, title: module.title, courseId: module.courseId },
          thread,
          reports: reportsOf.get(comment.id) ?? [],
          awaitingApproval: comment.awaitingApproval,
        });
      }
      ctx.body = { items, nextCursor };
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
      ctx.body = { message: 'Comment hidden' };
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
      ctx.body = { message: approving ? 'Comment approved' : hidden ? 'Comment restored' : 'Reports closed: the comment stays' };
    },
  });
}
