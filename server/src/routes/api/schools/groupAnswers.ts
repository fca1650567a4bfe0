import type { DeadlineInput, GroupMembersAddedDto, GroupsDto } from '@atrium/common';
import { addGroupMembers, assignGroupCourse, createGroup, deleteGroup, removeGroupMember, renameGroup, unassignGroupCourse } from '../../../commands/groups.ts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import { presentGroups } from '../../../presenters/groups.ts';
import { assignableCourses, groupsInView, type GroupOwner } from '../../../queries/groups.ts';

// The answers of the groups routes, shared by a school's managers (schools/groups.ts), a trust's
// (trusts/groups.ts) and the agency's admins (admin/schoolGroups.ts, admin/trustGroups.ts): each
// route's policy decided who may act for the owner; every command finds the group among that
// owner's own.

const now = (ctx: AppContext) => ctx.deps.clock.now().getTime();

export async function answerGroups(ctx: AppContext, owner: GroupOwner): Promise<void> {
  const { db } = ctx.deps;
  const [rows, courses] = await Promise.all([groupsInView(db, owner), assignableCourses(db, owner)]);
  ctx.body = {
    groups: presentGroups(owner, rows),
    courses: courses.map((course) => ({ id: Number(course.id), title: course.title })),
  } satisfies GroupsDto;
}

async function presentOne(ctx: AppContext, owner: GroupOwner, groupId: number) {
  const [group] = presentGroups(owner, await groupsInView(ctx.deps.db, owner, groupId));
  return group!;
}

export async function answerCreateGroup(ctx: AppContext, user: User, owner: GroupOwner, name: string): Promise<void> {
  const id = await createGroup(ctx.deps.db, owner, name, now(ctx));
  ctx.state.log.info({ owner, groupId: id, by: user.id }, 'group created');
  ctx.status = 201;
  ctx.body = await presentOne(ctx, owner, id);
}

export async function answerRenameGroup(ctx: AppContext, user: User, owner: GroupOwner, groupId: number, name: string): Promise<void> {
  await renameGroup(ctx.deps.db, owner, groupId, name);
  ctx.state.log.info({ owner, groupId, by: user.id }, 'group renamed');
  ctx.body = await presentOne(ctx, owner, groupId);
}

export async function answerDeleteGroup(ctx: AppContext, user: User, owner: GroupOwner, groupId: number): Promise<void> {
  await deleteGroup(ctx.deps.db, owner, groupId);
  ctx.state.log.info({ owner, groupId, by: user.id }, 'group deleted');
  ctx.status = 204;
}

export async function answerAddGroupMembers(ctx: AppContext, user: User, owner: GroupOwner, groupId: number, emails: string[]): Promise<void> {
  const added = await addGroupMembers(ctx.deps.db, owner, groupId, emails, now(ctx));
  ctx.state.log.info({ owner, groupId, added, by: user.id }, 'group members added');
  ctx.body = { added, group: await presentOne(ctx, owner, groupId) } satisfies GroupMembersAddedDto;
}

export async function answerRemoveGroupMember(ctx: AppContext, user: User, owner: GroupOwner, groupId: number, userId: number): Promise<void> {
  if (await removeGroupMember(ctx.deps.db, owner, groupId, userId)) ctx.state.log.info({ owner, groupId, userId, by: user.id }, 'group member removed');
  ctx.body = await presentOne(ctx, owner, groupId);
}

export async function answerAssignGroupCourse(
  ctx: AppContext,
  user: User,
  owner: GroupOwner,
  groupId: number,
  courseId: number,
  input: DeadlineInput,
): Promise<void> {
  await assignGroupCourse(ctx.deps.db, owner, groupId, courseId, input, user.id, now(ctx));
  ctx.state.log.info({ owner, groupId, courseId, by: user.id, ...input }, 'course given to a group');
  ctx.body = await presentOne(ctx, owner, groupId);
}

export async function answerUnassignGroupCourse(ctx: AppContext, user: User, owner: GroupOwner, groupId: number, courseId: number): Promise<void> {
  if (await unassignGroupCourse(ctx.deps.db, owner, groupId, courseId))
    ctx.state.log.info({ owner, groupId, courseId, by: user.id }, 'course taken from a group');
  ctx.body = await presentOne(ctx, owner, groupId);
}
