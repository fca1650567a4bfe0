import { submissionFileName, type ReviewInputParsed, type SubmissionFileKind } from '@atrium/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import { dbBoolean, type Db } from '../db/knex.ts';
import type { AssignmentResult, Submission } from '../db/tables.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors.ts';
import { requireCourseView } from '../policies/courseAccess.ts';
import { draftOf, fileCountOf, liveAssignment, type LiveAssignment } from '../queries/assignments.ts';
import type { Clock } from '../services/clock.ts';
import type { FileStorage } from '../services/storage/index.ts';
import { completeCourseIfDone, lockEnrollment, lockLearner, type CourseCompletion } from './courseCompletion.ts';
import { checkStorageQuota, type StorageQuotaConfig } from './storageQuota.ts';
import { recordStoredFile, releaseFiles } from './storedFiles.ts';
import type { Config } from '../config.ts';
import { renderMail } from '../mail/render.ts';
import { assignmentReviewedMail } from '../mail/templates/assignmentReviewed.tsx';
import { enqueueMail } from '../services/outbox.ts';

/** What the submission commands need beside the database. */
export interface SubmissionDeps {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  clock: Clock;
}

export const ASSIGNMENT_NOT_FOUND = 'Assignment not found';

/**
 * The assignment the learner may write to: not deleted, of a course they are enrolled in (a
 * school's licence enrols its staff), or any course for an admin. Unknown: 404; no access: 403.
 */
export async function writableAssignment(trx: Knex.Transaction | Db, userId: number, assignmentId: number): Promise<LiveAssignment> {
  const assignment = await liveAssignment(trx, assignmentId);
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND);
  const user = await trx('users').where({ id: userId }).first('id', 'role');
  if (!user) throw notFound(ASSIGNMENT_NOT_FOUND);
  await requireCourseView(trx, user, assignment.courseId, 'submission');
  return assignment;
}

/**
 * The learner's draft of an assignment, created when there is none: round 1, or the round after
 * the latest submitted one. The round after one sent back for changes starts with that round's
 * files (those of kinds still accepted, up to the assignment's number) and link carried over,
 * each removable; the earlier round keeps its own, the same stored files. Call under lockLearner.
 */
export async function ensureDraft(trx: Knex.Transaction, userId: number, assignment: LiveAssignment, now: number): Promise<Submission> {
  const draft = await draftOf(trx, userId, assignment.id);
  if (draft) return draft;
  const latest = await trx('submissions').where({ userId, assignmentId: assignment.id }).orderBy('round', 'desc').first('id', 'round', 'status', 'link');
  // A new round follows only a round sent back for changes: work awaiting review is withdrawn
  // first, and approved work is done.
  if (latest?.status === 'submitted')
    throw conflict(
      assignment.approvalRequired ? 'This work is awaiting review: withdraw it first to change it' : 'This work was submitted: there is nothing more to submit',
    );
  if (latest?.status === 'approved') throw conflict('This work was approved: there is nothing more to submit');
  const sentBack = latest?.status === 'changes_requested' ? latest : undefined;
  const created = await insertAndFetch(trx, 'submissions', {
    assignmentId: assignment.id,
    userId,
    courseId: assignment.courseId,
    round: Number(latest?.round ?? 0) + 1,
    status: 'draft',
    note: null,
    link: sentBack && assignment.accepts.includes('link') ? (sentBack.link ?? null) : null,
    createdAt: now,
    submittedAt: null,
    withdrawnAt: null,
    reviewedAt: null,
    reviewerId: null,
    feedback: null,
  });
  if (sentBack) {
    const files = await trx('submissionFiles').where({ submissionId: sentBack.id }).orderBy('id').select('fileId', 'originalName', 'kind');
    const carried = files.filter((file) => assignment.accepts.includes(file.kind)).slice(0, assignment.maxFiles);
    if (carried.length) await trx('submissionFiles').insert(carried.map((file) => ({ submissionId: created.id, ...file, feedback: null, createdAt: now })));
  }
  return created;
}

/** What attaching a file needs beside SubmissionDeps: the account's storage quota. */
export type AttachDeps = SubmissionDeps & { config: StorageQuotaConfig };

export interface AttachSubmissionFileInput {
  userId: number;
  assignmentId: number;
  /** Where the bytes already are in FileStorage (`submissions/…`). */
  storageKey: string;
  /** The name the client gave it; stored as submissionFileName makes it (the sniffed type's extension forced). */
  originalName: string;
  kind: SubmissionFileKind;
  /** Sniffed from the bytes, never the client's. */
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Records a file that the upload endpoint has just written to storage as part of the learner's
 * draft (created if none), in one transaction: the learner must still have access, the
 * assignment must accept the kind and the draft must have room (re-checked here, under the
 * learner's lock, however many uploads finish at once). On any refusal the stored object is
 * deleted, so nothing is left half-stored; the error says why (403/404/409/413/422).
 */
export async function attachSubmissionFile(deps: AttachDeps, input: AttachSubmissionFileInput): Promise<{ fileId: number; submissionId: number }> {
  try {
    return await retryOnDeadlock(() =>
      deps.db.transaction(async (trx) => {
        await lockLearner(trx, input.userId);
        const assignment = await writableAssignment(trx, input.userId, input.assignmentId);
        if (!assignment.accepts.includes(input.kind))
          throw new HttpError(422, 'bad_request', `This assignment does not accept ${input.kind} files`, {
            file: `This assignment does not accept ${input.kind} files`,
          });
        const now = deps.clock.now().getTime();
        const draft = await ensureDraft(trx, input.userId, assignment, now);
        if ((await fileCountOf(trx, draft.id)) >= assignment.maxFiles)
          throw new HttpError(
            409,
            'conflict',
            `This assignment takes at most ${assignment.maxFiles} file${assignment.maxFiles === 1 ? '' : 's'}: remove one first`,
            {
              file: `At most ${assignment.maxFiles} file${assignment.maxFiles === 1 ? '' : 's'}`,
            },
          );
        await checkStorageQuota(trx, deps.config, input.userId, input.size);
        const storedId = await recordStoredFile(
          trx,
          { key: input.storageKey, clientName: input.originalName, contentType: input.contentType, size: input.size, sha256: input.sha256 },
          now,
        );
        const [fileId] = await trx('submissionFiles').insert({
          submissionId: draft.id,
          fileId: storedId,
          originalName: submissionFileName(input.originalName, input.contentType),
          kind: input.kind,
          feedback: null,
          createdAt: now,
        });
        return { fileId: Number(fileId), submissionId: Number(draft.id) };
      }),
    );
  } catch (error) {
    await deps.storage
      .delete(input.storageKey)
      .catch((cause: unknown) => deps.logger.error({ err: cause, key: input.storageKey }, 'could not delete a submission file whose attach failed'));
    throw error;
  }
}

/** The round a learner or reviewer acts on, with the assignment it belongs to. */
async function roundOf(trx: Knex.Transaction | Db, submissionId: number): Promise<Submission | undefined> {
  return trx('submissions').where({ id: submissionId }).first();
}

/**
 * Sets the note and/or link of the learner's draft, creating the draft if there is none (the
 * next round after changes were asked for). A link is refused when the assignment takes none.
 */
export async function updateDraft(
  deps: SubmissionDeps,
  input: { userId: number; assignmentId: number; note?: string | null; link?: string | null },
): Promise<number> {
  return retryOnDeadlock(() =>
    deps.db.transaction(async (trx) => {
      await lockLearner(trx, input.userId);
      const assignment = await writableAssignment(trx, input.userId, input.assignmentId);
      if (input.link && !assignment.accepts.includes('link'))
        throw badRequest('This assignment does not take a link', { link: 'This assignment does not take a link' });
      const draft = await ensureDraft(trx, input.userId, assignment, deps.clock.now().getTime());
      const changes = { ...(input.note !== undefined ? { note: input.note } : {}), ...(input.link !== undefined ? { link: input.link } : {}) };
      if (Object.keys(changes).length) await trx('submissions').where({ id: draft.id }).update(changes);
      return Number(draft.id);
    }),
  );
}

/** Takes a file out of the learner's draft; its stored object is deleted once this commits. Not in the draft: 404. */
export async function removeDraftFile(deps: SubmissionDeps, input: { userId: number; assignmentId: number; fileId: number }): Promise<void> {
  await retryOnDeadlock(() =>
    deps.db.transaction(async (trx) => {
      await lockLearner(trx, input.userId);
      await writableAssignment(trx, input.userId, input.assignmentId);
      const draft = await draftOf(trx, input.userId, input.assignmentId);
      const file = draft ? await trx('submissionFiles').where({ id: input.fileId, submissionId: draft.id }).first('id', 'fileId') : undefined;
      if (!file) throw notFound('File not found in your draft');
      await trx('submissionFiles').where({ id: file.id }).delete();
      await releaseFiles(trx, deps, [Number(file.fileId)]);
    }),
  );
}

/** Writes the learner's standing on an assignment from the round just submitted or reviewed. */
async function recordResult(trx: Knex.Transaction, round: Submission, status: AssignmentResult['status'], completesStep: boolean, now: number): Promise<void> {
  const key = { userId: round.userId, assignmentId: round.assignmentId };
  const previous = await trx('assignmentResults').where(key).first('completed');
  // Once complete, stays complete: a later round sent back for changes does not undo an approval.
  const completed = completesStep || dbBoolean(previous?.completed);
  if (previous) await trx('assignmentResults').where(key).update({ status, completed, round: round.round, updatedAt: now });
  else await trx('assignmentResults').insert({ ...key, courseId: round.courseId, status, completed, round: round.round, updatedAt: now });
}

export interface SubmittedRound {
  submissionId: number;
  completion: CourseCompletion;
}

/**
 * Submits the learner's draft: it needs at least one file or a link, no more files than the
 * assignment takes, only kinds it accepts (it may have changed since the upload) and a link only
 * when links are accepted (400 naming the field otherwise, nothing written). Without approval
 * required this completes the step, and the certificate is issued when it was the last step.
 */
export async function submitDraft(deps: SubmissionDeps, input: { userId: number; assignmentId: number }): Promise<SubmittedRound> {
  return retryOnDeadlock(() =>
    deps.db.transaction(async (trx) => {
      await lockLearner(trx, input.userId);
      const assignment = await writableAssignment(trx, input.userId, input.assignmentId);
      const draft = await draftOf(trx, input.userId, assignment.id);
      if (!draft) {
        const latest = await trx('submissions').where({ userId: input.userId, assignmentId: assignment.id }).orderBy('round', 'desc').first('status');
        if (latest?.status === 'submitted') throw conflict('This work was already submitted and is awaiting review');
        if (latest?.status === 'approved') throw conflict('This work was approved: there is nothing more to submit');
        throw badRequest('Add at least one file or a link before submitting', { files: 'Add at least one file or a link' });
      }
      const files = await trx('submissionFiles').where({ submissionId: draft.id }).select('kind');
      if (draft.link && !assignment.accepts.includes('link'))
        throw badRequest('This assignment does not take a link', { link: 'This assignment does not take a link' });
      if (!files.length && !draft.link) throw badRequest('Add at least one file or a link before submitting', { files: 'Add at least one file or a link' });
      if (files.length > assignment.maxFiles) {
        const message = `This assignment takes at most ${assignment.maxFiles} file${assignment.maxFiles === 1 ? '' : 's'}: remove ${files.length - assignment.maxFiles}`;
        throw badRequest(message, { files: message });
      }
      const refused = files.find((file) => !assignment.accepts.includes(file.kind));
      if (refused) {
        const message = `This assignment no longer takes ${refused.kind} files: remove them before submitting`;
        throw badRequest(message, { files: message });
      }
      const now = deps.clock.now().getTime();
      await trx('submissions').where({ id: draft.id }).update({ status: 'submitted', submittedAt: now });
      await recordResult(trx, draft, 'submitted', !assignment.approvalRequired, now);
      await lockEnrollment(trx, input.userId, assignment.courseId);
      const completion = await completeCourseIfDone(trx, input.userId, assignment.courseId, now);
      return { submissionId: Number(draft.id), completion };
    }),
  );
}

/**
 * Takes back a round awaiting review: it is the learner's draft again (withdrawnAt set), and their
 * standing returns to the round before it. Only when approval is required: without it, submitting
 * completed the step (and may have issued the certificate), so there is nothing to take back.
 */
export async function withdrawSubmission(deps: SubmissionDeps, input: { userId: number; assignmentId: number }): Promise<number> {
  return retryOnDeadlock(() =>
    deps.db.transaction(async (trx) => {
      await lockLearner(trx, input.userId);
      const assignment = await writableAssignment(trx, input.userId, input.assignmentId);
      const round = await trx('submissions').where({ userId: input.userId, assignmentId: assignment.id, status: 'submitted' }).first();
      if (!round) throw conflict('There is nothing awaiting review to withdraw');
      if (!assignment.approvalRequired) throw conflict('This step was completed when you submitted: it cannot be withdrawn');
      const now = deps.clock.now().getTime();
      await trx('submissions').where({ id: round.id }).update({ status: 'draft', submittedAt: null, withdrawnAt: now });
      const key = { userId: input.userId, assignmentId: assignment.id };
      const before = await trx('submissions').where(key).whereNot({ status: 'draft' }).orderBy('round', 'desc').first('round', 'status');
      const result = await trx('assignmentResults').where(key).first('completed');
      if (before && before.status !== 'draft') await trx('assignmentResults').where(key).update({ status: before.status, round: before.round, updatedAt: now });
      else if (result && !dbBoolean(result.completed)) await trx('assignmentResults').where(key).delete();
      return Number(round.id);
    }),
  );
}

export interface ReviewDeps extends SubmissionDeps {
  config: Pick<Config, 'brandName' | 'publicUrl' | 'supportEmail'>;
}

export interface ReviewedRound {
  submissionId: number;
  completion: CourseCompletion;
}

/**
 * A reviewer approves a round or sends it back for changes, with feedback overall and per file
 * (files of this round only: 400 otherwise). A draft is refused (409: withdrawn, or never
 * submitted), as is a round already reviewed. An approval completes the step and issues the
 * certificate when it was the last one. The learner is mailed in the same transaction.
 */
export async function reviewSubmission(
  deps: ReviewDeps,
  input: { reviewerId: number; submissionId: number; review: ReviewInputParsed },
): Promise<ReviewedRound> {
  // Whose work it is, read before the transaction: inside it the learner's lock must come first.
  const found = await roundOf(deps.db, input.submissionId);
  if (!found) throw notFound('Submission not found');
  // An admin who takes a course is a learner there: their work is reviewed by someone else.
  if (Number(found.userId) === input.reviewerId) throw forbidden('You cannot review your own work; another admin will review it');
  return retryOnDeadlock(() =>
    deps.db.transaction(async (trx) => {
      await lockLearner(trx, found.userId);
      const round = await roundOf(trx, input.submissionId);
      if (!round) throw notFound('Submission not found');
      if (round.status === 'draft') throw conflict(round.withdrawnAt !== null ? 'This submission was withdrawn' : 'This submission has not been submitted');
      if (round.status !== 'submitted') throw conflict('This submission was already reviewed');
      const { review } = input;
      const fileIds = new Set((await trx('submissionFiles').where({ submissionId: round.id }).select('id')).map((row) => Number(row.id)));
      review.files.forEach((file, index) => {
        if (!fileIds.has(file.fileId))
          throw badRequest('A file is not one of this submission’s', { [`files.${index}.fileId`]: 'Not a file of this submission' });
      });
      const assignment = await trx('assignments').where({ id: round.assignmentId }).first();
      const now = deps.clock.now().getTime();
      const status = review.decision === 'approve' ? 'approved' : 'changes_requested';
      await trx('submissions').where({ id: round.id }).update({ status, reviewedAt: now, reviewerId: input.reviewerId, feedback: review.feedback });
      for (const file of review.files) await trx('submissionFiles').where({ id: file.fileId }).update({ feedback: file.feedback });
      // The next round is ready when the learner comes back, with this round's files carried over.
      if (status === 'changes_requested') {
        const live = await liveAssignment(trx, round.assignmentId);
        if (live) await ensureDraft(trx, round.userId, live, now);
      }
      await recordResult(trx, round, status, status === 'approved' || !dbBoolean(assignment?.approvalRequired), now);
      await lockEnrollment(trx, round.userId, round.courseId);
      const completion = await completeCourseIfDone(trx, round.userId, round.courseId, now);
      await mailReview(trx, deps, round, { status, feedback: review.feedback, assignmentTitle: assignment?.title ?? '', now, completion });
      return { submissionId: Number(round.id), completion };
    }),
  );
}

async function mailReview(
  trx: Knex.Transaction,
  deps: ReviewDeps,
  round: Submission,
  review: { status: 'approved' | 'changes_requested'; feedback: string | null; assignmentTitle: string; now: number; completion: CourseCompletion },
): Promise<void> {
  const learner = await trx('users').where({ id: round.userId }).first('email', 'firstName', 'deletedAt', 'emailVerifiedAt');
  // It carries a reviewer's words, so, as reply e-mails, only to an address its owner proved:
  // anyone can register an account under someone else's. (The feedback is on the page either way.)
  if (!learner || learner.deletedAt || learner.emailVerifiedAt === null) return;
  const course = await trx('courses').where({ id: round.courseId }).first('title');
  const { config } = deps;
  const mail = await renderMail(assignmentReviewedMail, {
    brand: { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail },
    firstName: learner.firstName ?? null,
    courseTitle: course?.title ?? '',
    assignmentTitle: review.assignmentTitle,
    decision: review.status,
    feedback: review.feedback,
    stepUrl: `${config.publicUrl}/courses/${round.courseId}/assignments/${round.assignmentId}`,
    certificateNumber: review.completion.certificateNumber,
  });
  await enqueueMail(trx, [{ to: learner.email, ...mail }], review.now);
}
