import { z } from 'zod';
import { id, optionalText, requiredText } from './common.ts';
import { parseVimeoInput } from '../rules/vimeo.ts';

/** Prices are integer pence; £100,000 is far beyond any course. */
export const MAX_PRICE_PENCE = 10_000_000;
/** Twelve hours: longer than any training video, small enough to catch a typo in seconds. */
export const MAX_MODULE_DURATION = 12 * 60 * 60;

export const courseSchema = z.object({
  title: requiredText(200, 'Please fill in all course details.'),
  description: requiredText(10_000, 'Please fill in all course details.'),
  price: z.number().int().min(0).max(MAX_PRICE_PENCE).default(0),
  thumbnail: optionalText(1000).refine((value) => value === null || /^(https:\/\/|\/)/.test(value), {
    message: 'Thumbnail must be an https:// address or a path on this site',
  }),
  salesVideoId: optionalText(200),
});

const vimeoVideo = z
  .string({ message: 'Video id is required' })
  .trim()
  .min(1, { message: 'Video id is required' })
  .max(500)
  .transform((value, ctx) => {
    const parsed = parseVimeoInput(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Vimeo video id or a vimeo.com link' });
      return z.NEVER;
    }
    return parsed;
  });

export const moduleSchema = z.object({
  title: requiredText(200, 'Title is required'),
  description: optionalText(10_000).transform((value) => value ?? ''),
  vimeoVideoId: vimeoVideo,
  duration: z.number().int().min(0).max(MAX_MODULE_DURATION).default(0),
  courseId: id,
  orderIndex: z.number().int().min(1).max(100_000).optional(),
});

export const moduleOrderSchema = z.object({
  moduleIds: z.array(id).min(1).max(1000),
});

export const enrollmentSchema = z.object({ courseId: id });

export const progressSchema = z.object({
  moduleId: id,
  courseId: id,
  /** Seconds; clamped to [0, duration] by the server. */
  watchedDuration: z.number().finite().default(0),
  isCompleted: z.boolean().optional().default(false),
  position: z.number().finite().optional(),
});

export const commentSchema = z.object({
  comment: z
    .string({ message: 'Please write something before posting' })
    .trim()
    .min(1, { message: 'Comment cannot be empty' })
    .max(2000, { message: 'Comments can be at most 2,000 characters' }),
});

export const adminEnrollSchema = z.object({
  studentEmail: z.string({ message: 'No student selected' }).trim().toLowerCase().min(1, { message: 'No student selected' }).max(254),
  courseId: id,
});

export const contactSchema = z.object({
  name: requiredText(200, 'Name is required'),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'Please enter a valid email address' })),
  company: optionalText(200),
  phone: optionalText(50),
  message: requiredText(5000, 'Message is required'),
  source: z.enum(['landing', 'widget']).optional().default('landing'),
});

export type CourseInput = z.infer<typeof courseSchema>;
export type ModuleInput = z.infer<typeof moduleSchema>;
export type ProgressInput = z.infer<typeof progressSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
