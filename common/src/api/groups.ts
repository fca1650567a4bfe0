/**
 * Staff groups (issue 39): a school's or a trust's groups ("Teaching assistants", "Office"), who is
 * in them, and the courses given to each with a deadline rule. A course given to a group at a level
 * (the school, or the trust) is required at that level only of the groups' members; see
 * docs/features/trusts.md, "Groups, and courses given to a group".
 */

import { z } from 'zod';

export const groupOwnerKindSchema = z.enum(['school', 'trust']);
export type GroupOwnerKind = z.infer<typeof groupOwnerKindSchema>;

export const groupMemberDtoSchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    /** The member's school (a trust's groups span its schools). */
    schoolName: z.string(),
    /** When they joined the group (YYYY-MM-DD): the start of a rule's days for new staff. */
    joinedOn: z.string(),
  })
  .meta({ id: 'GroupMemberDto' });
export type GroupMemberDto = z.infer<typeof groupMemberDtoSchema>;

export const groupCourseDtoSchema = z
  .object({
    courseId: z.number(),
    title: z.string(),
    /** YYYY-MM-DD, or null for a rule of days for new staff. */
    completeBy: z.string().nullable(),
    newStaffDays: z.number().nullable(),
  })
  .meta({ id: 'GroupCourseDto' });
export type GroupCourseDto = z.infer<typeof groupCourseDtoSchema>;

export const groupDtoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    owner: groupOwnerKindSchema,
    /** False for a trust's group seen from one of its schools: the trust's managers change it. */
    editable: z.boolean(),
    /** Members in view (from a school: its own staff only). */
    members: z.array(groupMemberDtoSchema),
    courses: z.array(groupCourseDtoSchema),
  })
  .meta({ id: 'GroupDto' });
export type GroupDto = z.infer<typeof groupDtoSchema>;

/** GET …/groups: the groups in view, by name, and the courses that can be given to them. */
export const groupsDtoSchema = z
  .object({
    groups: z.array(groupDtoSchema),
    courses: z.array(z.object({ id: z.number(), title: z.string() })),
  })
  .meta({ id: 'GroupsDto' });
export type GroupsDto = z.infer<typeof groupsDtoSchema>;

/** POST …/groups/:groupId/members: how many were added (people already in it are left as they are). */
export const groupMembersAddedDtoSchema = z
  .object({
    added: z.number(),
    group: groupDtoSchema,
  })
  .meta({ id: 'GroupMembersAddedDto' });
export type GroupMembersAddedDto = z.infer<typeof groupMembersAddedDtoSchema>;
