import styled from 'styled-components';
import type { SubmissionDto, SubmissionFileDto } from '../../api/assignmentTypes.ts';
import { submissionFileUrl } from '../../api/assignments.ts';
import { Badge, type BadgeTone } from '../Badge.tsx';
import { Icon, type IconName } from '../Icon.tsx';
import { formatShortDate } from '@atrium/common/rules/dates';
import { formatBytes, linkify } from './uploadRules.ts';

/** Plain text with its web addresses as links (instructions and feedback are plain text). */
export function LinkedText({ text }: { text: string }) {
  return (
    <Paragraphs>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>
          {linkify(paragraph).map((part, at) =>
            'href' in part ? (
              <a key={at} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
                {part.href}
              </a>
            ) : (
              <span key={at}>{part.text}</span>
            ),
          )}
        </p>
      ))}
    </Paragraphs>
  );
}

const STATUS: Record<SubmissionDto['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  submitted: { label: 'Submitted', tone: 'accent' },
  approved: { label: 'Approved', tone: 'success' },
  changes_requested: { label: 'Changes requested', tone: 'warning' },
};

export function SubmissionStatusBadge({ submission, approvalRequired }: { submission: Pick<SubmissionDto, 'status'>; approvalRequired: boolean }) {
  const status = STATUS[submission.status];
  return <Badge $tone={status.tone}>{submission.status === 'submitted' && approvalRequired ? 'Awaiting review' : status.label}</Badge>;
}

const KIND_ICONS: Record<SubmissionFileDto['kind'], IconName> = { image: 'photo', audio: 'podcast', video: 'video', pdf: 'book' };

/** A submission's files: photos as thumbnails, the others by name; each with the reviewer's note on it. */
export function FileList({ files, onRemove, removing }: { files: SubmissionFileDto[]; onRemove?(file: SubmissionFileDto): void; removing?: number | null }) {
  if (files.length === 0) return null;
  return (
    <Files>
      {files.map((file) => (
        <FileRow key={file.id}>
          {file.kind === 'image' ? (
            // The name beside it is the link for keyboards and screen readers; the picture is a second way in for a tap.
            <a href={submissionFileUrl(file.id)} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-hidden="true">
              <Thumb src={submissionFileUrl(file.id)} alt="" loading="lazy" />
            </a>
          ) : (
            <KindTile aria-hidden="true">
              <Icon name={KIND_ICONS[file.kind]} size={22} />
            </KindTile>
          )}
          <div>
            <a href={submissionFileUrl(file.id)} target="_blank" rel="noopener noreferrer">
              {file.originalName}
            </a>
            <small>{formatBytes(file.size)}</small>
            {file.feedback ? (
              <FileFeedback>
                <strong>Feedback on this file:</strong> {file.feedback}
              </FileFeedback>
            ) : null}
            {file.earlierFeedback ? (
              <FileFeedback>
                <strong>Last round’s feedback:</strong> {file.earlierFeedback}
              </FileFeedback>
            ) : null}
          </div>
          {onRemove ? (
            <RemoveButton type="button" onClick={() => onRemove(file)} disabled={removing === file.id} aria-label={`Remove ${file.originalName}`}>
              <Icon name="trash" size={16} /> {removing === file.id ? 'Removing…' : 'Remove'}
            </RemoveButton>
          ) : null}
        </FileRow>
      ))}
    </Files>
  );
}

/** The reviewer's notes on files, each under the file's name (files without a note are left out). */
export function FileNotes({ files }: { files: SubmissionFileDto[] }) {
  const noted = files.filter((file) => file.feedback);
  if (noted.length === 0) return null;
  return (
    <Notes>
      {noted.map((file) => (
        <li key={file.id}>
          <strong>On {file.originalName}:</strong> {file.feedback}
        </li>
      ))}
    </Notes>
  );
}

/** One round as it was sent: when, its note and link, its files, and the reviewer's feedback. */
export function RoundSummary({
  round,
  approvalRequired,
  reader = 'learner',
}: {
  round: SubmissionDto;
  approvalRequired: boolean;
  /** Who reads it: the learner's own note is "Your note"; a reviewer or manager reads "Learner’s note". */
  reader?: 'learner' | 'reviewer';
}) {
  return (
    <Round>
      <RoundHead>
        <strong>Round {round.round}</strong>
        <SubmissionStatusBadge submission={round} approvalRequired={approvalRequired} />
        {round.submittedAt ? <small>Sent {formatShortDate(round.submittedAt)}</small> : null}
        {round.reviewedAt ? <small>· reviewed {formatShortDate(round.reviewedAt)}</small> : null}
      </RoundHead>
      {round.feedback ? (
        <Feedback $tone={round.status === 'approved' ? 'success' : 'warning'}>
          <strong>Feedback</strong>
          <LinkedText text={round.feedback} />
        </Feedback>
      ) : null}
      {round.note ? (
        <Note>
          <strong>{reader === 'learner' ? 'Your note:' : 'Learner’s note:'}</strong> {round.note}
        </Note>
      ) : null}
      {round.link ? (
        <Note>
          <strong>Link:</strong>{' '}
          <a href={round.link} target="_blank" rel="noopener noreferrer nofollow">
            {round.link}
          </a>
        </Note>
      ) : null}
      <FileList files={round.files} />
    </Round>
  );
}

const Paragraphs = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const FileRow = styled.li`
  display: grid;
  grid-template-columns: 64px minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  & > div {
    display: grid;
    gap: 2px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: 56px minmax(0, 1fr);
    & > button {
      grid-column: 1 / -1;
      justify-self: start;
    }
  }
`;

const Thumb = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const KindTile = styled.span`
  display: grid;
  place-items: center;
  aspect-ratio: 1;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentHover};
`;

const RemoveButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.danger};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.dangerSoft};
  }
  &:disabled {
    cursor: default;
    opacity: 0.7;
  }
`;

const FileFeedback = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Notes = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-wrap: anywhere;
`;

const Round = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const RoundHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A round's files shown one under another, each large enough to look at (a reviewer's or a manager's page). */
export const ShownFiles = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;
`;

export const Feedback = styled.div<{ $tone: 'success' | 'warning' }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.warningSoft)};
`;

const Note = styled.p`
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
