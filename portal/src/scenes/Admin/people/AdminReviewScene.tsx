import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import type { SubmissionReviewDto } from '../../../api/assignmentTypes.ts';
import { FileView } from '../../../components/assignments/FileView.tsx';
import { submissionFileUrl, useReviewDecision, useSubmissionReview } from '../../../api/assignments.ts';
import { ApiError, errorText } from '../../../api/client.ts';
import { Button, ButtonAnchor, ButtonLink } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { TextAreaField } from '../../../components/Field.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { Panel, PanelHeader } from '../../../components/Panel.ts';
import { RecordPageGate } from '../../../components/RecordPageGate.tsx';
import { formatShortDate } from '@atrium/common/rules/dates';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { LinkedText, RoundSummary, SubmissionStatusBadge } from '../../../components/assignments/SubmissionParts.tsx';
import { formatBytes } from '../../../components/assignments/uploadRules.ts';

const FEEDBACK_MAX = 5000;
const FILE_FEEDBACK_MAX = 2000;

/** /admin/reviews/:submissionId: one submission with its files to look at, feedback, Approve / Ask for changes. */
export function AdminReviewScene() {
  const { submissionId = '' } = useParams();
  const wellFormed = /^\d+$/.test(submissionId);
  const review = useSubmissionReview(submissionId, wellFormed);
  usePageTitle(review.data ? `Review: ${review.data.assignment.title}` : 'Review');
  const back = (
    <ButtonLink to="/admin/reviews" variant="secondary">
      <Icon name="arrowLeft" size={18} /> Back to Reviews
    </ButtonLink>
  );

  return (
    <RecordPageGate
      query={review}
      wellFormed={wellFormed}
      notFound={{ icon: 'layers', title: 'Submission not found', text: 'It may have been withdrawn or removed with its course.' }}
      loading="Loading the submission"
      failed="This submission could not be loaded"
      back={back}
    >
      {(data) => <ReviewView key={`${data.submission.id}-${data.submission.status}`} review={data} back={back} />}
    </RecordPageGate>
  );
}

function ReviewView({ review, back }: { review: SubmissionReviewDto; back: React.ReactNode }) {
  const { submission, learner, course, assignment } = review;
  const decide = useReviewDecision(submission.id);
  const { toast } = useToast();
  const [feedback, setFeedback] = useState('');
  const [fileFeedback, setFileFeedback] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const open = submission.status === 'submitted';

  const send = (decision: 'approve' | 'changes') => (event?: FormEvent) => {
    event?.preventDefault();
    const overall = feedback.trim();
    if (decision === 'changes' && !overall) {
      setError('Write what the learner should change: it is sent to them.');
      return;
    }
    if (overall.length > FEEDBACK_MAX) {
      setError(`Feedback may be up to ${FEEDBACK_MAX.toLocaleString('en-GB')} characters.`);
      return;
    }
    const files = Object.entries(fileFeedback)
      .map(([fileId, text]) => ({ fileId: Number(fileId), feedback: text.trim() }))
      .filter((entry) => entry.feedback);
    if (files.some((entry) => entry.feedback.length > FILE_FEEDBACK_MAX)) {
      setError(`Feedback on a file may be up to ${FILE_FEEDBACK_MAX.toLocaleString('en-GB')} characters.`);
      return;
    }
    setError(null);
    // The promise, not mutate's callbacks: a decision changes the submission's status, which
    // remounts this view (its key), and TanStack Query drops a mutate call's callbacks once their
    // component has unmounted.
    decide.mutateAsync({ decision, feedback: overall || null, ...(files.length > 0 ? { files } : {}) }).then(
      () =>
        toast({
          title: decision === 'approve' ? 'Approved' : 'Changes requested',
          description: `${learner.name} is told by e-mail and sees your feedback on the step.`,
          variant: 'success',
        }),
      (failure: unknown) => {
        const fields = failure instanceof ApiError ? failure.data?.errors : undefined;
        setError(fields?.feedback ?? errorText(failure, 'The review was not saved. Please try again.'));
      },
    );
  };

  return (
    <Container>
      <PageHeading
        title={assignment.title}
        lead={
          <>
            {learner.name} ({learner.email}){learner.school ? ` · ${learner.school.name}` : ''} · <Link to={`/admin/courses/${course.id}`}>{course.title}</Link>
          </>
        }
        actions={back}
      />
      <Layout>
        <Main>
          <Panel aria-labelledby="submission-title">
            <PanelHeader>
              <h2 id="submission-title">Round {submission.round}</h2>
              <SubmissionStatusBadge submission={submission} approvalRequired={assignment.approvalRequired} />
            </PanelHeader>
            <Meta>
              {submission.submittedAt ? `Sent ${formatShortDate(submission.submittedAt)}` : 'Not sent'}
              {submission.reviewedAt ? ` · reviewed ${formatShortDate(submission.reviewedAt)}` : ''}
            </Meta>
            {submission.note ? (
              <Quote>
                <strong>Learner’s note</strong>
                <LinkedText text={submission.note} />
              </Quote>
            ) : null}
            {submission.link ? (
              <p>
                <strong>Link: </strong>
                <a href={submission.link} target="_blank" rel="noopener noreferrer nofollow">
                  {submission.link}
                </a>
              </p>
            ) : null}
            <Files>
              {submission.files.map((file) => (
                <FileCard key={file.id}>
                  <FileView file={file} />
                  <FileHead>
                    <span>
                      {file.originalName} · {formatBytes(file.size)}
                    </span>
                    <ButtonAnchor href={submissionFileUrl(file.id, true)} size="sm" variant="ghost" aria-label={`Download ${file.originalName}`}>
                      <Icon name="download" size={16} /> Download
                    </ButtonAnchor>
                  </FileHead>
                  {open ? (
                    <TextAreaField
                      label={`Feedback on ${file.originalName} (optional)`}
                      rows={2}
                      value={fileFeedback[file.id] ?? ''}
                      hint={<CharacterCount value={fileFeedback[file.id] ?? ''} max={FILE_FEEDBACK_MAX} />}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        setFileFeedback((current) => ({ ...current, [file.id]: text }));
                      }}
                    />
                  ) : file.feedback ? (
                    <Quote>
                      <strong>Feedback on this file</strong>
                      <LinkedText text={file.feedback} />
                    </Quote>
                  ) : null}
                </FileCard>
              ))}
            </Files>
            {submission.files.length === 0 && !submission.link ? <Meta>No files in this round.</Meta> : null}
          </Panel>
          {review.earlierRounds.length > 0 ? (
            <Panel aria-labelledby="earlier-title">
              <PanelHeader>
                <h2 id="earlier-title">Earlier rounds</h2>
              </PanelHeader>
              <Earlier>
                {review.earlierRounds.map((round) => (
                  <RoundSummary key={round.id} round={round} approvalRequired={assignment.approvalRequired} />
                ))}
              </Earlier>
            </Panel>
          ) : null}
        </Main>
        <Side>
          <Panel aria-labelledby="instructions-title">
            <PanelHeader>
              <h2 id="instructions-title">Instructions</h2>
            </PanelHeader>
            <LinkedText text={assignment.instructions} />
          </Panel>
          <Panel aria-labelledby="decision-title">
            <PanelHeader>
              <h2 id="decision-title">Your review</h2>
            </PanelHeader>
            {open ? (
              <Decision onSubmit={send('approve')} noValidate>
                <TextAreaField
                  label="Feedback to the learner"
                  rows={6}
                  value={feedback}
                  error={error}
                  hint={
                    <>
                      Required to ask for changes; optional when approving. <CharacterCount value={feedback} max={FEEDBACK_MAX} />
                    </>
                  }
                  onChange={(event) => {
                    setFeedback(event.currentTarget.value);
                    setError(null);
                  }}
                />
                <Actions>
                  <Button type="submit" disabled={decide.isPending}>
                    <Icon name="check" size={18} /> Approve
                  </Button>
                  <Button variant="secondary" disabled={decide.isPending} onClick={() => send('changes')()}>
                    <Icon name="edit" size={18} /> Ask for changes
                  </Button>
                </Actions>
              </Decision>
            ) : submission.status === 'draft' ? (
              <Meta>{submission.withdrawnAt ? 'The learner withdrew this submission to change it.' : 'This round has not been submitted yet.'}</Meta>
            ) : (
              <>
                <Meta>
                  {submission.status === 'approved' ? 'Approved' : 'Changes requested'}
                  {submission.reviewedAt ? ` on ${formatShortDate(submission.reviewedAt)}` : ''}.
                </Meta>
                {submission.feedback ? (
                  <Quote>
                    <strong>Feedback sent</strong>
                    <LinkedText text={submission.feedback} />
                  </Quote>
                ) : null}
              </>
            )}
          </Panel>
        </Side>
      </Layout>
    </Container>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

const Main = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    position: sticky;
    top: ${({ theme }) => theme.space.md};
  }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Quote = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin: ${({ theme }) => theme.space.sm} 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.accentBorder};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;
`;

const FileCard = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  audio {
    width: 100%;
  }
`;

const FileHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  overflow-wrap: anywhere;
  font-weight: 600;
`;

const Earlier = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Decision = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
