import styled from 'styled-components';
import { Button } from '../Button.tsx';
import { formatRelativeTime } from '@atrium/common/rules/dates';

/**
 * When the weekly figures were last brought up to date (issue 53 item 11): the Insights charts read
 * an hourly rollup, so a payment made ten minutes ago is on the dashboard and not here yet. Said
 * from the rollup's own time (WeeklyInsightsDto.updatedAt); with `onUpdate` (the admin), a way to
 * run the rollup now rather than wait for the hour.
 */
export function UpdatedNote({
  updatedAt,
  onUpdate,
  updating = false,
  problem = null,
  scheduled = true,
}: {
  updatedAt: string | null | undefined;
  /** False where this server runs no scheduled jobs (REMINDERS_ENABLED=false): nothing updates the figures by itself. */
  scheduled?: boolean;
  onUpdate?: () => void;
  updating?: boolean;
  /** Why running it now failed, in words. */
  problem?: string | null;
}) {
  if (updatedAt === undefined) return null;
  const when = updatedAt === null ? 'Not brought up to date yet' : `Updated ${formatRelativeTime(updatedAt)}`;
  const next = scheduled
    ? updatedAt === null
      ? 'the figures are filled in when the hourly update first runs.'
      : 'payments and enrollments since then are counted at the next hourly update.'
    : 'the hourly update is off on this server (REMINDERS_ENABLED=false), so the figures change only when they are updated here.';
  return (
    <Note>
      <p role="status">{`${when}: ${next}`}</p>
      {onUpdate ? (
        <Button size="sm" variant="secondary" onClick={onUpdate} disabled={updating}>
          {updating ? 'Updating…' : 'Update now'}
        </Button>
      ) : null}
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </Note>
  );
}

const Note = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  p {
    flex: 1 1 16rem;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
