import { useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { SUBMISSION_FILE_LIMITS, type CourseDetailDto } from '@atrium/common';
import type { AssignmentDto, SubmissionDto, SubmissionFileDto } from '../../api/assignmentTypes.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { CharacterCount } from '../../components/CharacterCount.tsx';
import { TextAreaField, TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { whatIsLeft } from '../../components/courseSteps.ts';
import { CourseStepPage, stepPlace } from '../../components/courseStep/CourseStepPage.tsx';
import { Feedback, FileList, FileNotes, LinkedText, RoundSummary } from '../../components/assignments/SubmissionParts.tsx';
import { acceptAttribute, acceptsPhrase, fileKinds, formatBytes, KIND_WORDS, linkProblem, refusal } from '../../components/assignments/uploadRules.ts';
import type { UploadItem } from './useUploads.ts';

const NOTE_MAX = 2000;

/** What the learner's page does, as its container does it: each write tells the learner how it went. */
export interface AssignmentWork {
  /** Saves the draft's note and link. Rejects when the server refused them. */
  saveDraft(fields: { note: string; link?: string | null }): Promise<void>;
  /** Takes a file out of the draft; settles either way (a failure is told by the container). */
  removeFile(file: SubmissionFileDto): Promise<void>;
  /** Runs `prepare` (saving the fields; false: a field is wrong, nothing is sent), then submits the draft. */
  submit(prepare: () => Promise<boolean>): Promise<void>;
  submitting: boolean;
  /** Takes back the round sent last, while no one has started reviewing it. */
  withdraw(): void;
  withdrawing: boolean;
  /** The resumable uploads of this assignment's files, each with its progress. */
  uploads: { items: UploadItem[]; busy: boolean; add(files: File[]): void; retry(key: string): void; cancel(key: string): void };
}

export interface AssignmentViewProps {
  course: CourseDetailDto;
  assignment: AssignmentDto;
  work: AssignmentWork;
}

/** An assignment step: the instructions, the round being written or the one sent, and the earlier rounds. */
export function AssignmentView({ course, assignment, work }: AssignmentViewProps) {
  const latest: SubmissionDto | undefined = assignment.rounds[0];
  // The learner writes while there is a draft, before the first round, and after changes were asked for.
  const editing = assignment.draft !== null || !latest || latest.status === 'changes_requested';
  const earlier = editing ? assignment.rounds : assignment.rounds.slice(1);
  const place = stepPlace(course, 'assignment', assignment.id);
  // Sent (or complete) but the course is not: what the certificate still waits for, from the one rule (issue 53).
  const left = course.isEnrolled && !editing && course.progressPercentage < 100 ? whatIsLeft(place.steps) : '';

  return (
    <CourseStepPage
      course={course}
      place={place}
      icon="upload"
      kind="Assignment"
      title={assignment.title}
      facts={
        <>
          <li>Send {acceptsPhrase(assignment.accepts)}</li>
          {fileKinds(assignment.accepts).length > 0 ? (
            <li>
              Up to {assignment.maxFiles} {assignment.maxFiles === 1 ? 'file' : 'files'}
            </li>
          ) : null}
          <li>{assignment.approvalRequired ? 'Complete once our team approves it' : 'Complete once you submit it'}</li>
        </>
      }
      doneText={assignment.completed ? 'Assignment complete' : null}
    >
      <Section aria-labelledby="instructions-title">
        <h2 id="instructions-title">Instructions</h2>
        <LinkedText text={assignment.instructions} />
      </Section>

      {assignment.completed && course.isEnrolled && course.progressPercentage === 100 ? (
        <Banner $tone="success" role="status">
          <Icon name="award" size={20} />
          <div>
            <strong>Course completed</strong>
            <p>Every step of {course.title} is done: your certificate is ready.</p>
            <ButtonLink to="/certificates" size="sm">
              View My Certificates
            </ButtonLink>
          </div>
        </Banner>
      ) : left ? (
        <Banner $tone="accent" role="status">
          <Icon name="award" size={20} />
          <div>
            <strong>Your certificate</strong>
            <p>{left}</p>
          </div>
        </Banner>
      ) : null}
      {latest && !editing ? <CurrentRound assignment={assignment} round={latest} work={work} /> : null}
      {editing ? (
        <>
          {latest?.status === 'changes_requested' ? (
            <Banner $tone="warning" role="status">
              <Icon name="edit" size={20} />
              <div>
                <strong>Changes requested on round {latest.round}</strong>
                <p>
                  Read the feedback below. Your files from round {latest.round} are carried into the new round: remove or replace what the feedback asks for,
                  then submit again. Round {latest.round} stays in the history as it was sent.
                </p>
              </div>
            </Banner>
          ) : null}
          {latest?.status === 'changes_requested' ? <ReviewerFeedback round={latest} draft={assignment.draft} /> : null}
          <DraftEditor assignment={assignment} round={assignment.draft?.round ?? (latest?.round ?? 0) + 1} work={work} />
        </>
      ) : null}

      {earlier.length > 0 ? (
        <History>
          <summary>Earlier rounds ({earlier.length})</summary>
          {earlier.map((round) => (
            <RoundSummary key={round.id} round={round} approvalRequired={assignment.approvalRequired} />
          ))}
        </History>
      ) : null}

      <Privacy>
        <Icon name="shield" size={18} />
        <span>
          Photos are stripped of location and camera details when they arrive. Only you
          {assignment.managersCanSee ? ', our reviewers and your school’s managers' : ' and our reviewers'} can see what you send; nothing is ever public.
        </span>
      </Privacy>
    </CourseStepPage>
  );
}

/**
 * The reviewer's feedback on the round sent back, overall and per file: a file's note shows
 * beside the file while it is carried in the draft, and here once it is not (removed, or never
 * carried), so no note is left folded away in the history.
 */
function ReviewerFeedback({ round, draft }: { round: SubmissionDto; draft: SubmissionDto | null }) {
  const besideFiles = new Set((draft?.files ?? []).map((file) => `${file.originalName}\n${file.earlierFeedback ?? ''}`));
  const notes = round.files.filter((file) => file.feedback && !besideFiles.has(`${file.originalName}\n${file.feedback}`));
  if (!round.feedback && notes.length === 0) return null;
  return (
    <ReviewerNote $tone="warning">
      <strong>Feedback from the reviewer</strong>
      {round.feedback ? <LinkedText text={round.feedback} /> : null}
      <FileNotes files={notes} />
    </ReviewerNote>
  );
}

/** The round sent last, when the learner is not writing a new one: its status, feedback, files, and Withdraw while unreviewed. */
function CurrentRound({ assignment, round, work }: { assignment: AssignmentDto; round: SubmissionDto; work: AssignmentWork }) {
  const awaiting = round.status === 'submitted' && assignment.approvalRequired;
  return (
    <Section aria-labelledby="status-title">
      <h2 id="status-title">Your submission</h2>
      {round.status === 'approved' ? (
        <Banner $tone="success" role="status">
          <Icon name="checkCircle" size={20} />
          <div>
            <strong>Approved</strong>
            <p>This step is complete.</p>
          </div>
        </Banner>
      ) : awaiting ? (
        <Banner $tone="accent" role="status">
          <Icon name="clock" size={20} />
          <div>
            <strong>Submitted: awaiting review</strong>
            <p>Our team will look at it and write to you. Until they start, you may withdraw it to change something.</p>
          </div>
        </Banner>
      ) : (
        <Banner $tone="success" role="status">
          <Icon name="checkCircle" size={20} />
          <div>
            <strong>Submitted</strong>
            <p>This step is complete. Our team may still send you feedback.</p>
          </div>
        </Banner>
      )}
      <RoundSummary round={round} approvalRequired={assignment.approvalRequired} />
      {round.status === 'submitted' && round.reviewedAt === null ? (
        <div>
          <Button variant="secondary" disabled={work.withdrawing} onClick={work.withdraw}>
            <Icon name="arrowLeft" size={18} /> {work.withdrawing ? 'Withdrawing…' : 'Withdraw to change it'}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

/** The round being written: uploads, note, link, Submit. */
function DraftEditor({ assignment, round, work }: { assignment: AssignmentDto; round: number; work: AssignmentWork }) {
  const { uploads } = work;
  const draft = assignment.draft;
  const [note, setNote] = useState(draft?.note ?? '');
  const [link, setLink] = useState(draft?.link ?? '');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const limits = assignment.limits ?? SUBMISSION_FILE_LIMITS;
  const kinds = fileKinds(assignment.accepts);
  const acceptsLink = assignment.accepts.includes('link');
  const files = draft?.files ?? [];
  const inFlight = uploads.items.filter((item) => item.state !== 'failed').length;
  const roomLeft = assignment.maxFiles - files.length - inFlight;
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const canCapture = kinds.includes('image') || kinds.includes('video');
  // Not the draft's save: leaving the note for Submit saves it on blur, and the click must still land.
  const saving = work.submitting;

  const pick = (picked: File[]) => {
    const accepted: File[] = [];
    const refused: string[] = [];
    let room = roomLeft;
    for (const file of picked) {
      const problem = refusal(file, assignment.accepts, limits, room);
      if (problem) refused.push(problem);
      else {
        accepted.push(file);
        room -= 1;
      }
    }
    setProblems(refused);
    if (accepted.length > 0) uploads.add(accepted);
  };

  const remove = (file: SubmissionFileDto) => {
    setRemoving(file.id);
    void work.removeFile(file).finally(() => setRemoving(null));
  };

  const saveFields = async () => {
    const problem = acceptsLink ? linkProblem(link) : null;
    setLinkError(problem);
    if (problem) return false;
    const fields = { note: note.trim(), ...(acceptsLink ? { link: link.trim() || null } : {}) };
    if (draft && fields.note === (draft.note ?? '') && (!acceptsLink || fields.link === draft.link)) return true;
    if (!draft && !fields.note && !fields.link) return true;
    await work.saveDraft(fields);
    return true;
  };

  const submit = async () => {
    if (note.trim().length > NOTE_MAX) return;
    if (files.length === 0 && !(acceptsLink && link.trim())) {
      setProblems([
        kinds.length > 0
          ? `Add at least one ${KIND_WORDS[kinds[0]!].one}${acceptsLink ? ' or a link' : ''} before submitting.`
          : 'Add a link before submitting.',
      ]);
      return;
    }
    await work.submit(saveFields);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pick([...event.dataTransfer.files]);
  };

  return (
    <Section aria-labelledby="submit-title">
      <h2 id="submit-title">{round > 1 ? `Your submission (round ${round})` : 'Your submission'}</h2>
      {kinds.length > 0 ? (
        <>
          <DropZone
            $active={dragging}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Icon name="upload" size={28} />
            <p>
              <strong>Drop {acceptsPhrase(kinds)} here</strong>
              <span>or choose them from your device. Each {kinds.map((kind) => `${KIND_WORDS[kind].one} up to ${formatBytes(limits[kind])}`).join(', ')}.</span>
            </p>
            <PickRow>
              <Button variant="secondary" onClick={() => pickerRef.current?.click()} disabled={roomLeft <= 0}>
                <Icon name="plus" size={18} /> Choose files
              </Button>
              {canCapture ? (
                <CameraButton variant="secondary" onClick={() => cameraRef.current?.click()} disabled={roomLeft <= 0}>
                  <Icon name="photo" size={18} /> {kinds.includes('image') ? 'Take a photo' : 'Record a video'}
                </CameraButton>
              ) : null}
            </PickRow>
            <input
              ref={pickerRef}
              type="file"
              multiple
              hidden
              accept={acceptAttribute(assignment.accepts)}
              aria-label="Choose files"
              data-testid="assignment-file-input"
              onChange={(event) => {
                pick([...(event.currentTarget.files ?? [])]);
                event.currentTarget.value = '';
              }}
            />
            {canCapture ? (
              <input
                ref={cameraRef}
                type="file"
                hidden
                accept={kinds.includes('image') ? 'image/*' : 'video/*'}
                capture="environment"
                aria-label={kinds.includes('image') ? 'Take a photo' : 'Record a video'}
                onChange={(event) => {
                  pick([...(event.currentTarget.files ?? [])]);
                  event.currentTarget.value = '';
                }}
              />
            ) : null}
            <small>
              {files.length + inFlight} of {assignment.maxFiles} {assignment.maxFiles === 1 ? 'file' : 'files'}
            </small>
          </DropZone>
          {problems.length > 0 ? (
            <Problems role="alert">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Problems>
          ) : null}
          {uploads.items.length > 0 ? (
            <Uploading aria-label="Uploads in progress">
              {uploads.items.map((item) => (
                <UploadRow key={item.key} item={item} onRetry={() => uploads.retry(item.key)} onCancel={() => uploads.cancel(item.key)} />
              ))}
            </Uploading>
          ) : null}
          <FileList files={files} onRemove={remove} removing={removing} />
        </>
      ) : null}
      {acceptsLink ? (
        <TextField
          label="Link"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="A video on YouTube or Vimeo, a shared folder, a page you made."
          value={link}
          error={linkError}
          onChange={(event) => {
            setLink(event.currentTarget.value);
            setLinkError(null);
          }}
          onBlur={() => void saveFields().catch(() => undefined)}
        />
      ) : null}
      <TextAreaField
        label="Note for the reviewer (optional)"
        rows={3}
        value={note}
        hint={<CharacterCount value={note} max={NOTE_MAX} />}
        onChange={(event) => setNote(event.currentTarget.value)}
        onBlur={() => void saveFields().catch(() => undefined)}
      />
      <SubmitRow>
        <Button onClick={() => void submit()} disabled={saving || uploads.busy || note.trim().length > NOTE_MAX}>
          <Icon name="check" size={18} /> {work.submitting ? 'Submitting…' : uploads.busy ? 'Waiting for uploads…' : 'Submit'}
        </Button>
        <small>{assignment.approvalRequired ? 'You can withdraw it until our team starts reviewing.' : 'Submitting completes this step.'}</small>
      </SubmitRow>
    </Section>
  );
}

function UploadRow({ item, onRetry, onCancel }: { item: UploadItem; onRetry(): void; onCancel(): void }) {
  const percent = item.size > 0 ? (item.sent / item.size) * 100 : 0;
  // A refused file is not shown as sent, however many of its bytes went up before the server read them.
  const refused = item.state === 'failed' && item.refused;
  const stopped = item.state === 'failed' && !item.refused;
  return (
    <li>
      <UploadHead>
        <span>{item.name}</span>
        <UploadState aria-live="polite" $refused={refused}>
          {refused
            ? 'Refused'
            : stopped
              ? `Stopped at ${formatBytes(item.sent)} of ${formatBytes(item.size)}`
              : item.state === 'done'
                ? 'Uploaded, checking…'
                : item.state === 'retrying'
                  ? 'Connection lost, retrying…'
                  : `${formatBytes(item.sent)} of ${formatBytes(item.size)}`}
        </UploadState>
      </UploadHead>
      <ProgressBar
        value={refused ? 0 : percent}
        label={refused ? `${item.name} was refused` : `Uploading ${item.name}`}
        tone={refused ? 'danger' : stopped ? 'paused' : 'progress'}
        valueText={refused ? 'Refused' : undefined}
        size="sm"
      />
      {item.error ? <UploadError role="alert">{item.error}</UploadError> : null}
      <UploadActions>
        {item.state === 'failed' ? (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {item.state !== 'done' ? (
          <Button size="sm" variant="ghost" onClick={onCancel} aria-label={`Cancel ${item.name}`}>
            <Icon name="close" size={16} /> Cancel
          </Button>
        ) : null}
      </UploadActions>
    </li>
  );
}

const ReviewerNote = styled(Feedback)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Banner = styled.div<{ $tone: 'success' | 'warning' | 'accent' }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : $tone === 'warning' ? theme.colors.warningSoft : theme.colors.accentSoft)};

  & > svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'warning' ? theme.colors.warning : theme.colors.accentHover)};
  }
  div {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    justify-items: start;
  }
`;

const DropZone = styled.div<{ $active: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: center;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $active }) => ($active ? theme.colors.accentSoft : theme.colors.surfaceMuted)};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    display: grid;
    gap: 2px;
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const PickRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/** A desktop's file dialog ignores `capture`: the camera button is for touch screens. */
const CameraButton = styled(Button)`
  @media (pointer: fine) {
    display: none;
  }
`;

const Problems = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  list-style: none;
  overflow-wrap: anywhere;
`;

const Uploading = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    padding: ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
`;

const UploadHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  overflow-wrap: anywhere;

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
`;

const UploadState = styled.small<{ $refused: boolean }>`
  && {
    color: ${({ theme, $refused }) => ($refused ? theme.colors.danger : theme.colors.textMuted)};
    font-weight: ${({ $refused }) => ($refused ? 600 : 400)};
  }
`;

const UploadError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const UploadActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const SubmitRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const History = styled.details`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  summary {
    min-height: 44px;
    display: flex;
    align-items: center;
    font-weight: 600;
    cursor: pointer;
  }
  &[open] > div + div {
    margin-top: ${({ theme }) => theme.space.md};
    padding-top: ${({ theme }) => theme.space.md};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Privacy = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  svg {
    flex: none;
    margin-top: 2px;
  }
`;
