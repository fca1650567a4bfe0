import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface AssignmentReviewedProps {
  brand: MailBrand;
  firstName: string | null;
  courseTitle: string;
  assignmentTitle: string;
  decision: 'approved' | 'changes_requested';
  /** The reviewer's overall feedback, if any (per-file notes are on the step's page). */
  feedback: string | null;
  stepUrl: string;
  /** Set when this approval completed the course. */
  certificateNumber: string | null;
}

/**
 * The answer to work the learner sent in (issue 37): transactional, like a receipt — it replies
 * to their own submission and they are waiting for it — so it carries no unsubscribe link, as
 * other mail about the person's own account and actions does not.
 */
export const assignmentReviewedMail = defineMail<AssignmentReviewedProps>({
  subject: ({ assignmentTitle, decision }) =>
    decision === 'approved' ? `Your work for "${assignmentTitle}" was approved` : `Changes asked on your work for "${assignmentTitle}"`,
  body: ({ brand, firstName, courseTitle, assignmentTitle, decision, feedback, stepUrl, certificateNumber }) => (
    <MailLayout brand={brand} preview={decision === 'approved' ? 'Your work was approved' : 'Your reviewer asked for changes'}>
      <P>{`Hello ${firstName ?? ''}`.trim() + ','}</P>
      <P>
        {decision === 'approved'
          ? `Your work for "${assignmentTitle}" in "${courseTitle}" was reviewed and approved.`
          : `Your work for "${assignmentTitle}" in "${courseTitle}" was reviewed: your reviewer asks for some changes before approving it.`}
      </P>
      {feedback ? <P>{`Feedback: ${feedback}`}</P> : null}
      {certificateNumber ? <P>{`You have completed the course: your certificate is ${certificateNumber}.`}</P> : null}
      <P>{decision === 'approved' ? 'See the feedback on the step:' : 'See the feedback (also on each file) and send your changes here:'}</P>
      <UrlLink href={stepUrl} />
    </MailLayout>
  ),
});
