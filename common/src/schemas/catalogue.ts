import { z } from 'zod';
import { email, id, optionalText, requiredText, tooLong } from './common.ts';
import { parseVimeoInput } from '../rules/vimeo.ts';
import { parseDurationInput } from '../rules/format.ts';
import { MAX_PRICE_PENCE, poundsToPence, PRICE_ERROR } from '../rules/money.ts';
import { currencySchema, priceListSchema } from './prices.ts';
import { validityMonths } from './deadlines.ts';
import { passMark, quizRequired } from './quizzes.ts';
import { courseCpdFields, courseCpdFormFields } from './cpd.ts';

export { MAX_PRICE_PENCE };
/** Length limits of course and module text (the columns' widths); forms count against them. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 10_000;
export const COMMENT_MAX = 2000;
/** Twelve hours: longer than any training video, small enough to catch a typo in seconds. */
export const MAX_MODULE_DURATION = 12 * 60 * 60;

/** An https address or a path on this site; `//host` and `/\\host` are other sites, which browsers read as protocol-relative. */
const thumbnailIsSafe = (value: string | null) => value === null || /^(https:\/\/|\/(?![/\\]))/.test(value);
const thumbnailMessage = { message: 'Thumbnail must be an https:// address or a path on this site' };
const coursePrice = z.number().int().min(0).max(MAX_PRICE_PENCE);

const SALES_VIDEO_HINT = 'Enter the Vimeo id of a public video (e.g. 76979871) or its vimeo.com link';

/**
 * The course card's preview video, stored as its bare Vimeo id: a link is reduced to it, anything
 * else is refused. A private link (with an `h=` hash) is refused too: the card plays by id alone,
 * so a private video would show every visitor Vimeo's error.
 */
const salesVideo = (value: string | null, ctx: z.RefinementCtx): string | null => {
  if (value === null) return null;
  const parsed = parseVimeoInput(value);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: SALES_VIDEO_HINT });
    return z.NEVER;
  }
  if (parsed.hash) {
    ctx.addIssue({
      code: 'custom',
      message: 'This is a private Vimeo link; the course card can only play a public video. Make the video public on Vimeo, or leave this empty.',
    });
    return z.NEVER;
  }
  return parsed.id;
};

/**
 * Optional text on an update. Absent keeps the stored value; null or '' clears it. (optionalText
 * cannot be reused: it turns an absent key into null, which would wipe the field.)
 */
const clearableText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong(field, max))
    .nullable()
    .transform((value) => (value ? value : null));

export const courseSchema = z.object({
  title: requiredText(TITLE_MAX, 'Please fill in all course details.', 'Title'),
  description: requiredText(DESCRIPTION_MAX, 'Please fill in all course details.', 'Description'),
  price: coursePrice.default(0),
  thumbnail: optionalText(1000, 'Thumbnail URL').refine(thumbnailIsSafe, thumbnailMessage),
  salesVideoId: optionalText(200, 'Sales video').transform(salesVideo),
  /** Price per currency; GBP sets `price` too. */
  prices: priceListSchema.optional(),
  /** Months a certificate stays current; absent or null: it never expires. */
  validityMonths: validityMonths.optional(),
  /** "Completion requires watching" (issue 36): Mark as Complete only once 90 % was played. */
  requiresWatching: z.boolean({ message: 'Completion requires watching must be true or false' }).optional(),
  /** Percent a knowledge check needs to pass (issue 36); 80 when not given. */
  passMark: passMark.optional(),
  /** The certificate requires passing the final quiz; false when not given. */
  quizRequired: quizRequired.optional(),
  /** Its CPD value (issue 59): hours to a quarter hour, CEUs, standards tags. */
  ...courseCpdFields,
});

/**
 * The admin course form: courseSchema with the price typed in pounds (empty for free) and a
 * message per missing field (the toast says what the server would: fill in everything).
 */
export const courseFormSchema = courseSchema.extend({
  title: requiredText(TITLE_MAX, 'Title is required', 'Title'),
  description: requiredText(DESCRIPTION_MAX, 'Description is required', 'Description'),
  price: z.string().transform((value, ctx) => {
    const pence = value.trim() === '' ? 0 : poundsToPence(value);
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message: PRICE_ERROR });
      return z.NEVER;
    }
    return pence;
  }),
  // Typed as text: empty means a certificate never expires.
  validityMonths: z.string().transform((value, ctx) => {
    if (value.trim() === '') return null;
    const months = validityMonths.safeParse(value.trim());
    if (!months.success) {
      ctx.addIssue({ code: 'custom', message: months.error.issues[0]!.message });
      return z.NEVER;
    }
    return months.data;
  }),
  ...courseCpdFormFields,
});

/** PUT /api/courses/:id: the same fields, each optional; an omitted field keeps its value. */
export const courseUpdateSchema = z.object({
  title: requiredText(TITLE_MAX, 'Please fill in all course details.', 'Title').optional(),
  description: requiredText(DESCRIPTION_MAX, 'Please fill in all course details.', 'Description').optional(),
  price: coursePrice.optional(),
  thumbnail: clearableText(1000, 'Thumbnail URL').refine(thumbnailIsSafe, thumbnailMessage).optional(),
  salesVideoId: clearableText(200, 'Sales video').transform(salesVideo).optional(),
  /** The whole list: a currency left out is no longer offered. */
  prices: priceListSchema.optional(),
  validityMonths: validityMonths.optional(),
  requiresWatching: z.boolean({ message: 'Completion requires watching must be true or false' }).optional(),
  /** Percent a knowledge check needs to pass (issue 36); 80 when not given. */
  passMark: passMark.optional(),
  /** The certificate requires passing the final quiz; false when not given. */
  quizRequired: quizRequired.optional(),
  ...courseCpdFields,
});

const vimeoVideo = z
  .string({ message: 'Video id is required' })
  .trim()
  .min(1, { message: 'Video id is required' })
  .max(500)
  .transform((value, ctx) => {
    const parsed = parseVimeoInput(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Vimeo video id (e.g. 76979871) or a vimeo.com link' });
      return z.NEVER;
    }
    return parsed;
  });

const moduleDuration = z.number().int().min(0).max(MAX_MODULE_DURATION);
const moduleOrderIndex = z.number().int().min(1).max(100_000);

export const moduleSchema = z.object({
  title: requiredText(TITLE_MAX, 'Title is required', 'Title'),
  description: optionalText(DESCRIPTION_MAX, 'Description').transform((value) => value ?? ''),
  vimeoVideoId: vimeoVideo,
  duration: moduleDuration.default(0),
  courseId: id,
  orderIndex: moduleOrderIndex.optional(),
});

/** The duration as an admin types it: MM:SS or decimal minutes, empty for 0. */
const durationInput = z
  .string()
  .transform((value, ctx) => {
    const seconds = parseDurationInput(value);
    if (seconds === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter the duration as MM:SS (e.g. 12:30) or as minutes (e.g. 12.5)' });
      return z.NEVER;
    }
    return seconds;
  })
  .pipe(z.number().int().min(0).max(MAX_MODULE_DURATION, { message: 'A module can be at most 12 hours long' }));

/**
 * The admin module form: moduleSchema's fields as typed (the course and position come from the
 * page, not from a field). The parsed values are what POST and PUT /api/modules take.
 */
export const moduleFormSchema = moduleSchema.omit({ courseId: true, orderIndex: true, duration: true }).extend({ duration: durationInput });

/** PUT /api/modules/:id: the same fields, each optional; an omitted field keeps its value. */
export const moduleUpdateSchema = z.object({
  title: requiredText(TITLE_MAX, 'Title is required', 'Title').optional(),
  description: clearableText(DESCRIPTION_MAX, 'Description')
    .transform((value) => value ?? '')
    .optional(),
  vimeoVideoId: vimeoVideo.optional(),
  duration: moduleDuration.optional(),
  courseId: id.optional(),
  orderIndex: moduleOrderIndex.optional(),
});

export const moduleOrderSchema = z.object({
  moduleIds: z.array(id).min(1).max(1000),
});

/**
 * POST /api/enrollments. `currency` is the one the course's price was shown in (the caller's
 * chosen currency when absent): a course free in it enrolls at once (common/rules/pricing.ts).
 */
export const enrollmentSchema = z.object({ courseId: id, currency: currencySchema.optional() });

/** The last 10-second bucket of a 24-hour video, and how many one progress report may name. */
export const MAX_BUCKET = 8639;
export const MAX_PLAYED_BUCKETS = 360;

export const progressSchema = z.object({
  moduleId: id,
  courseId: id,
  /** Seconds; clamped to [0, duration] by the server. */
  watchedDuration: z.number().finite().default(0),
  /**
   * Distinct seconds the player played (issue 36); clamped like watchedDuration. Absent: the
   * report's watchedDuration, except on Mark as Complete, whose watchedDuration is not a play.
   */
  playedSeconds: z.number().finite().optional(),
  isCompleted: z.boolean().optional().default(false),
  position: z.number().finite().optional(),
  /**
   * The 10-second buckets of the video played since the last report (bucket b = seconds
   * [10 b, 10 b + 10)), for the retention curve. Bounded: a report names at most an hour of them.
   */
  playedBuckets: z
    .array(z.number().int().min(0).max(MAX_BUCKET, { message: 'A bucket is at most 8639 (24 hours)' }), { message: 'A list of bucket numbers' })
    .max(MAX_PLAYED_BUCKETS, { message: `At most ${MAX_PLAYED_BUCKETS} buckets per report` })
    .optional(),
});

export const commentSchema = z.object({
  comment: z
    .string({ message: 'Please write something before posting' })
    .trim()
    .min(1, { message: 'Comment cannot be empty' })
    .max(COMMENT_MAX, { message: 'Comments can be at most 2,000 characters' }),
});

export const adminEnrollSchema = z.object({
  studentEmail: z.string({ message: 'No student selected' }).trim().toLowerCase().min(1, { message: 'No student selected' }).max(254),
  courseId: id,
});

/** The contact form shows the server's message as is, so every rule says what to fix. */
const contactText = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(max, { message: `${field} can be at most ${max.toLocaleString('en-GB')} characters` });

const contactOptional = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, { message: `${field} can be at most ${max.toLocaleString('en-GB')} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

export const contactSchema = z.object({
  name: contactText('Name', 200),
  email: z.string({ message: 'Email is required' }).pipe(email),
  company: contactOptional('School or company', 200),
  phone: contactOptional('Phone', 50),
  message: contactText('Message', 5000),
  source: z.enum(['landing', 'widget'], { message: "Source must be 'landing' or 'widget'" }).optional().default('landing'),
});

/** PATCH /api/admin/contact-messages/:id */
export const contactMessageUpdateSchema = z.object({
  handled: z.boolean({ message: 'handled must be true or false' }),
});

export type CourseInput = z.infer<typeof courseSchema>;
export type CourseUpdateInput = z.infer<typeof courseUpdateSchema>;
export type ModuleInput = z.infer<typeof moduleSchema>;
export type ModuleUpdateInput = z.infer<typeof moduleUpdateSchema>;
export type ProgressInput = z.infer<typeof progressSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
