import { useParams } from 'react-router';
import { submissionFileUrl, useReviewDecision, useSubmissionReview } from '../../../api/assignments.ts';
import { ApiError, errorText } from '../../../api/client.ts';
import { readState } from '../../../components/QueryState.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminReviewView, type ReviewDecision } from './AdminReviewView.tsx';

/** /admin/reviews/:submissionId: the submission read, the decision sent, the toast once it is saved. */
export function AdminReviewScene() {
  const { submissionId = '' } = useParams();
  const wellFormed = /^\d+$/.test(submissionId);
  const review = useSubmissionReview(submissionId, wellFormed);
  usePageTitle(review.data ? `Review: ${review.data.assignment.title}` : 'Review');
  const decide = useReviewDecision(Number(submissionId));
  const { toast } = useToast();
  const learnerName = review.data?.learner.name ?? 'The learner';

  // The promise, not mutate's callbacks: a decision changes the submission's status, which
  // remounts the review's form, and TanStack Query drops a mutate call's callbacks once their
  // component has unmounted.
  const onDecide = (input: ReviewDecision) =>
    decide.mutateAsync(input).then(
      () => {
        toast({
          title: input.decision === 'approve' ? 'Approved' : 'Changes requested',
          description: `${learnerName} is told by e-mail and sees your feedback on the step.`,
          variant: 'success',
        });
        return null;
      },
      (failure: unknown) => {
        const fields = failure instanceof ApiError ? failure.data?.errors : undefined;
        return fields?.feedback ?? fields?.files ?? errorText(failure, 'The review was not saved. Please try again.');
      },
    );

  return <AdminReviewView review={readState(review)} wellFormed={wellFormed} onDecide={onDecide} downloadUrl={(fileId) => submissionFileUrl(fileId, true)} />;
}
