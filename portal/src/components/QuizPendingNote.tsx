import styled from 'styled-components';
import { ButtonLink } from './Button.tsx';
import { stepHref, type CourseStepDto } from './courseSteps.ts';
import { Icon } from './Icon.tsx';

/**
 * Every module is done but the course's certificate requires passing its final quiz (issue 36):
 * said on the module and course pages with the way to it, so nobody waits for a certificate that
 * is not coming.
 */
export function QuizPendingNote({ courseId, quiz }: { courseId: number; quiz: Pick<CourseStepDto, 'kind' | 'id' | 'title'> }) {
  return (
    <Note role="note" aria-labelledby="quiz-pending-title">
      <Icon name="award" size={22} />
      <div>
        <strong id="quiz-pending-title">Pass the final quiz to get your certificate</strong>
        <p>You have completed every module. “{quiz.title}” is the last step.</p>
      </div>
      <ButtonLink to={stepHref(courseId, quiz)} size="sm">
        Take the final quiz
      </ButtonLink>
    </Note>
  );
}

const Note = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.accentBorder};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};

  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
  & > div {
    flex: 1 1 14rem;
    display: grid;
    gap: 2px;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;
