import { deadlineSchema, groupCourseParams, groupMemberParams, groupMembersSchema, groupParams, groupSchema, trustParams } from '@atrium/common';
import { adminOfTrust } from '../../../policies/trusts.ts';
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

/** Any trust's staff groups, for the agency's admins (a trust's managers: trusts/groups.ts). */
export function adminTrustGroupRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/trusts/:id/groups',
    access: 'admin',
    params: trustParams,
    policy: adminOfTrust,
    cache: 'no-store',
    async handler(ctx) {
      await answerGroups(ctx, owner(ctx.input.params.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/trusts/:id/groups',
    access: 'admin',
    params: trustParams,
    body: groupSchema,
    policy: adminOfTrust,
    async handler(ctx) {
      await answerCreateGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.body.name);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/trusts/:id/groups/:groupId',
    access: 'admin',
    params: groupParams,
    body: groupSchema,
    policy: adminOfTrust,
    async handler(ctx) {
      await answerRenameGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.name);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/groups/:groupId',
    access: 'admin',
    params: groupParams,
    policy: adminOfTrust,
    async handler(ctx) {
      await answerDeleteGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/trusts/:id/groups/:groupId/members',
    access: 'admin',
    params: groupParams,
    body: groupMembersSchema,
    policy: adminOfTrust,
    async handler(ctx) {
      await answerAddGroupMembers(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.emails);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/groups/:groupId/members/:userId',
    access: 'admin',
    params: groupMemberParams,
    policy: adminOfTrust,
    async handler(ctx) {
      const { id, groupId, userId } = ctx.input.params;
      await answerRemoveGroupMember(ctx, ctx.state.user, owner(id), groupId, userId);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/trusts/:id/groups/:groupId/courses/:courseId',
    access: 'admin',
    params: groupCourseParams,
    body: deadlineSchema,
    policy: adminOfTrust,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerAssignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/groups/:groupId/courses/:courseId',
    access: 'admin',
    params: groupCourseParams,
    policy: adminOfTrust,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerUnassignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId);
    },
  });
}
