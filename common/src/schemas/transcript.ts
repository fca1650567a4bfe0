import { z } from 'zod';
import { cpdHours } from './cpd.ts';
import { id, idParams, requiredText } from './common.ts';

export const EXTERNAL_TITLE_MAX = 200;
export const EXTERNAL_PROVIDER_MAX = 200;
const DATE_ERROR = 'Enter the date it was completed as YYYY-MM-DD';

/** A calendar day, YYYY-MM-DD, that exists; `message` when it is not. */
const dayWith = (message: string) =>
  z
    .string({ message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
    .refine(
      (value) => {
        const parsed = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && value >= '1970-01-01';
      },
      { message },
    );

const calendarDay = dayWith(DATE_ERROR);

/** POST /api/transcript/external: training done elsewhere (issue 59). The server refuses a date in the future. */
export const externalCpdSchema = z.object({
  title: requiredText(EXTERNAL_TITLE_MAX, 'Title is required', 'Title'),
  provider: requiredText(EXTERNAL_PROVIDER_MAX, 'Provider is required', 'Provider'),
  completedOn: calendarDay,
  cpdHours,
});

/** The "Add external CPD" form: hours typed as text. */
export const externalCpdFormSchema = externalCpdSchema.extend({
  cpdHours: z.string().transform((value, ctx) => {
    const typed = value.trim();
    const parsed = /^\d*(\.\d+)?$/.test(typed) && typed !== '' && typed !== '.' ? cpdHours.safeParse(Number(typed)) : null;
    if (!parsed?.success) {
      ctx.addIssue({ code: 'custom', message: parsed ? parsed.error.issues[0]!.message : 'Enter the hours as a number, e.g. 1.5' });
      return z.NEVER;
    }
    return parsed.data;
  }),
});

export type ExternalCpdInput = z.infer<typeof externalCpdSchema>;

/** POST /api/transcript/shares: an optional note of whom the link is for. */
export const transcriptShareSchema = z.object({
  label: z.string().trim().max(100, { message: 'The note can be at most 100 characters' }).default(''),
});

/** PUT /api/transcript/schools/:schoolId: whether that school sees the whole verified record. */
export const schoolCpdShareSchema = z.object({ shared: z.boolean({ message: 'Say whether to share: true or false' }) });

/** The token of a share link: 43 URL-safe characters (256 bits). Anything else is not found. */
export const recordTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Record not found' }),
});

/** /api/transcript/schools/:id: one of the person's schools. */
export const transcriptSchoolParams = idParams;

/** A day of a range; left out, the range starts with the school year of its end, or ends today. */
const rangeDay = z.preprocess((value) => (value === '' ? undefined : value), dayWith('Enter the dates as YYYY-MM-DD').optional());

/**
 * The hours of a school's or trust's people (register.xlsx, /cpd-hours): a range of days, both
 * included (the current school year when left out), and the staff list's filters: a group of
 * the school or its trust, a course (only that course's hours).
 */
export const cpdHoursQuery = z
  .object({
    from: rangeDay,
    to: rangeDay,
    groupId: id.optional(),
    courseId: id.optional(),
    /** The trust's view: one of its schools. */
    schoolId: id.optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'The start of the range must not be after its end', path: ['to'] })
  .refine((range) => !range.from || !range.to || Date.parse(range.to) - Date.parse(range.from) <= 20 * 366 * 86_400_000, {
    message: 'The range can be at most 20 years',
    path: ['to'],
  });
export type CpdHoursQuery = z.infer<typeof cpdHoursQuery>;
