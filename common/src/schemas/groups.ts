import { z } from 'zod';
import { email, id, tooLong } from './common.ts';

export const GROUP_NAME_MAX = 100;

/** A group's name: trimmed, inner spaces collapsed; compared without case (groupNameKey). */
export const groupName = z
  .string({ message: 'Enter a group name' })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, { message: 'Enter a group name' }).max(GROUP_NAME_MAX, tooLong('Group name', GROUP_NAME_MAX)));

/** How two names are compared: "Office" and " office " name the same group. */
export const groupNameKey = (name: string): string => name.replace(/\s+/g, ' ').trim().toLowerCase();

export const groupSchema = z.object({ name: groupName });
export type GroupInput = z.infer<typeof groupSchema>;

/** Adds people by address (the school's, or the trust's schools', staff only), up to 500 at once. */
export const groupMembersSchema = z.object({
  emails: z.array(email).min(1, { message: 'Choose at least one person' }).max(500, { message: 'At most 500 people at once' }),
});

export const groupParams = z.object({ id, groupId: id });
export const groupMemberParams = z.object({ id, groupId: id, userId: id });
export const groupCourseParams = z.object({ id, groupId: id, courseId: id });
