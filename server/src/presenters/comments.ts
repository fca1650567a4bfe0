import {
  excerpt,
  type CommentReportDto,
  type DiscussionCommentDto,
  type DiscussionPageDto,
  type DiscussionThreadDto,
  type ModerationItemDto,
  type ModerationQueueDto,
  type NotificationsDto,
  type StaffCommentDto,
  type ThreadRepliesDto,
} from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import type { Module } from '../models/Module.ts';
import type { ReportRow, StaffCommentRow } from '../queries/comments.ts';
import type { ReplyNotificationRow } from '../queries/discussionNotifications.ts';
import { canHideComment, canMarkAnswer, canPinThread, canReplyToComment, canReportComment, canSeeHiddenReason } from '../policies/comments.ts';
import { canDeleteComment, canSeeCommenterEmail } from '../policies/index.ts';

/** A comment joined with its author's public fields (and whom it answers), as the queries return it. */
export interface CommentRow {
  id: number;
  moduleId: number;
  userId: number;
  parentId: number | null;
  replyToUserId: number | null;
  comment: string;
  createdAt: number | string;
  lastActivityAt: number | string;
  deletedAt: number | string | null;
  answerAt: number | string | null;
  pinnedAt: number | string | null;
  hiddenAt: number | string | null;
  hiddenReason: string | null;
  heldAt: number | string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userProfileImageUrl: string | null;
  userRole: string;
  replyToFirstName: string | null;
  replyToLastName: string | null;
  /** The author's school, when they chose to show it and belong to one. */
  userSchool: string | null;
  /** Selected only when the viewer may see it. */
  userEmail?: string | null;
}

/** What the presenter needs besides the row: who is looking. */
export interface CommentContext {
  viewer: User;
}

export function presentComment(row: CommentRow, { viewer }: CommentContext): DiscussionCommentDto {
  const deleted = row.deletedAt !== null && row.deletedAt !== undefined;
  const userId = Number(row.userId);
  const hidden = row.hiddenAt !== null && row.hiddenAt !== undefined;
  const held = row.heldAt !== null && row.heldAt !== undefined;
  const state = {
    userId,
    parentId: row.parentId === null ? null : Number(row.parentId),
    deletedAt: deleted ? Number(row.deletedAt) : null,
    hiddenAt: hidden ? Number(row.hiddenAt) : null,
    heldAt: held ? Number(row.heldAt) : null,
  };
  const dto: DiscussionCommentDto = {
    id: Number(row.id),
    moduleId: Number(row.moduleId),
    // A deleted comment says nothing of who wrote it: not even the id that their other comments and avatar carry.
    userId: deleted ? 0 : userId,
    parentId: row.parentId === null ? null : Number(row.parentId),
    comment: deleted ? '' : row.comment,
    createdAt: toIso(row.createdAt)!,
    userFirstName: deleted ? null : row.userFirstName,
    userLastName: deleted ? null : row.userLastName,
    userProfileImageUrl: deleted ? null : row.userProfileImageUrl,
    school: deleted ? null : (row.userSchool ?? null),
    instructor: !deleted && row.userRole === 'admin',
    deleted,
    answer: row.answerAt !== null && row.answerAt !== undefined,
    replyTo:
      row.replyToUserId === null || row.replyToUserId === undefined
        ? null
        : { userId: Number(row.replyToUserId), firstName: row.replyToFirstName, lastName: row.replyToLastName },
    hidden,
    hiddenReason: hidden && canSeeHiddenReason(viewer, state) ? (row.hiddenReason ?? null) : null,
    awaitingApproval: held,
    can: {
      delete: !deleted && canDeleteComment(viewer, { userId }),
      reply: canReplyToComment(state),
      markAnswer: canMarkAnswer(viewer, state),
      pin: canPinThread(viewer, state),
      report: canReportComment(viewer, state),
      hide: canHideComment(viewer, state),
    },
  };
  // Decided here as well as in the query, so a query that selects too much still leaks nothing.
  if (!deleted && canSeeCommenterEmail(viewer) && row.userEmail) dto.userEmail = row.userEmail;
  return dto;
}

/** A page of threads: each opening comment with its replies (already in order), and the next page's cursor. */
export function presentDiscussionPage(
  page: {
    threads: CommentRow[];
    replies: CommentRow[];
    nextCursor: string | null;
    total: number;
    viewer: DiscussionPageDto['viewer'];
    /** The threads the reader follows. */
    followed: ReadonlySet<number>;
    /** Per thread with replies left out of the page: how many the reader can see, and where the earlier ones start (absent: all are here). */
    earlier?: ReadonlyMap<number, { replyCount: number; earlierCursor: string }>;
  },
  context: CommentContext,
): DiscussionPageDto {
  const repliesOf = new Map<number, DiscussionCommentDto[]>();
  for (const reply of page.replies) {
    const parentId = Number(reply.parentId);
    const list = repliesOf.get(parentId) ?? [];
    // The answer first under the question; the rest keep the query's oldest-first order.
    if (reply.answerAt !== null && reply.answerAt !== undefined) list.unshift(presentComment(reply, context));
    else list.push(presentComment(reply, context));
    repliesOf.set(parentId, list);
  }
  const threads: DiscussionThreadDto[] = page.threads.map((row) => {
    const thread = presentComment(row, context);
    const replies = repliesOf.get(Number(row.id)) ?? [];
    // A hidden or held thread takes no reply, under its replies either (policies/comments.ts requireReplyTarget).
    const closed = thread.hidden || thread.awaitingApproval;
    return {
      ...thread,
      pinned: row.pinnedAt !== null && row.pinnedAt !== undefined,
      lastActivityAt: toIso(row.lastActivityAt)!,
      replies: closed ? replies.map((reply) => ({ ...reply, can: { ...reply.can, reply: false } })) : replies,
      replyCount: page.earlier?.get(Number(row.id))?.replyCount ?? replies.length,
      earlierCursor: page.earlier?.get(Number(row.id))?.earlierCursor ?? null,
      following: page.followed.has(Number(row.id)),
    };
  });
  return { threads, nextCursor: page.nextCursor, total: page.total, viewer: page.viewer };
}

/** GET …/comments/:id/replies: earlier replies of `thread`, which take no reply under them when it is hidden or held, as on the page. */
export function presentEarlierReplies(thread: CommentRow, rows: CommentRow[], earlierCursor: string | null, context: CommentContext): ThreadRepliesDto {
  const opening = presentComment(thread, context);
  const closed = opening.hidden || opening.awaitingApproval;
  const replies = rows.map((row) => presentComment(row, context)).map((reply) => (closed ? { ...reply, can: { ...reply.can, reply: false } } : reply));
  return { replies, earlierCursor };
}

/** The header's bell: the latest replies to the reader's comments, those since they last looked marked unread. */
export function presentNotifications(found: { rows: ReplyNotificationRow[]; unread: number; seenAt: number | null }): NotificationsDto {
  return {
    unread: found.unread,
    items: found.rows.map((row) => ({
      commentId: Number(row.id),
      threadId: Number(row.parentId),
      moduleId: Number(row.moduleId),
      courseId: Number(row.courseId),
      moduleTitle: row.moduleTitle,
      authorFirstName: row.authorFirstName,
      authorLastName: row.authorLastName,
      authorProfileImageUrl: row.authorProfileImageUrl,
      excerpt: excerpt(row.comment, 120),
      createdAt: toIso(row.createdAt)!,
      unread: found.seenAt === null || Number(row.createdAt) > found.seenAt,
    })),
  };
}

/** A school's staff's comment, as its managers read it. */
export function presentStaffComment(row: StaffCommentRow): StaffCommentDto {
  return {
    id: Number(row.id),
    threadId: Number(row.parentId ?? row.id),
    reply: row.parentId !== null,
    userId: Number(row.userId),
    userFirstName: row.userFirstName,
    userLastName: row.userLastName,
    userProfileImageUrl: row.userProfileImageUrl,
    comment: row.comment,
    createdAt: toIso(row.createdAt)!,
    moduleId: Number(row.moduleId),
    moduleTitle: row.moduleTitle,
    courseId: Number(row.courseId),
    courseTitle: row.courseTitle,
  };
}

/**
 * The moderation queue's page: each reported or held comment in its thread (as the moderator
 * sees it), with its module and its open reports. A comment whose thread or module is gone is left out.
 */
export function presentModerationQueue(
  queue: { comments: CommentRow[]; reports: ReportRow[]; threads: CommentRow[]; replies: CommentRow[] },
  modules: ReadonlyMap<number, Pick<Module, 'id' | 'title' | 'courseId'>>,
  nextCursor: string | null,
  { viewer }: CommentContext,
  /** Per thread whose replies are not all shown: how many it has, and where the earlier ones start. */
  earlier?: ReadonlyMap<number, { replyCount: number; earlierCursor: string }>,
): ModerationQueueDto {
  const reportsOf = new Map<number, CommentReportDto[]>();
  for (const report of queue.reports) {
    const list = reportsOf.get(Number(report.commentId)) ?? [];
    list.push({
      reason: report.reason as CommentReportDto['reason'],
      details: report.details,
      createdAt: toIso(report.createdAt)!,
      reporterFirstName: report.reporterFirstName,
      reporterLastName: report.reporterLastName,
    });
    reportsOf.set(Number(report.commentId), list);
  }
  const page = presentDiscussionPage(
    {
      threads: queue.threads,
      replies: queue.replies,
      nextCursor: null,
      total: 0,
      viewer: { showSchool: false, school: null },
      followed: new Set(),
      ...(earlier ? { earlier } : {}),
    },
    { viewer },
  );
  const threadOf = new Map(page.threads.map((thread) => [thread.id, thread]));
  const items: ModerationItemDto[] = [];
  for (const row of queue.comments) {
    const comment = presentComment(row, { viewer });
    const thread = threadOf.get(comment.parentId ?? comment.id);
    const module = modules.get(comment.moduleId);
    if (!thread || !module) continue;
    items.push({
      commentId: comment.id,
      module: { id: module.id, title: module.title, courseId: module.courseId },
      thread,
      reports: reportsOf.get(comment.id) ?? [],
      awaitingApproval: comment.awaitingApproval,
    });
  }
  return { items, nextCursor };
}
