import type { SubmissionDto } from '@atrium/common';
import type { AppDeps } from '../context.ts';
import { presentSubmission } from '../presenters/assignments.ts';
import { filesOfRounds, submissionById } from '../queries/assignments.ts';

/** One round as the API answers it, with its files (the learner's routes and the admin's review). */
export async function submissionAnswer(deps: Pick<AppDeps, 'db'>, submissionId: number): Promise<SubmissionDto> {
  const round = (await submissionById(deps.db, submissionId))!;
  return presentSubmission(round, await filesOfRounds(deps.db, [submissionId]));
}
