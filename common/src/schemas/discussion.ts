import { z } from 'zod';
import { commentSchema } from './catalogue.ts';
import { id } from './common.ts';

/** Threads per page of a module's discussion; each comes with all its replies. */
export const DISCUSSION_PAGE_DEFAULT = 20;
export const DISCUSSION_PAGE_MAX = 50;

/** "Newest": threads newest first (the seed's order); "activity": the latest reply counts. */
export const DISCUSSION_ORDERS = ['newest', 'activity'] as const;
export type DiscussionOrder = (typeof DISCUSSION_ORDERS)[number];

export const discussionQuery = z.object({
  order: z.enum(DISCUSSION_ORDERS, { message: 'Order must be newest or activity' }).default('newest'),
  cursor: z.string().max(200, { message: 'That page link is not valid' }).optional(),
  limit: z.coerce.number().int().min(1).max(DISCUSSION_PAGE_MAX).default(DISCUSSION_PAGE_DEFAULT),
  /** A thread to open first (a reply e-mail's or the bell's link); on the first page only. */
  thread: id.optional(),
});
export type DiscussionQuery = z.output<typeof discussionQuery>;

/**
 * How many of a thread's latest replies a discussion page carries: a busy thread (hundreds of
 * replies) keeps the page's size, and the reader asks for the earlier ones (threadRepliesQuery).
 */
export const THREAD_REPLIES_SHOWN = 5;
export const THREAD_REPLIES_PAGE = 50;
export const threadRepliesQuery = z.object({
  before: z.string().max(200, { message: 'That page link is not valid' }).optional(),
  limit: z.coerce.number().int().min(1).max(THREAD_REPLIES_PAGE).default(THREAD_REPLIES_PAGE),
});

/** GET /api/schools/:id/comments: a page of the staff's comments, newest first. */
export const STAFF_COMMENTS_PAGE = 20;
export const staffCommentsQuery = z.object({
  cursor: z.string().max(200, { message: 'That page link is not valid' }).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(STAFF_COMMENTS_PAGE),
});

/** GET /api/admin/moderation: a page of the queue, those waiting longest first. */
export const MODERATION_PAGE = 25;
export const moderationQueueQuery = z.object({
  cursor: z.string().max(200, { message: 'That page link is not valid' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MODERATION_PAGE),
});

/** POST /api/modules/:moduleId/comments: SPEC's body, and `parentId` to reply. */
export const postCommentSchema = commentSchema.extend({
  parentId: id.optional(),
});
export type PostCommentInput = z.output<typeof postCommentSchema>;

/** PUT /api/modules/comments/:commentId/answer */
export const markAnswerSchema = z.strictObject({ answer: z.boolean({ message: 'Answer must be true or false' }) });

/** PUT /api/modules/comments/:commentId/pin */
export const pinThreadSchema = z.strictObject({ pinned: z.boolean({ message: 'Pinned must be true or false' }) });

/** PUT /api/modules/comments/:commentId/follow */
export const followThreadSchema = z.strictObject({ following: z.boolean({ message: 'Following must be true or false' }) });

export const discussionSettingsSchema = z.strictObject({
  showSchool: z.boolean({ message: 'Show school must be true or false' }),
});

/** Why a comment is reported (issue 58): "other" needs a word on what is wrong. */
export const REPORT_REASONS = ['spam', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 1000;

/** POST /api/modules/comments/:commentId/report */
export const reportCommentSchema = z
  .strictObject({
    reason: z.enum(REPORT_REASONS, { message: 'Reason must be spam, offensive or other' }),
    details: z.string().trim().max(REPORT_DETAILS_MAX, { message: 'Details can be at most 1,000 characters' }).default(''),
  })
  .refine((report) => report.reason !== 'other' || report.details !== '', { message: 'Please say what is wrong', path: ['details'] });
export type ReportCommentInput = z.input<typeof reportCommentSchema>;

/** PUT /api/admin/moderation/comments/:commentId/hide: the reason its author is shown. */
export const hideCommentSchema = z.strictObject({
  reason: z
    .string({ message: 'Please give a reason' })
    .trim()
    .min(1, { message: 'Please give a reason' })
    .max(500, { message: 'The reason can be at most 500 characters' }),
});
export type HideCommentInput = z.input<typeof hideCommentSchema>;
