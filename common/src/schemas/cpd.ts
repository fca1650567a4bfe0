import { z } from 'zod';
import {
  CEUS_ERROR,
  ceuHundredthsOf,
  CPD_HOURS_QUARTER_ERROR,
  CPD_HOURS_RANGE_ERROR,
  CPD_STANDARD_MAX,
  dedupeStandards,
  MAX_CEUS,
  MAX_CPD_HOURS,
  MAX_CPD_STANDARDS,
  quarterHoursOf,
  splitStandards,
} from '../rules/cpd.ts';

/** Hours to a quarter hour, 0.25–500 (issue 59). */
export const cpdHours = z
  .number({ message: 'CPD hours must be a number of hours, e.g. 1.5' })
  .min(0.25, { message: CPD_HOURS_RANGE_ERROR })
  .max(MAX_CPD_HOURS, { message: CPD_HOURS_RANGE_ERROR })
  .refine((value) => quarterHoursOf(value) !== null, { message: CPD_HOURS_QUARTER_ERROR });

/** CEUs to a hundredth, 0.01–50. */
export const ceus = z
  .number({ message: CEUS_ERROR })
  .min(0.01, { message: CEUS_ERROR })
  .max(MAX_CEUS, { message: CEUS_ERROR })
  .refine((value) => ceuHundredthsOf(value) !== null, { message: CEUS_ERROR });

const STANDARDS_COUNT_ERROR = `At most ${MAX_CPD_STANDARDS} standards or frameworks`;
const STANDARD_LENGTH_ERROR = `Each standard or framework can be at most ${CPD_STANDARD_MAX} characters`;

/** Free-text tags ("Teachers' Standards 8", "ISTE 2.6"): trimmed, repeats once, at most 12 of 60 characters. */
export const cpdStandards = z
  .array(z.string({ message: 'Each standard or framework must be text' }).max(200, { message: STANDARD_LENGTH_ERROR }), {
    message: 'Standards must be a list of text tags',
  })
  .max(50, { message: STANDARDS_COUNT_ERROR })
  .transform(dedupeStandards)
  .pipe(z.array(z.string().max(CPD_STANDARD_MAX, { message: STANDARD_LENGTH_ERROR })).max(MAX_CPD_STANDARDS, { message: STANDARDS_COUNT_ERROR }));

/** The CPD fields of POST and PUT /api/courses: null (or []) clears one, absent keeps it. */
export const courseCpdFields = {
  cpdHours: cpdHours.nullable().optional(),
  ceus: ceus.nullable().optional(),
  cpdStandards: cpdStandards.optional(),
};

/** A number as typed in a form field: empty is null; otherwise it must read as a plain decimal. */
const typedNumber = (inner: z.ZodType<number>, notANumber: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const typed = (value ?? '').trim();
      if (typed === '') return null;
      if (!/^\d*(\.\d+)?$/.test(typed) || typed === '.') {
        ctx.addIssue({ code: 'custom', message: notANumber });
        return z.NEVER;
      }
      const parsed = inner.safeParse(Number(typed));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      return parsed.data;
    });

/** The course form's CPD fields as typed: hours and CEUs as decimals, standards comma-separated. */
export const courseCpdFormFields = {
  cpdHours: typedNumber(cpdHours, 'Enter CPD hours as a number, e.g. 1.5'),
  ceus: typedNumber(ceus, CEUS_ERROR),
  cpdStandards: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = cpdStandards.safeParse(splitStandards(value ?? ''));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      return parsed.data;
    }),
};
