import { z } from 'zod';
import { id } from './common.ts';
import { pageQuery } from './paging.ts';
import { TRAINING_STATUSES } from '../api/deadlines.ts';

/** A calendar day as YYYY-MM-DD that exists (no 31 April). */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a date as YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: 'Enter a real date',
  });

const newStaffDays = z.coerce
  .number({ message: 'Days must be a whole number from 1 to 365' })
  .int({ message: 'Days must be a whole number from 1 to 365' })
  .min(1, { message: 'Days must be a whole number from 1 to 365' })
  .max(365, { message: 'Days must be a whole number from 1 to 365' });

/**
 * A course's deadline for a school: a date every member must complete by, and/or a number of
 * days new staff get from joining. At least one of them; a date in the past is refused by the
 * server, which knows what day it is.
 */
export const deadlineSchema = z
  .object({
    completeBy: isoDate.nullable().optional().default(null),
    newStaffDays: newStaffDays.nullable().optional().default(null),
  })
  .refine((value) => value.completeBy !== null || value.newStaffDays !== null, {
    message: 'Set a date, a number of days for new staff, or both',
    path: ['completeBy'],
  });
export type DeadlineInput = z.infer<typeof deadlineSchema>;

export const schoolCourseParams = z.object({ id, courseId: id });

export const trainingStatusQuery = z.object({
  status: z.enum(TRAINING_STATUSES).optional(),
  courseId: id.optional(),
  /** Only members of this group (the school's own or its trust's). */
  groupId: id.optional(),
  ...pageQuery({ defaultLimit: 50, maxLimit: 500 }).shape,
});

/** The status counts of the list's other filters (the status chips choose among them). */
export const trainingCountsQuery = trainingStatusQuery.pick({ courseId: true, groupId: true });

/** A course's validity in months: empty means a certificate never expires. */
export const validityMonths = z.coerce
  .number({ message: 'Validity must be a whole number of months from 1 to 240' })
  .int({ message: 'Validity must be a whole number of months from 1 to 240' })
  .min(1, { message: 'Validity must be a whole number of months from 1 to 240' })
  .max(240, { message: 'Validity must be a whole number of months from 1 to 240' })
  .nullable();

export const unsubscribeQuery = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{20,100}$/, { message: 'This unsubscribe link is not valid' }),
});

/** A scheduled job's name in a path (the jobs are named in server/src/reminders/jobs.ts). */
export const schedulerJobParams = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, { message: 'Unknown job' }),
});
