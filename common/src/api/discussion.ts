import { z } from 'zod';

/**
 * A module's discussion (issue 58): threads of an opening comment and its replies, one level
 * deep. Every comment carries SPEC's CommentDto fields (so the flat list and the post answer stay
 * what clients already read) plus what the thread view needs.
 */
export const discussionCommentDtoSchema = z
  .object({
    id: z.number(),
    moduleId: z.number(),
    userId: z.number(),
    /** The thread's opening comment, for a reply; null for an opening comment. */
    parentId: z.number().nullable(),
    /** Empty once deleted (`deleted`). */
    comment: z.string(),
    createdAt: z.string(),
    userFirstName: z.string().nullable(),
    userLastName: z.string().nullable(),
    userProfileImageUrl: z.string().nullable(),
    /** Admins only. */
    userEmail: z.string().optional(),
    /** The author's school, when they chose to show it and belong to one. */
    school: z.string().nullable(),
    /** The author is one of the agency's instructors (an admin). */
    instructor: z.boolean(),
    /** An opening comment deleted while it had replies: the thread stays, this reads "comment deleted". */
    deleted: z.boolean(),
    /** A reply an instructor marked as the thread's answer: shown first under the question. */
    answer: z.boolean(),
    /** On a reply to a reply: whom it answers. */
    replyTo: z.object({ userId: z.number(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
    /** Hidden by an admin: only its author (with the reason) and admins see it. */
    hidden: z.boolean(),
    /** Why it was hidden: for its author and admins. */
    hiddenReason: z.string().nullable(),
    /** Waiting for an admin's approval (too many links, or a known spam pattern): only its author and admins see it. */
    awaitingApproval: z.boolean(),
    /** What the caller may do with it, decided by the server. */
    can: z.object({
      delete: z.boolean(),
      reply: z.boolean(),
      /** Mark (or unmark) this reply as its thread's answer: admins. */
      markAnswer: z.boolean(),
      /** Pin (or unpin) this thread to the top of the module's discussion: admins. */
      pin: z.boolean(),
      /** Report it to the moderators: anyone who reads the module, not its author, once. */
      report: z.boolean(),
      /** Hide, restore or approve it: admins. */
      hide: z.boolean(),
    }),
  })
  .meta({ id: 'DiscussionCommentDto' });
export type DiscussionCommentDto = z.infer<typeof discussionCommentDtoSchema>;

export const discussionThreadDtoSchema = discussionCommentDtoSchema
  .extend({
    /** Pinned by an instructor: first on the first page, whatever the order (one per module). */
    pinned: z.boolean(),
    /** When it or its latest reply was posted. */
    lastActivityAt: z.string(),
    /** Its replies: the marked answer first, then oldest first. */
    replies: z.array(discussionCommentDtoSchema),
  })
  .meta({ id: 'DiscussionThreadDto' });
export type DiscussionThreadDto = z.infer<typeof discussionThreadDtoSchema>;

/** GET /api/modules/:moduleId/discussion: a page of threads with all their replies. */
export const discussionPageDtoSchema = z
  .object({
    threads: z.array(discussionThreadDtoSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** Comments and replies in the module's discussion. */
    total: z.number(),
    /** The reader's own choice, and the school it would show (null: they belong to none). */
    viewer: z.object({ showSchool: z.boolean(), school: z.string().nullable() }),
  })
  .meta({ id: 'DiscussionPageDto' });
export type DiscussionPageDto = z.infer<typeof discussionPageDtoSchema>;

/** PUT /api/discussion/settings */
export const discussionSettingsDtoSchema = z.object({ showSchool: z.boolean() }).meta({ id: 'DiscussionSettingsDto' });
export type DiscussionSettingsDto = z.infer<typeof discussionSettingsDtoSchema>;

/** One report of a comment, as the moderation queue shows it. */
export const commentReportDtoSchema = z
  .object({
    reason: z.enum(['spam', 'offensive', 'other']),
    details: z.string(),
    createdAt: z.string(),
    reporterFirstName: z.string().nullable(),
    reporterLastName: z.string().nullable(),
  })
  .meta({ id: 'CommentReportDto' });
export type CommentReportDto = z.infer<typeof commentReportDtoSchema>;

/** A reported (or held) comment in its thread, with its open reports. */
export const moderationItemDtoSchema = z
  .object({
    /** The comment to moderate: the thread's opening comment or one of its replies. */
    commentId: z.number(),
    module: z.object({ id: z.number(), title: z.string(), courseId: z.number() }),
    thread: discussionThreadDtoSchema,
    reports: z.array(commentReportDtoSchema),
    /** Waiting for approval rather than reported (it may be both). */
    awaitingApproval: z.boolean(),
  })
  .meta({ id: 'ModerationItemDto' });
export type ModerationItemDto = z.infer<typeof moderationItemDtoSchema>;

/** GET /api/admin/moderation: open reports and held comments, oldest first. */
export const moderationQueueDtoSchema = z.object({ items: z.array(moderationItemDtoSchema) }).meta({ id: 'ModerationQueueDto' });
export type ModerationQueueDto = z.infer<typeof moderationQueueDtoSchema>;
