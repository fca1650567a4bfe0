import { deadlineSchema, groupCourseParams, groupMemberParams, groupMembersSchema, groupParams, groupSchema, schoolParams } from '@atrium/common';
import { adminOfSchool } from '../../../policies/schools.ts';
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

const owner = (id: number): GroupOwner => ({ kind: 'school', id });

/** Any school's staff groups, for the agency's admins (a school's managers: schools/groups.ts). */
export function adminSchoolGroupRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id/groups',
    access: 'admin',
    params: schoolParams,
    policy: adminOfSchool,
    cache: 'no-store',
    async handler(ctx) {
      await answerGroups(ctx, owner(ctx.input.params.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/groups',
    access: 'admin',
    params: schoolParams,
    body: groupSchema,
    policy: adminOfSchool,
    async handler(ctx) {
      await answerCreateGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.body.name);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/schools/:id/groups/:groupId',
    access: 'admin',
    params: groupParams,
    body: groupSchema,
    policy: adminOfSchool,
    async handler(ctx) {
      await answerRenameGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.name);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/schools/:id/groups/:groupId',
    access: 'admin',
    params: groupParams,
    policy: adminOfSchool,
    async handler(ctx) {
      await answerDeleteGroup(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/groups/:groupId/members',
    access: 'admin',
    params: groupParams,
    body: groupMembersSchema,
    policy: adminOfSchool,
    async handler(ctx) {
      await answerAddGroupMembers(ctx, ctx.state.user, owner(ctx.input.params.id), ctx.input.params.groupId, ctx.input.body.emails);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/schools/:id/groups/:groupId/members/:userId',
    access: 'admin',
    params: groupMemberParams,
    policy: adminOfSchool,
    async handler(ctx) {
      const { id, groupId, userId } = ctx.input.params;
      await answerRemoveGroupMember(ctx, ctx.state.user, owner(id), groupId, userId);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/schools/:id/groups/:groupId/courses/:courseId',
    access: 'admin',
    params: groupCourseParams,
    body: deadlineSchema,
    policy: adminOfSchool,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerAssignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/schools/:id/groups/:groupId/courses/:courseId',
    access: 'admin',
    params: groupCourseParams,
    policy: adminOfSchool,
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      await answerUnassignGroupCourse(ctx, ctx.state.user, owner(id), groupId, courseId);
    },
  });
}
