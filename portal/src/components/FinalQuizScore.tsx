import styled from 'styled-components';
import type { FinalQuizResultDto } from '@atrium/common';
import { Badge } from './Badge.tsx';

/**
 * A member's best on a course's final quiz, in reports (issue 36): the admin's student page and
 * the manager's status list. Nothing at all for a course without a quiz (the server sends no
 * `finalQuiz` then), so those rows look as before; "—" before any attempt. Passed or not is said
 * in words against the pass mark, not by colour alone.
 */
export function FinalQuizScore({ finalQuiz }: { finalQuiz: FinalQuizResultDto | undefined }) {
  if (!finalQuiz) return null;
  if (finalQuiz.bestScore === null) return <Line>Final quiz: — (not attempted)</Line>;
  return (
    <Line>
      <span>Final quiz: best score {finalQuiz.bestScore}%</span>{' '}
      {finalQuiz.passed ? <Badge $tone="success">Passed</Badge> : <Badge $tone="warning">Not passed (pass mark {finalQuiz.passMark}%)</Badge>}
    </Line>
  );
}

const Line = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;

  ${Badge} {
    white-space: normal;
  }
`;
