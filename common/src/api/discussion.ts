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
    /** Its latest replies (THREAD_REPLIES_SHOWN) and its marked answer, wherever it falls: the answer first, then oldest first. */
    replies: z.array(discussionCommentDtoSchema),
    /** Every reply the reader can see, shown or not. */
    replyCount: z.number(),
    /** Pass as `before` to GET …/comments/:id/replies for the replies before those shown; null when all are shown. */
    earlierCursor: z.string().nullable(),
    /** The reader follows it: they are e-mailed when someone else replies (its author and everyone who replied follow it until they stop). */
    following: z.boolean(),
  })
  .meta({ id: 'DiscussionThreadDto' });
export type DiscussionThreadDto = z.infer<typeof discussionThreadDtoSchema>;

/** GET /api/modules/:moduleId/discussion: a page of threads, each with its latest replies. */
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

/** GET /api/modules/:moduleId/comments/:commentId/replies: a thread's replies before a cursor, oldest first. */
export const threadRepliesDtoSchema = z
  .object({
    replies: z.array(discussionCommentDtoSchema),
    /** Pass as `before` for the replies before these; null when these are the thread's first. */
    earlierCursor: z.string().nullable(),
  })
  .meta({ id: 'ThreadRepliesDto' });
export type ThreadRepliesDto = z.infer<typeof threadRepliesDtoSchema>;

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

/** GET /api/admin/moderation: open reports and held comments, oldest first, a page at a time. */
export const moderationQueueDtoSchema = z
  .object({
    items: z.array(moderationItemDtoSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ModerationQueueDto' });
export type ModerationQueueDto = z.infer<typeof moderationQueueDtoSchema>;

/** PUT /api/modules/comments/:commentId/follow: whether the caller now follows the thread. */
export const followThreadDtoSchema = z.object({ following: z.boolean(), message: z.string() }).meta({ id: 'FollowThreadDto' });
export type FollowThreadDto = z.infer<typeof followThreadDtoSchema>;

/** A reply to one of the caller's comments, as the header's bell lists it. */
export const replyNotificationDtoSchema = z
  .object({
    /** The reply. */
    commentId: z.number(),
    /** The thread it is in: the link opens the module's discussion at this thread. */
    threadId: z.number(),
    moduleId: z.number(),
    courseId: z.number(),
    moduleTitle: z.string(),
    authorFirstName: z.string().nullable(),
    authorLastName: z.string().nullable(),
    authorProfileImageUrl: z.string().nullable(),
    /** The reply's first words. */
    excerpt: z.string(),
    createdAt: z.string(),
    /** Posted since the caller last opened the bell. */
    unread: z.boolean(),
  })
  .meta({ id: 'ReplyNotificationDto' });
export type ReplyNotificationDto = z.infer<typeof replyNotificationDtoSchema>;

/** GET /api/notifications: the latest replies to the caller's comments, and how many they have not seen. */
export const notificationsDtoSchema = z
  .object({
    /** Replies since the caller last opened the bell (counted up to 99). */
    unread: z.number(),
    items: z.array(replyNotificationDtoSchema),
  })
  .meta({ id: 'NotificationsDto' });
export type NotificationsDto = z.infer<typeof notificationsDtoSchema>;

/** One of a school's staff's comments, as its managers read them (they see, but do not moderate). */
export const staffCommentDtoSchema = z
  .object({
    id: z.number(),
    /** The thread it is in: its own id for an opening comment. */
    threadId: z.number(),
    /** A reply rather than a thread's opening comment. */
    reply: z.boolean(),
    userId: z.number(),
    userFirstName: z.string().nullable(),
    userLastName: z.string().nullable(),
    userProfileImageUrl: z.string().nullable(),
    comment: z.string(),
    createdAt: z.string(),
    moduleId: z.number(),
    moduleTitle: z.string(),
    courseId: z.number(),
    courseTitle: z.string(),
  })
  .meta({ id: 'StaffCommentDto' });
export type StaffCommentDto = z.infer<typeof staffCommentDtoSchema>;

/** GET /api/schools/:id/comments: a page of the staff's comments, newest first. */
export const staffCommentsPageDtoSchema = z
  .object({
    items: z.array(staffCommentDtoSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'StaffCommentsPageDto' });
export type StaffCommentsPageDto = z.infer<typeof staffCommentsPageDtoSchema>;
