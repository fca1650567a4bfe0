import { schoolParams, submissionSharingDtoSchema, submissionSharingSchema, type SubmissionSharingDto } from '@atrium/common';
import { setSubmissionSharing } from '../../../commands/assignments.ts';
import { schoolManager } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';

/** A school's managers choose whether they see their members' assignment work (issue 37; off by default). */
export function schoolSubmissionSharingRoutes(routes: Routes): void {
  routes.add({
    method: 'patch',
    path: '/api/schools/:id/submission-sharing',
    access: 'user',
    params: schoolParams,
    body: submissionSharingSchema,
    policy: schoolManager,
    answer: { body: submissionSharingDtoSchema },
    async handler(ctx) {
      const managersSeeSubmissions = await setSubmissionSharing(ctx.deps.db, ctx.input.params.id, ctx.input.body.managersSeeSubmissions);
      ctx.body = { managersSeeSubmissions } satisfies SubmissionSharingDto;
    },
  });
}
