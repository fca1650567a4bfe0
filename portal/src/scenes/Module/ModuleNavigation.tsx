import styled from 'styled-components';
import type { ModuleDto } from '@atrium/common';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';

/**
 * Previous, Mark as Complete (or the completed badge) and Next under the player. The ends of the
 * course keep a disabled button so the row never shifts.
 */
export function ModuleNavigation({
  courseId,
  previous,
  next,
  isCompleted,
  isSaving,
  canComplete,
  onComplete,
  offerComplete = true,
}: {
  courseId: number;
  previous: ModuleDto | undefined;
  next: ModuleDto | undefined;
  isCompleted: boolean;
  isSaving: boolean;
  canComplete: boolean;
  onComplete(): void;
  /** False until 90 % was played on a course that requires watching (issue 36): no button yet. */
  offerComplete?: boolean;
}) {
  return (
    <Controls aria-label="Module navigation">
      {previous ? (
        <ButtonLink to={`/courses/${courseId}/modules/${previous.id}`} variant="secondary">
          <Icon name="chevronLeft" size={18} /> Previous
        </ButtonLink>
      ) : (
        <Button variant="secondary" disabled>
          <Icon name="chevronLeft" size={18} /> Previous
        </Button>
      )}
      <Status>
        {isCompleted ? (
          <Done role="status">
            <Icon name="checkCircle" size={22} /> Module Completed
          </Done>
        ) : !offerComplete ? (
          <NotYet>
            <Icon name="eye" size={18} /> Watch to complete
          </NotYet>
        ) : (
          <Button onClick={onComplete} disabled={!canComplete}>
            <Icon name="check" size={18} />
            {isSaving ? 'Saving…' : 'Mark as Complete'}
          </Button>
        )}
      </Status>
      {next ? (
        <ButtonLink to={`/courses/${courseId}/modules/${next.id}`} variant="secondary">
          Next <Icon name="chevronRight" size={18} />
        </ButtonLink>
      ) : (
        <Button variant="secondary" disabled>
          Next <Icon name="chevronRight" size={18} />
        </Button>
      )}
    </Controls>
  );
}

const Controls = styled.nav`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.lg} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  @media (max-width: ${({ theme }) => theme.breakpoints.phone - 1}px) {
    grid-template-columns: 1fr 1fr;
    & > :nth-child(2) {
      grid-column: 1 / -1;
      grid-row: 1;
    }
  }
`;

const Status = styled.div`
  display: flex;
  justify-content: center;

  button {
    width: 100%;
    max-width: 16rem;
  }
`;

const Done = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const NotYet = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
`;
