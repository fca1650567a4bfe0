import { commentSchema, id, pageQuery } from '@atrium/common';
import { z } from 'zod';
import { deleteComment, postComment } from '../../../commands/comments.ts';
import { notFound } from '../../../errors.ts';
import type { Module } from '../../../models/Module.ts';
import type { User } from '../../../models/User.ts';
import { requireCourseView } from '../../../policies/courseAccess.ts';
import { canSeeCommenterEmail, requireCanDeleteComment } from '../../../policies/index.ts';
import { presentComment } from '../../../presenters/comments.ts';
import type { AppDeps } from '../../../context.ts';
import { commentById, moduleComments } from '../../../queries/comments.ts';
import type { Routes } from '../../define.ts';

const moduleParams = z.object({ moduleId: id });
const commentParams = z.object({ commentId: id });

// Comments carry their authors, so a page is smaller than an admin list's.
const listQuery = pageQuery({ defaultLimit: 50, maxLimit: 200 });

/** The module a discussion belongs to, once the caller is known to be allowed in. */
async function discussionModule({ db, catalogue }: AppDeps, user: User, moduleId: number): Promise<Readonly<Module>> {
  const module = await catalogue.module(moduleId);
  if (!module) throw notFound('Module not found');
  await requireCourseView(db, user, module.courseId, 'content');
  return module;
}

export function commentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/modules/:moduleId/comments',
    access: 'user',
    cache: 'no-store',
    params: moduleParams,
    query: listQuery,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const { moduleId } = ctx.input.params;
      const { limit, offset } = ctx.input.query;
      await discussionModule(ctx.deps, user, moduleId);
      const rows = await moduleComments(db, moduleId, { limit, offset, withEmail: canSeeCommenterEmail(user) });
      ctx.body = rows.map((row) => presentComment(row, user));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/modules/:moduleId/comments',
    access: 'user',
    params: moduleParams,
    body: commentSchema,
    rateLimit: { limit: 'comment', by: 'user' },
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const module = await discussionModule(ctx.deps, user, ctx.input.params.moduleId);
      const comment = await postComment(db, ctx.deps.clock, { moduleId: module.id, userId: user.id, comment: ctx.input.body.comment });
      ctx.status = 201;
      ctx.body = presentComment(
        {
          ...comment,
          userFirstName: user.firstName,
          userLastName: user.lastName,
          userProfileImageUrl: user.profileImageUrl,
          userEmail: user.email,
        },
        user,
      );
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/modules/comments/:commentId',
    access: 'user',
    params: commentParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const comment = await commentById(db, ctx.input.params.commentId);
      if (!comment) throw notFound('Comment not found');
      requireCanDeleteComment(ctx.state.user, comment);
      await deleteComment(db, comment.id);
      ctx.body = { message: 'Comment deleted' };
    },
  });
}
