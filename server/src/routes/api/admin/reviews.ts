import {
  idParams,
  reviewCountsDtoSchema,
  reviewCountsQuery,
  reviewInputSchema,
  reviewQueueItemDtoSchema,
  reviewQueueQuery,
  submissionDtoSchema,
  submissionReviewDtoSchema,
  type ReviewQueueItemDto,
  type SubmissionDto,
} from '@atrium/common';
import { z } from 'zod';
import { reviewSubmission } from '../../../commands/submissions.ts';
import { notFound } from '../../../errors.ts';
import { presentReviewQueueItem, presentSubmissionReview } from '../../../presenters/assignments.ts';
import { filesOfRounds, reviewContext, reviewCounts, reviewQueue, roundsOf, submissionById } from '../../../queries/assignments.ts';
import { sendPage, type Routes } from '../../define.ts';
import { submissionAnswer } from '../../submissionAnswer.ts';

/** The admins' review queue of assignment work (issue 37): the longest waiting first, counts, one round, the decision. */
export function adminReviewRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/reviews',
    access: 'admin',
    cache: 'no-store',
    query: reviewQueueQuery,
    answer: { body: z.array(reviewQueueItemDtoSchema) },
    async handler(ctx) {
      const { status, courseId, schoolId, limit, offset } = ctx.input.query;
      const { rows, total } = await reviewQueue(ctx.deps.db, { status, courseId, schoolId }, { limit, offset });
      sendPage<ReviewQueueItemDto>(ctx, { rows: rows.map(presentReviewQueueItem), total });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/reviews/counts',
    access: 'admin',
    cache: 'no-store',
    query: reviewCountsQuery,
    answer: { body: reviewCountsDtoSchema },
    async handler(ctx) {
      ctx.body = await reviewCounts(ctx.deps.db, ctx.input.query);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/reviews/:id',
    access: 'admin',
    cache: 'no-store',
    params: idParams,
    answer: { body: submissionReviewDtoSchema },
    async handler(ctx) {
      const round = await submissionById(ctx.deps.db, ctx.input.params.id);
      // An unsent draft is the learner's alone, as GET /api/submissions/:id answers.
      if (!round || round.status === 'draft') throw notFound('Submission not found');
      const [context, all] = await Promise.all([reviewContext(ctx.deps.db, round), roundsOf(ctx.deps.db, Number(round.userId), Number(round.assignmentId))]);
      const earlier = all.filter((other) => Number(other.id) !== Number(round.id) && other.status !== 'draft');
      const files = await filesOfRounds(ctx.deps.db, [Number(round.id), ...earlier.map((other) => Number(other.id))]);
      if (!context.learner) throw notFound('Submission not found');
      ctx.body = presentSubmissionReview({ round, earlier, files, ...context, learner: context.learner });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/reviews/:id',
    access: 'admin',
    params: idParams,
    body: reviewInputSchema,
    answer: { body: submissionDtoSchema },
    async handler(ctx) {
      const reviewed = await reviewSubmission(ctx.deps, { reviewerId: ctx.state.user.id, submissionId: ctx.input.params.id, review: ctx.input.body });
      ctx.body = (await submissionAnswer(ctx.deps, reviewed.submissionId)) satisfies SubmissionDto;
    },
  });
}
