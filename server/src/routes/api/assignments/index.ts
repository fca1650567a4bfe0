import {
  assignmentDtoSchema,
  assignmentFileParams,
  idParams,
  submissionDraftSchema,
  submissionDtoSchema,
  SUBMISSION_CONTENT_TYPES,
  submissionFileName,
  submitResultDtoSchema,
  type SubmitResultDto,
} from '@atrium/common';
import { z } from 'zod';
import { removeDraftFile, submitDraft, updateDraft, withdrawSubmission } from '../../../commands/submissions.ts';
import type { AppContext } from '../../../context.ts';
import { dbBoolean } from '../../../db/knex.ts';
import { assignmentLearner, submissionFileViewer, submissionViewer } from '../../../policies/assignments.ts';
import { presentAssignment } from '../../../presenters/assignments.ts';
import {
  assignmentResultOf,
  filesOfRounds,
  roundsOf,
  schoolSharesWorkOf,
  type LiveAssignment,
  type SubmissionFileRow,
  type SubmissionRow,
} from '../../../queries/assignments.ts';
import type { Routes } from '../../define.ts';
import { sendStoredFile } from '../../storedFileResponse.ts';
import { submissionAnswer } from '../../submissionAnswer.ts';

const policyAssignment = (state: object): LiveAssignment => (state as { assignment?: LiveAssignment }).assignment!;

/** Files are shown in the page (images, players, the PDF viewer) unless a download is asked for. */
const fileQuery = z.object({ download: z.enum(['0', '1']).optional() });

/**
 * Headers of every submission file: a file is a learner's work, never a page of ours, so the
 * browser runs nothing in it (sandbox) and keeps no copy (private, no-store).
 */
const FILE_HEADERS = { 'Content-Security-Policy': "sandbox; default-src 'none'", 'Cache-Control': 'private, no-store' };

async function sendSubmissionFile(ctx: AppContext, file: SubmissionFileRow, download: boolean): Promise<void> {
  await sendStoredFile(
    ctx,
    {
      storageKey: file.storageKey,
      contentType: file.contentType,
      size: file.size,
      fileName: submissionFileName(file.originalName, file.contentType),
      disposition: download ? 'attachment' : 'inline',
    },
    FILE_HEADERS,
  );
}

/** A learner's work on an assignment (issue 37): the step, the draft, submitting, withdrawing; rounds and files to those who may see them. */
export function assignmentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/assignments/:id',
    access: 'user',
    answer: { body: assignmentDtoSchema },
    cache: 'private, no-store',
    params: idParams,
    policy: assignmentLearner,
    async handler(ctx) {
      const assignment = policyAssignment(ctx.state);
      const userId = ctx.state.user.id;
      const [rounds, result, managersCanSee] = await Promise.all([
        roundsOf(ctx.deps.db, userId, assignment.id),
        assignmentResultOf(ctx.deps.db, userId, assignment.id),
        schoolSharesWorkOf(ctx.deps.db, userId),
      ]);
      const files = await filesOfRounds(
        ctx.deps.db,
        rounds.map((round: SubmissionRow) => Number(round.id)),
      );
      ctx.body = presentAssignment(assignment, rounds, files, { completed: dbBoolean(result?.completed), managersCanSee });
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/assignments/:id/draft',
    access: 'user',
    answer: { body: submissionDtoSchema },
    params: idParams,
    body: submissionDraftSchema,
    policy: assignmentLearner,
    async handler(ctx) {
      const submissionId = await updateDraft(ctx.deps, { userId: ctx.state.user.id, assignmentId: ctx.input.params.id, ...ctx.input.body });
      ctx.body = await submissionAnswer(ctx.deps, submissionId);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/assignments/:id/draft/files/:fileId',
    access: 'user',
    answer: { status: 204 },
    params: assignmentFileParams,
    policy: assignmentLearner,
    async handler(ctx) {
      await removeDraftFile(ctx.deps, { userId: ctx.state.user.id, assignmentId: ctx.input.params.id, fileId: ctx.input.params.fileId });
      ctx.status = 204;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/assignments/:id/submit',
    access: 'user',
    answer: { body: submitResultDtoSchema },
    params: idParams,
    rateLimit: { limit: 'assignmentSubmit', by: 'user' },
    policy: assignmentLearner,
    async handler(ctx) {
      const submitted = await submitDraft(ctx.deps, { userId: ctx.state.user.id, assignmentId: ctx.input.params.id });
      ctx.body = {
        submission: await submissionAnswer(ctx.deps, submitted.submissionId),
        courseCompleted: submitted.completion.courseCompleted,
        certificateNumber: submitted.completion.certificateNumber,
      } satisfies SubmitResultDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/assignments/:id/withdraw',
    access: 'user',
    answer: { body: submissionDtoSchema },
    params: idParams,
    policy: assignmentLearner,
    async handler(ctx) {
      const submissionId = await withdrawSubmission(ctx.deps, { userId: ctx.state.user.id, assignmentId: ctx.input.params.id });
      ctx.body = await submissionAnswer(ctx.deps, submissionId);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/submissions/:id',
    access: 'user',
    answer: { body: submissionDtoSchema },
    cache: 'private, no-store',
    params: idParams,
    policy: submissionViewer,
    async handler(ctx) {
      ctx.body = await submissionAnswer(ctx.deps, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/submission-files/:fileId',
    access: 'user',
    answer: {
      contentType: Object.keys(SUBMISSION_CONTENT_TYPES),
      headers: { 'Content-Disposition': 'inline, or attachment with `?download=1`, with the file’s name' },
    },
    cache: 'private, no-store',
    params: z.object({ fileId: idParams.shape.id }),
    query: fileQuery,
    policy: submissionFileViewer,
    async handler(ctx) {
      const file = (ctx.state as { submissionFile?: SubmissionFileRow }).submissionFile!;
      await sendSubmissionFile(ctx, file, ctx.input.query.download === '1');
    },
  });
}
