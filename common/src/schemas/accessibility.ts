import { z } from 'zod';
import { dayOf, isoDay } from '../rules/days.ts';
import { contactSchema } from './catalogue.ts';
import { captionLangTag } from './captions.ts';
import { email, optionalText } from './common.ts';
import { isoDate } from './deadlines.ts';

export const RESPONSE_DAYS_MAX = 60;
export const KNOWN_ISSUES_MAX = 5000;
/** Working days a report is answered within until an admin says otherwise (the model statement's usual promise). */
export const DEFAULT_RESPONSE_DAYS = 5;

const responseDaysMessage = `Give a whole number of working days from 1 to ${RESPONSE_DAYS_MAX}`;

/** `PUT /api/admin/accessibility`: the statement's parts the agency says itself. */
export const accessibilitySettingsSchema = z.object({
  contactEmail: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(email.nullable()),
  contactPhone: optionalText(50, 'Phone'),
  responseDays: z.coerce
    .number({ message: responseDaysMessage })
    .int({ message: responseDaysMessage })
    .min(1, { message: responseDaysMessage })
    .max(RESPONSE_DAYS_MAX, { message: responseDaysMessage }),
  testedOn: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(isoDate.nullable()),
  testedBy: optionalText(500, 'Reviewed by'),
  knownIssues: optionalText(KNOWN_ISSUES_MAX, 'Known issues'),
});

export type AccessibilitySettingsInput = z.infer<typeof accessibilitySettingsSchema>;

export const REVIEWED_IN_FUTURE = 'The last review cannot be in the future: give the day it was done';

/** The latest day somewhere on earth (UTC+14) at `nowMs`: a day after it has not begun anywhere yet. */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

/** Whether a review dated `day` (YYYY-MM-DD) is in the future at `nowMs` (the app clock), wherever the reviewer was. */
export function isFutureReviewDay(day: string, nowMs: number): boolean {
  return day > isoDay(dayOf(nowMs + EARLIEST_ZONE_MS));
}

/** The settings as checked at `nowMs`: the form checks with the browser's clock, the server again with its own. */
export const accessibilitySettingsSchemaAt = (nowMs: number) =>
  accessibilitySettingsSchema.superRefine((input, ctx) => {
    if (input.testedOn && isFutureReviewDay(input.testedOn, nowMs)) ctx.addIssue({ code: 'custom', path: ['testedOn'], message: REVIEWED_IN_FUTURE });
  });

/**
 * `POST /api/accessibility/reports` (public): a problem someone met, for the admin's inbox. The
 * same rules as the contact form's fields, and where it happened (a page address or a feature).
 */
export const accessibilityReportSchema = contactSchema.pick({ name: true, email: true, message: true }).extend({
  page: optionalText(500, 'Page or feature'),
});

export type AccessibilityReportInput = z.infer<typeof accessibilityReportSchema>;

/** `PUT /api/user/caption-preferences` */
export const captionPreferencesSchema = z.object({
  on: z.boolean({ message: 'on must be true or false' }),
  /** Left out: the language stays as it was. */
  lang: captionLangTag.nullable().optional(),
});
