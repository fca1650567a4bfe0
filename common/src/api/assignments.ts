/**
 * Assignments (issue 37): the shapes agreed in ASSIGN-CONTRACT.md. A learner submits files and/or
 * a link for review; files are only ever served by GET /api/submission-files/:fileId to the
 * learner, admins, and managers of the learner's school when that school shares submissions.
 */

import { z } from 'zod';

/** The kinds of file a submission can carry. */
export const submissionFileKindSchema = z.enum(['image', 'audio', 'video', 'pdf']);
export type SubmissionFileKind = z.infer<typeof submissionFileKindSchema>;
/** What an assignment may accept. `link` is a URL field, the others are file kinds. */
export const assignmentAcceptKindSchema = z.enum([...submissionFileKindSchema.options, 'link']);
export type AssignmentAcceptKind = z.infer<typeof assignmentAcceptKindSchema>;

export const submissionStatusSchema = z.enum(['draft', 'submitted', 'approved', 'changes_requested']);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

/** A learner's standing on one assignment step (course steps, manager status list). */
export const assignmentStepStatusSchema = z.enum(['not_started', ...submissionStatusSchema.options]);
export type AssignmentStepStatus = z.infer<typeof assignmentStepStatusSchema>;

/** POST/PATCH /api/courses/:id/assignments[/:assignmentId] body (PATCH: any subset). */
export interface AssignmentInput {
  /** 1–200 chars. */
  title: string;
  /** Plain text, 1–10,000 chars; URLs become links in the portal. */
  instructions: string;
  /** The module it follows; null = at the end of the course. */
  afterModuleId: number | null;
  /** Non-empty, no repeats. */
  accepts: AssignmentAcceptKind[];
  /** 1–20. */
  maxFiles: number;
  approvalRequired: boolean;
}

/** An assignment as admins edit it (GET /api/courses/:id/assignments). */
export const assignmentAdminDtoSchema = z
  .object({
    id: z.number(),
    courseId: z.number(),
    title: z.string(),
    instructions: z.string(),
    /** The module it follows; null = at the end of the course. */
    afterModuleId: z.number().nullable(),
    accepts: z.array(assignmentAcceptKindSchema),
    maxFiles: z.number(),
    approvalRequired: z.boolean(),
    /** Rounds awaiting review now. */
    awaitingCount: z.number(),
    /** ISO. */
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AssignmentAdminDto' });
export type AssignmentAdminDto = z.infer<typeof assignmentAdminDtoSchema>;

export const submissionFileDtoSchema = z
  .object({
    id: z.number(),
    originalName: z.string(),
    kind: submissionFileKindSchema,
    contentType: z.string(),
    size: z.number(),
    /** GET /api/submission-files/:id (inline; add ?download=1 for an attachment). */
    url: z.string(),
    /** The reviewer's note on this file; null when none. */
    feedback: z.string().nullable(),
    /**
     * A draft's file carried over from the round sent back for changes: the reviewer's note on it
     * there; null when none, and for every file of a submitted round.
     */
    earlierFeedback: z.string().nullable(),
  })
  .meta({ id: 'SubmissionFileDto' });
export type SubmissionFileDto = z.infer<typeof submissionFileDtoSchema>;

/** One round of a learner's work on an assignment. */
export const submissionDtoSchema = z
  .object({
    id: z.number(),
    assignmentId: z.number(),
    courseId: z.number(),
    userId: z.number(),
    round: z.number(),
    status: submissionStatusSchema,
    note: z.string().nullable(),
    link: z.string().nullable(),
    files: z.array(submissionFileDtoSchema),
    /** ISO; submittedAt null while a draft that was never submitted. */
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
    /** Set when the learner took a submitted round back (it is a draft again). */
    withdrawnAt: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    /** The reviewer's name as learners see it; null before a review. */
    reviewerName: z.string().nullable(),
    feedback: z.string().nullable(),
  })
  .meta({ id: 'SubmissionDto' });
export type SubmissionDto = z.infer<typeof submissionDtoSchema>;

/** GET /api/assignments/:id — the learner's view (course access required). */
export const assignmentDtoSchema = z
  .object({
    id: z.number(),
    courseId: z.number(),
    title: z.string(),
    instructions: z.string(),
    accepts: z.array(assignmentAcceptKindSchema),
    maxFiles: z.number(),
    approvalRequired: z.boolean(),
    /** Bytes per file kind. */
    limits: z.record(submissionFileKindSchema, z.number()),
    draft: submissionDtoSchema.nullable(),
    /** Submitted rounds (not drafts), newest first. */
    rounds: z.array(submissionDtoSchema),
    completed: z.boolean(),
    /** A school the learner belongs to lets its managers see submissions. */
    managersCanSee: z.boolean(),
  })
  .meta({ id: 'AssignmentDto' });
export type AssignmentDto = z.infer<typeof assignmentDtoSchema>;

/** PATCH /api/assignments/:id/draft body. */
export interface SubmissionDraftInput {
  /** ≤ 2,000 chars; empty/null clears it. */
  note?: string | null;
  /** http(s) URL ≤ 2,000 chars; empty/null clears it. */
  link?: string | null;
}

/** POST /api/assignments/:id/submit — 200. */
export const submitResultDtoSchema = z
  .object({
    submission: submissionDtoSchema,
    /** Every step needed for the certificate is done. */
    courseCompleted: z.boolean(),
    certificateNumber: z.string().nullable(),
  })
  .meta({ id: 'SubmitResultDto' });
export type SubmitResultDto = z.infer<typeof submitResultDtoSchema>;

export const reviewQueueStatusSchema = z.enum(['awaiting', 'changes_requested', 'approved']);
export type ReviewQueueStatus = z.infer<typeof reviewQueueStatusSchema>;

const personRef = z.object({ id: z.number(), name: z.string(), email: z.string() });
const schoolRef = z.object({ id: z.number(), name: z.string() });
const titled = z.object({ id: z.number(), title: z.string() });

/** A row of GET /api/admin/reviews (oldest submittedAt first; X-Total-Count). */
export const reviewQueueItemDtoSchema = z
  .object({
    submissionId: z.number(),
    round: z.number(),
    status: submissionStatusSchema,
    /** ISO. */
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    fileCount: z.number(),
    hasLink: z.boolean(),
    learner: personRef,
    /** The learner's first school (by name), null when none. */
    school: schoolRef.nullable(),
    course: titled,
    assignment: titled,
  })
  .meta({ id: 'ReviewQueueItemDto' });
export type ReviewQueueItemDto = z.infer<typeof reviewQueueItemDtoSchema>;

/** GET /api/admin/reviews/counts. */
export const reviewCountsDtoSchema = z
  .object({
    awaiting: z.number(),
    changesRequested: z.number(),
    approved: z.number(),
  })
  .meta({ id: 'ReviewCountsDto' });
export type ReviewCountsDto = z.infer<typeof reviewCountsDtoSchema>;

/** GET /api/admin/reviews/:submissionId. */
export const submissionReviewDtoSchema = z
  .object({
    submission: submissionDtoSchema,
    learner: personRef.extend({ school: schoolRef.nullable() }),
    course: titled,
    assignment: titled.extend({ instructions: z.string(), approvalRequired: z.boolean() }),
    /** The learner's other submitted rounds of this assignment, newest first. */
    earlierRounds: z.array(submissionDtoSchema),
  })
  .meta({ id: 'SubmissionReviewDto' });
export type SubmissionReviewDto = z.infer<typeof submissionReviewDtoSchema>;

export type ReviewDecision = 'approve' | 'changes';

/** POST /api/admin/reviews/:submissionId body. */
export interface ReviewInput {
  decision: ReviewDecision;
  /** Required for 'changes' (1–5,000 chars); optional for 'approve'. */
  feedback?: string | null;
  /** Per-file notes (≤ 2,000 chars each), files of this round only. */
  files?: { fileId: number; feedback: string | null }[];
}

/** PATCH /api/schools/:id/submission-sharing (school managers). */
export const submissionSharingDtoSchema = z.object({ managersSeeSubmissions: z.boolean() }).meta({ id: 'SubmissionSharingDto' });
export type SubmissionSharingDto = z.infer<typeof submissionSharingDtoSchema>;

/**
 * A member's standing on a course's assignments in the manager's status list (sent only for a
 * course that has assignments): the least advanced of them, so "awaiting review" / "changes
 * requested" show while any assignment needs it. `submissionId` only when the school shares.
 */
export const assignmentStatusDtoSchema = z
  .object({
    status: z.enum(['awaiting_review', 'changes_requested', 'approved', 'submitted']).nullable(),
    submissionId: z.number().nullable(),
  })
  .meta({ id: 'AssignmentStatusDto' });
export type AssignmentStatusDto = z.infer<typeof assignmentStatusDtoSchema>;
