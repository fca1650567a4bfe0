import { deadlineSchema, groupCourseParams, groupMemberParams, groupMembersSchema, groupParams, groupSchema, schoolParams } from '@atrium/common';
import { schoolManager } from '../../../policies/schools.ts';
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
} from './groupAnswers.ts';

const owner = (id: number): GroupOwner => ({ kind: 'school', id });

/**
 * A school's staff groups, for its own managers: create, rename, delete, members, and courses given
 * with a deadline rule. The list also shows the school's trust's groups (read-only here, members of
 * this school only); the trust's managers change those under /api/trusts.
 */
export function schoolGroupRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/schools/:id/groups',
    access: 'user',
    params: schoolParams,
    policy: schoolManager,
    cache: 'no-store',
    async handler(ctx) {
      await answerGroups(ctx, owner(ctx.input.params.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/groups',
    access: 'user',
    params: schoolParams,
    body: groupSchema,
    policy: schoolManager,
    async handler(ctx) {
      await answerCreateGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.body.name);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/schools/:id/groups/:groupId',
    access: 'user',
    params: groupParams,
    body: groupSchema,
    policy: schoolManager,
    async handler(ctx) {
      await answerRenameGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.name);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/groups/:groupId',
    access: 'user',
    params: groupParams,
    policy: schoolManager,
    async handler(ctx) {
      await answerDeleteGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/groups/:groupId/members',
    access: 'user',
    params: groupParams,
    body: groupMembersSchema,
    policy: schoolManager,
    async handler(ctx) {
      await answerAddGroupMembers(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.emails);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/groups/:groupId/members/:userId',
    access: 'user',
    params: groupMemberParams,
    policy: schoolManager,
    async handler(ctx) {
      const { id, groupId, userId } = ctx.input.params;
      await answerRemoveGroupMember(ctx, ctx.state.user, owner(id), groupId, userId);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/schools/:id/groups/:groupId/courses/:courseId',
    access: 'user',
    params: groupCourseParams,
    body: deadlineSchema,
    policy: schoolManager,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerAssignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/groups/:groupId/courses/:courseId',
    access: 'user',
    params: groupCourseParams,
    policy: schoolManager,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerUnassignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId);
    },
  });
}
