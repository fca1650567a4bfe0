import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from '../Button.tsx';
import { stepHref, type CourseStepDto } from '../courseSteps.ts';
import { Icon } from '../Icon.tsx';

type StepLink = Pick<CourseStepDto, 'kind' | 'id' | 'title'>;

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
  previous: StepLink | undefined;
  next: StepLink | undefined;
  isCompleted: boolean;
  isSaving: boolean;
  canComplete: boolean;
  onComplete(): void;
  /** False until 90 % was played on a course that requires watching (issue 36): no button yet. */
  offerComplete?: boolean;
}) {
  return (
    <StepNavigation courseId={courseId} previous={previous} next={next}>
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
    </StepNavigation>
  );
}

/**
 * Previous and Next through the course's steps (its modules and quizzes, issue 36) around what the
 * page puts between them. A link names the step it leads to for screen readers.
 */
export function StepNavigation({
  courseId,
  previous,
  next,
  children,
}: {
  courseId: number;
  previous: StepLink | undefined;
  next: StepLink | undefined;
  children?: ReactNode;
}) {
  return (
    <Controls aria-label="Module navigation">
      {previous ? (
        <ButtonLink to={stepHref(courseId, previous)} variant="secondary" aria-label={`Previous: ${previous.title}`}>
          <Icon name="chevronLeft" size={18} /> Previous
        </ButtonLink>
      ) : (
        <Button variant="secondary" disabled>
          <Icon name="chevronLeft" size={18} /> Previous
        </Button>
      )}
      <Status>{children}</Status>
      {next ? (
        <ButtonLink to={stepHref(courseId, next)} variant="secondary" aria-label={`Next: ${next.title}`}>
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

export const Done = styled.p`
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
