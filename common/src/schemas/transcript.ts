import { z } from 'zod';
import { cpdHours } from './cpd.ts';
import { requiredText } from './common.ts';

export const EXTERNAL_TITLE_MAX = 200;
export const EXTERNAL_PROVIDER_MAX = 200;
const DATE_ERROR = 'Enter the date it was completed as YYYY-MM-DD';

/** A calendar day, YYYY-MM-DD, that exists. */
const calendarDay = z
  .string({ message: DATE_ERROR })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_ERROR })
  .refine(
    (value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && value >= '1970-01-01';
    },
    { message: DATE_ERROR },
  );

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
