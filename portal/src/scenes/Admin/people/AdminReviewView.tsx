import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { REVIEW_FEEDBACK_MAX, REVIEW_FILE_FEEDBACK_MAX, reviewInputSchema, type ReviewInputParsed } from '@atrium/common/schemas/assignments';
import type { SubmissionReviewDto } from '../../../api/assignmentTypes.ts';
import { BackLink } from '../../../components/BackLink.tsx';
import { FileView } from '../../../components/assignments/FileView.tsx';
import { Button, ButtonAnchor } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { TextAreaField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { Panel, PanelHeader } from '../../../components/Panel.ts';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';
import { formatShortDate } from '@atrium/common/rules/dates';
import { useForm } from '../../../components/useForm.ts';
import { LinkedText, RoundSummary, ShownFiles, SubmissionStatusBadge } from '../../../components/assignments/SubmissionParts.tsx';
import { formatBytes } from '../../../components/assignments/uploadRules.ts';

/** What a decision sends: the schema's output, with no `files` when no file has a note. */
export type ReviewDecision = Omit<ReviewInputParsed, 'files'> & { files?: Array<{ fileId: number; feedback: string }> };

export interface AdminReviewViewProps {
  review: ReadState<SubmissionReviewDto>;
  /** False when the address names no submission: nothing is asked. */
  wellFormed: boolean;
  /**
   * Sends the decision. Resolves with null once saved, or with the sentence to show beside the
   * feedback (the server's reason, or its field error) when it was not.
   */
  onDecide: (decision: ReviewDecision) => Promise<string | null>;
  /** Where a file is downloaded from. */
  downloadUrl: (fileId: number) => string;
}

/** /admin/reviews/:submissionId: one submission with its files to look at, feedback, Approve / Ask for changes. */
export function AdminReviewView({ review, wellFormed, onDecide, downloadUrl }: AdminReviewViewProps) {
  const back = <BackLink to="/admin/reviews">Back to Reviews</BackLink>;
  return (
    <QueryState
      read={review}
      wellFormed={wellFormed}
      notFound={{ icon: 'layers', title: 'Submission not found', text: 'It may have been withdrawn or removed with its course.' }}
      loading="Loading the submission"
      failed="This submission could not be loaded"
      back={back}
    >
      {/* A decision changes the round's status: the form starts again, empty, for what is shown next. */}
      {(data) => <ReviewPage key={`${data.submission.id}-${data.submission.status}`} review={data} back={back} onDecide={onDecide} fileUrl={downloadUrl} />}
    </QueryState>
  );
}

/** The form's field for one file's note. */
const fileKey = (fileId: number) => `file-${fileId}`;

function ReviewPage({
  review,
  back,
  onDecide,
  fileUrl,
}: {
  review: SubmissionReviewDto;
  back: ReactNode;
  onDecide: AdminReviewViewProps['onDecide'];
  fileUrl: (fileId: number) => string;
}) {
  const { submission, learner, course, assignment } = review;
  const form = useForm<Record<string, string>>({ feedback: '', ...Object.fromEntries(submission.files.map((file) => [fileKey(file.id), ''])) });
  // A refusal no field explains (the round was withdrawn meanwhile, the server is busy).
  const [failure, setFailure] = useState<string | null>(null);
  const open = submission.status === 'submitted';

  // Approve and Ask for changes are the form's two submit buttons: the one pressed is the decision.
  const send = (event: FormEvent<HTMLFormElement>) => {
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const decision = pressed instanceof HTMLButtonElement && pressed.value === 'changes' ? 'changes' : 'approve';
    event.preventDefault();
    setFailure(null);
    const parsed = form.validate(reviewInputSchema, {
      decision,
      feedback: form.values.feedback,
      files: submission.files.map((file) => ({ fileId: file.id, feedback: form.values[fileKey(file.id)] ?? '' })),
    });
    if (!parsed) return;
    const files = parsed.files.flatMap((entry) => (entry.feedback ? [{ fileId: entry.fileId, feedback: entry.feedback }] : []));
    return onDecide({ decision: parsed.decision, feedback: parsed.feedback, ...(files.length > 0 ? { files } : {}) }).then(setFailure);
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
            <ShownFiles>
              {submission.files.map((file) => (
                <FileCard key={file.id}>
                  <FileView file={file} />
                  <FileHead>
                    <span>
                      {file.originalName} · {formatBytes(file.size)}
                    </span>
                    <ButtonAnchor href={fileUrl(file.id)} size="sm" variant="ghost" aria-label={`Download ${file.originalName}`}>
                      <Icon name="download" size={16} /> Download
                    </ButtonAnchor>
                  </FileHead>
                  {open ? (
                    <TextAreaField
                      label={`Feedback on ${file.originalName} (optional)`}
                      rows={2}
                      {...form.field(fileKey(file.id))}
                      hint={<CharacterCount value={form.values[fileKey(file.id)] ?? ''} max={REVIEW_FILE_FEEDBACK_MAX} />}
                    />
                  ) : file.feedback ? (
                    <Quote>
                      <strong>Feedback on this file</strong>
                      <LinkedText text={file.feedback} />
                    </Quote>
                  ) : null}
                </FileCard>
              ))}
            </ShownFiles>
            {submission.files.length === 0 && !submission.link ? <Meta>No files in this round.</Meta> : null}
          </Panel>
          {review.earlierRounds.length > 0 ? (
            <Panel aria-labelledby="earlier-title">
              <PanelHeader>
                <h2 id="earlier-title">Earlier rounds</h2>
              </PanelHeader>
              <Earlier>
                {review.earlierRounds.map((round) => (
                  <RoundSummary key={round.id} round={round} approvalRequired={assignment.approvalRequired} reader="reviewer" />
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
              <Decision onSubmit={send} noValidate aria-label="Your review">
                <TextAreaField
                  label="Feedback to the learner"
                  rows={6}
                  {...form.field('feedback')}
                  error={form.errors.feedback ?? form.errors.files ?? failure}
                  hint={
                    <>
                      Required to ask for changes; optional when approving. <CharacterCount value={form.values.feedback ?? ''} max={REVIEW_FEEDBACK_MAX} />
                    </>
                  }
                />
                <Actions>
                  <Button type="submit" name="decision" value="approve">
                    <Icon name="check" size={18} /> Approve
                  </Button>
                  <Button type="submit" name="decision" value="changes" variant="secondary">
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

const Decision = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
