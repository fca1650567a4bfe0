import { z } from 'zod';
import type { AssignmentAcceptKind, SubmissionFileKind } from '../api/assignments.ts';
import { nameWithExtension } from '../rules/fileNames.ts';
import { id, tooLong } from './common.ts';
import { pageQuery } from './paging.ts';

/** Limits of an assignment and its submissions (ASSIGN-CONTRACT.md). */
export const ASSIGNMENT_TITLE_MAX = 200;
export const ASSIGNMENT_INSTRUCTIONS_MAX = 10_000;
export const ASSIGNMENT_MAX_FILES_MAX = 20;
export const SUBMISSION_NOTE_MAX = 2000;
export const SUBMISSION_LINK_MAX = 2000;
export const REVIEW_FEEDBACK_MAX = 5000;
export const REVIEW_FILE_FEEDBACK_MAX = 2000;
export const SUBMISSION_FILE_NAME_MAX = 255;

const MB = 1024 * 1024;

/** The largest file of each kind a learner may submit (the server refuses more; the portal says so first). */
export const SUBMISSION_FILE_LIMITS: Record<SubmissionFileKind, number> = {
  image: 25 * MB,
  audio: 200 * MB,
  video: 1024 * MB,
  pdf: 25 * MB,
};

export const ASSIGNMENT_ACCEPT_KINDS = ['image', 'audio', 'video', 'pdf', 'link'] as const satisfies readonly AssignmentAcceptKind[];
export const SUBMISSION_FILE_KINDS = ['image', 'audio', 'video', 'pdf'] as const satisfies readonly SubmissionFileKind[];

/**
 * The media types a submitted file may be, by the type sniffed from its bytes, and its kind. No SVG,
 * HTML or scripts ever. HEIC is accepted only as an upload that is re-encoded to JPEG, so it never
 * reaches storage and is not listed here.
 */
export const SUBMISSION_CONTENT_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/vnd.wave': 'audio',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'application/pdf': 'pdf',
} as const satisfies Record<string, SubmissionFileKind>;

/** The kind a sniffed media type is, or null when it may not be submitted. */
export function submissionKindOf(contentType: string): SubmissionFileKind | null {
  return Object.hasOwn(SUBMISSION_CONTENT_TYPES, contentType) ? SUBMISSION_CONTENT_TYPES[contentType as keyof typeof SUBMISSION_CONTENT_TYPES] : null;
}

/** The extension a submitted file is downloaded with, by its sniffed type (whatever its name said). */
const SUBMISSION_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
} as const satisfies Record<keyof typeof SUBMISSION_CONTENT_TYPES, string>;

const SUBMISSION_FALLBACK_NAMES: Record<SubmissionFileKind, string> = { image: 'photo', audio: 'recording', video: 'video', pdf: 'document' };

/**
 * The name a submitted file is stored, shown and downloaded as, named as resources are: the
 * learner's name without folders, unsafe or bidirectional characters and its own extension, then
 * the extension of the type its bytes are (`a.html` holding a PDF is `a.pdf`). Applied again to
 * every name read back, so rows stored before this rule leave as safely as new ones.
 */
export function submissionFileName(uploadedName: string, contentType: string): string {
  const kind = submissionKindOf(contentType);
  const extension = kind ? SUBMISSION_EXTENSIONS[contentType as keyof typeof SUBMISSION_EXTENSIONS] : 'bin';
  return nameWithExtension(uploadedName, extension, kind ? SUBMISSION_FALLBACK_NAMES[kind] : 'file');
}

/** What the file input offers per kind (`accept`); the server still decides by the bytes. */
export const SUBMISSION_ACCEPT: Record<SubmissionFileKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif',
  audio: 'audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,.mp3,.m4a,.wav',
  video: 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm',
  pdf: 'application/pdf,.pdf',
};

const title = z
  .string({ message: 'Give the assignment a title' })
  .trim()
  .min(1, { message: 'Give the assignment a title' })
  .max(ASSIGNMENT_TITLE_MAX, tooLong('Title', ASSIGNMENT_TITLE_MAX));

const instructions = z
  .string({ message: 'Write the instructions' })
  .trim()
  .min(1, { message: 'Write the instructions' })
  .max(ASSIGNMENT_INSTRUCTIONS_MAX, tooLong('Instructions', ASSIGNMENT_INSTRUCTIONS_MAX));

const afterModuleId = z
  .number({ message: 'Choose the module the assignment follows, or the end of the course (null)' })
  .int()
  .positive()
  .max(2 ** 31 - 1)
  .nullable();

const accepts = z
  .array(z.enum(ASSIGNMENT_ACCEPT_KINDS, { message: 'Accepted kinds are image, audio, video, pdf and link' }), {
    message: 'Choose what may be submitted',
  })
  .min(1, { message: 'Choose at least one kind of work that may be submitted' })
  .max(ASSIGNMENT_ACCEPT_KINDS.length)
  .refine((value) => new Set(value).size === value.length, { message: 'Each kind may be listed once' });

const maxFiles = z
  .number({ message: `Files must be a whole number from 1 to ${ASSIGNMENT_MAX_FILES_MAX}` })
  .int({ message: `Files must be a whole number from 1 to ${ASSIGNMENT_MAX_FILES_MAX}` })
  .min(1, { message: `Files must be a whole number from 1 to ${ASSIGNMENT_MAX_FILES_MAX}` })
  .max(ASSIGNMENT_MAX_FILES_MAX, { message: `Files must be a whole number from 1 to ${ASSIGNMENT_MAX_FILES_MAX}` });

const approvalRequired = z.boolean({ message: 'Approval required must be true or false' });

/** POST /api/courses/:id/assignments: AssignmentInput. */
export const assignmentInputSchema = z.strictObject({ title, instructions, afterModuleId, accepts, maxFiles, approvalRequired });
export type AssignmentInputParsed = z.output<typeof assignmentInputSchema>;

/** PATCH /api/courses/:id/assignments/:assignmentId: any subset, at least one field. */
export const assignmentPatchSchema = assignmentInputSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Send at least one field to change' });
export type AssignmentPatchParsed = z.output<typeof assignmentPatchSchema>;

/** An http(s) URL ≤ 2,000 chars; empty or null clears it. */
const link = z
  .string({ message: 'The link must be a web address' })
  .trim()
  .max(SUBMISSION_LINK_MAX, tooLong('Link', SUBMISSION_LINK_MAX))
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'The link must be a web address starting with https:// or http://' },
  )
  .nullish()
  .transform((value) => (value ? value : value === undefined ? undefined : null));

const note = z
  .string({ message: 'The note must be text' })
  .trim()
  .max(SUBMISSION_NOTE_MAX, tooLong('Note', SUBMISSION_NOTE_MAX))
  .nullish()
  .transform((value) => (value ? value : value === undefined ? undefined : null));

/** PATCH /api/assignments/:id/draft. Absent fields are left as they are. */
export const submissionDraftSchema = z.strictObject({ note, link });
export type SubmissionDraftParsed = z.output<typeof submissionDraftSchema>;

/** POST /api/admin/reviews/:submissionId. */
export const reviewInputSchema = z
  .strictObject({
    decision: z.enum(['approve', 'changes'], { message: 'Decision must be approve or changes' }),
    feedback: z
      .string({ message: 'Feedback must be text' })
      .trim()
      .max(REVIEW_FEEDBACK_MAX, tooLong('Feedback', REVIEW_FEEDBACK_MAX))
      .nullish()
      .transform((value) => (value ? value : null)),
    files: z
      .array(
        z.strictObject({
          fileId: id,
          feedback: z
            .string({ message: 'File feedback must be text' })
            .trim()
            .max(REVIEW_FILE_FEEDBACK_MAX, tooLong('File feedback', REVIEW_FILE_FEEDBACK_MAX))
            .nullish()
            .transform((value) => (value ? value : null)),
        }),
        { message: 'Files must be a list of { fileId, feedback }' },
      )
      .max(ASSIGNMENT_MAX_FILES_MAX, { message: `A round has at most ${ASSIGNMENT_MAX_FILES_MAX} files` })
      .refine((value) => new Set(value.map((entry) => entry.fileId)).size === value.length, { message: 'Each file may be listed once' })
      .optional()
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'changes' && !value.feedback)
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: 'Say what should change: feedback is required when asking for changes' });
  });
export type ReviewInputParsed = z.output<typeof reviewInputSchema>;

/** GET /api/admin/reviews: the queue's filters and page (limit/offset like every paged list). */
export const reviewQueueQuery = z.object({
  status: z.enum(['awaiting', 'changes_requested', 'approved'], { message: 'Status must be awaiting, changes_requested or approved' }).default('awaiting'),
  courseId: id.optional(),
  schoolId: id.optional(),
  ...pageQuery({ defaultLimit: 50, maxLimit: 200 }).shape,
});
export type ReviewQueueQuery = z.output<typeof reviewQueueQuery>;

export const reviewCountsQuery = z.object({ courseId: id.optional(), schoolId: id.optional() });

/** PATCH /api/schools/:id/submission-sharing. */
export const submissionSharingSchema = z.strictObject({
  managersSeeSubmissions: z.boolean({ message: 'Managers see submissions must be true or false' }),
});

export const assignmentParams = z.object({ id, assignmentId: id });
export const assignmentFileParams = z.object({ id, fileId: id });
