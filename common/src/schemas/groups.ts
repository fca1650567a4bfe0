import { z } from 'zod';
import { INVALID_EMAIL, invalidAddresses, invalidAddressesMessage, normalizeEmail } from '../rules/emailAddress.ts';
import { id, tooLong } from './common.ts';

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
  // Checked as a list, so one refusal names every entry that is not an address (issue 53 item 10),
  // before anything is looked up: the answer cannot tell which other addresses have accounts.
  emails: z
    .array(z.string({ message: INVALID_EMAIL }))
    .min(1, { message: 'Enter at least one e-mail address' })
    .max(500, { message: 'At most 500 people at once' })
    .transform((list, ctx) => {
      const invalid = invalidAddresses(list);
      if (invalid.length) {
        ctx.addIssue({ code: 'custom', message: `${invalidAddressesMessage(invalid)}. Nobody was added.` });
        return z.NEVER;
      }
      return list.flatMap((entry) => {
        const checked = normalizeEmail(entry);
        return checked.ok ? [checked.email] : [];
      });
    }),
});

export const groupParams = z.object({ id, groupId: id });
export const groupMemberParams = z.object({ id, groupId: id, userId: id });
export const groupCourseParams = z.object({ id, groupId: id, courseId: id });
