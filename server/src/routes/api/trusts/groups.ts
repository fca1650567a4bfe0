import { deadlineSchema, groupCourseParams, groupMemberParams, groupMembersSchema, groupParams, groupSchema, trustParams } from '@atrium/common';
import { trustManager } from '../../../policies/trusts.ts';
import type { GroupOwner } from '../../../queries/groups.ts';
import type { Routes } from '../../define.ts';
import {
  answerAddGroupMembers,
  answerAssignGroupCourse,
  answerCreateGroup,
  answerDeleteGroup,
  answerGroups,
  answerRemoveGroupMember,
  answerRenameGroup,
  answerUnassignGroupCourse,
} from '../schools/groupAnswers.ts';

const owner = (id: number): GroupOwner => ({ kind: 'trust', id });

/**
 * A trust's staff groups (across its schools), for the trust's own managers; a school's own groups
 * are its managers' (/api/schools/:id/groups).
 */
export function trustGroupRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/trusts/:id/groups',
    access: 'user',
    params: trustParams,
    policy: trustManager,
    cache: 'no-store',
    async handler(ctx) {
      await answerGroups(ctx, owner(ctx.input.params.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/trusts/:id/groups',
    access: 'user',
    params: trustParams,
    body: groupSchema,
    policy: trustManager,
    async handler(ctx) {
      await answerCreateGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.body.name);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/trusts/:id/groups/:groupId',
    access: 'user',
    params: groupParams,
    body: groupSchema,
    policy: trustManager,
    async handler(ctx) {
      await answerRenameGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.name);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/trusts/:id/groups/:groupId',
    access: 'user',
    params: groupParams,
    policy: trustManager,
    async handler(ctx) {
      await answerDeleteGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/trusts/:id/groups/:groupId/members',
    access: 'user',
    params: groupParams,
    body: groupMembersSchema,
    policy: trustManager,
    async handler(ctx) {
      await answerAddGroupMembers(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.emails);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/trusts/:id/groups/:groupId/members/:userId',
    access: 'user',
    params: groupMemberParams,
    policy: trustManager,
    async handler(ctx) {
      const { id, groupId, userId } = ctx.input.params;
      await answerRemoveGroupMember(ctx, ctx.state.user, owner(id), groupId, userId);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/trusts/:id/groups/:groupId/courses/:courseId',
    access: 'user',
    params: groupCourseParams,
    body: deadlineSchema,
    policy: trustManager,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerAssignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/trusts/:id/groups/:groupId/courses/:courseId',
    access: 'user',
    params: groupCourseParams,
    policy: trustManager,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerUnassignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId);
    },
  });
}
