import {
  deadlineSchema,
  groupCourseParams,
  groupMemberParams,
  groupMembersSchema,
  groupParams,
  groupDtoSchema,
  groupMembersAddedDtoSchema,
  groupSchema,
  groupsDtoSchema,
  type GroupMembersAddedDto,
  type schoolParams,
} from '@atrium/common';
import { addGroupMembers, assignGroupCourse, createGroup, deleteGroup, removeGroupMember, renameGroup, unassignGroupCourse } from '../commands/groups.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import { presentGroups, presentGroupsPage } from '../presenters/groups.ts';
import { assignableCourses, groupsInView, type GroupOwner } from '../queries/groups.ts';
import type { Routes } from './define.ts';

/** The route policy that decides who may act for the owner named by `:id` (policies/schools.ts, policies/trusts.ts). */
export type GroupOwnerPolicy = (ctx: { deps: { db: Db }; state: { user: User | null }; input: { params: { id: number } } }) => Promise<void>;

export interface GroupRoutesOptions {
  /** The owner's path, ending in its `:id`: `/api/schools/:id`, `/api/admin/trusts/:id`. */
  base: string;
  /** Whose groups `:id` names. */
  owner: GroupOwner['kind'];
  /** The owner's `:id` as its other routes read it (`schoolParams`, `trustParams`). */
  params: typeof schoolParams;
  access: 'user' | 'admin';
  policy: GroupOwnerPolicy;
}

/**
 * A school's or a trust's staff groups under `base`: list, create, rename, delete, members, and
 * courses given with a deadline rule. Mounted for a school's managers (schools/groups.ts), a
 * trust's (trusts/groups.ts) and the agency's admins for either (admin/schoolGroups.ts,
 * admin/trustGroups.ts): the routes are the same, only who may call them differs, so the policy
 * is the caller's to give. Every command then finds the group among that owner's own, so a group
 * id of another school or trust is a 404 whoever asks.
 */
export function groupRoutes(routes: Routes, { base, owner: kind, params: ownerParams, access, policy }: GroupRoutesOptions): void {
  const owner = (id: number): GroupOwner => ({ kind, id });
  const presentOne = async (ctx: AppContext, of: GroupOwner, groupId: number) => presentGroups(of, await groupsInView(ctx.deps.db, of, groupId))[0]!;

  routes.add({
    method: 'get',
    path: `${base}/groups`,
    access,
    params: ownerParams,
    policy,
    answer: { body: groupsDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      const of = owner(ctx.input.params.id);
      const [rows, courses] = await Promise.all([groupsInView(ctx.deps.db, of), assignableCourses(ctx.deps.db, of)]);
      ctx.body = presentGroupsPage(of, rows, courses);
    },
  });

  routes.add({
    method: 'post',
    path: `${base}/groups`,
    access,
    params: ownerParams,
    body: groupSchema,
    policy,
    answer: { status: 201, body: groupDtoSchema },
    async handler(ctx) {
      const of = owner(ctx.input.params.id);
      const groupId = await createGroup(ctx.deps.db, of, ctx.input.body.name, ctx.now());
      ctx.state.log.info({ owner: of, groupId, by: ctx.state.user.id }, 'group created');
      ctx.status = 201;
      ctx.body = await presentOne(ctx, of, groupId);
    },
  });

  routes.add({
    method: 'patch',
    path: `${base}/groups/:groupId`,
    access,
    params: groupParams,
    body: groupSchema,
    policy,
    answer: { body: groupDtoSchema },
    async handler(ctx) {
      const { id, groupId } = ctx.input.params;
      await renameGroup(ctx.deps.db, owner(id), groupId, ctx.input.body.name);
      ctx.state.log.info({ owner: owner(id), groupId, by: ctx.state.user.id }, 'group renamed');
      ctx.body = await presentOne(ctx, owner(id), groupId);
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/groups/:groupId`,
    access,
    params: groupParams,
    policy,
    answer: { status: 204 },
    async handler(ctx) {
      const { id, groupId } = ctx.input.params;
      await deleteGroup(ctx.deps.db, owner(id), groupId);
      ctx.state.log.info({ owner: owner(id), groupId, by: ctx.state.user.id }, 'group deleted');
      ctx.status = 204;
    },
  });

  routes.add({
    method: 'post',
    path: `${base}/groups/:groupId/members`,
    access,
    params: groupParams,
    body: groupMembersSchema,
    policy,
    answer: { body: groupMembersAddedDtoSchema },
    async handler(ctx) {
      const { id, groupId } = ctx.input.params;
      const added = await addGroupMembers(ctx.deps.db, owner(id), groupId, ctx.input.body.emails, ctx.now());
      ctx.state.log.info({ owner: owner(id), groupId, added, by: ctx.state.user.id }, 'group members added');
      ctx.body = { added, group: await presentOne(ctx, owner(id), groupId) } satisfies GroupMembersAddedDto;
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/groups/:groupId/members/:userId`,
    access,
    params: groupMemberParams,
    policy,
    answer: { body: groupDtoSchema },
    async handler(ctx) {
      const { id, groupId, userId } = ctx.input.params;
      if (await removeGroupMember(ctx.deps.db, owner(id), groupId, userId))
        ctx.state.log.info({ owner: owner(id), groupId, userId, by: ctx.state.user.id }, 'group member removed');
      ctx.body = await presentOne(ctx, owner(id), groupId);
    },
  });

  routes.add({
    method: 'put',
    path: `${base}/groups/:groupId/courses/:courseId`,
    access,
    params: groupCourseParams,
    body: deadlineSchema,
    policy,
    answer: { body: groupDtoSchema },
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      const user = ctx.state.user;
      await assignGroupCourse(ctx.deps.db, owner(id), groupId, courseId, ctx.input.body, user.id, ctx.now());
      ctx.state.log.info({ owner: owner(id), groupId, courseId, by: user.id, ...ctx.input.body }, 'course given to a group');
      ctx.body = await presentOne(ctx, owner(id), groupId);
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/groups/:groupId/courses/:courseId`,
    access,
    params: groupCourseParams,
    policy,
    answer: { body: groupDtoSchema },
    async handler(ctx) {
      const { id, groupId, courseId } = ctx.input.params;
      if (await unassignGroupCourse(ctx.deps.db, owner(id), groupId, courseId))
        ctx.state.log.info({ owner: owner(id), groupId, courseId, by: ctx.state.user.id }, 'course taken from a group');
      ctx.body = await presentOne(ctx, owner(id), groupId);
    },
  });
}
