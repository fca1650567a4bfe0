import styled from 'styled-components';
import type { CourseDetailDto, QuizAttemptResultDto, QuizDto } from '@atrium/common';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { CourseStepPage, stepPlace } from '../../components/courseStep/CourseStepPage.tsx';
import { QuizForm, type QuizAttempt } from './QuizForm.tsx';
import { QuizResult } from './QuizResult.tsx';
import { RetryWait, timeLeft } from './RetryWait.tsx';

export interface QuizViewProps {
  course: CourseDetailDto;
  quiz: QuizDto;
  /** Sending the answers (the container's write). */
  attempt: QuizAttempt;
  /** The graded attempt, once the server has answered; null while answering. */
  result: QuizAttemptResultDto | null;
  /** Bumped by "Try again": the form starts empty and takes the focus. */
  round: number;
  onRetry: () => void;
  /** The wait after a failed attempt is over: the quiz is read again, which draws the next attempt's questions. */
  onWaitOver: () => Promise<unknown>;
}

/** A knowledge check: the questions, or the graded attempt, or the wait before the next try. */
export function QuizView({ course, quiz, attempt, result, round, onRetry, onWaitOver }: QuizViewProps) {
  const place = stepPlace(course, 'quiz', quiz.id);
  // While the wait runs the server sends no questions: the step says how many an attempt asks.
  const step = course.steps?.find((entry) => entry.kind === 'quiz' && entry.id === quiz.id);
  const questionCount = quiz.questions.length || (step?.kind === 'quiz' ? step.questionCount : 0);
  const waiting = quiz.retryInSeconds > 0 && !result;

  return (
    <CourseStepPage
      course={course}
      place={place}
      icon="checkCircle"
      kind="Knowledge check"
      title={quiz.title}
      facts={
        <>
          <li>
            {questionCount} {questionCount === 1 ? 'question' : 'questions'}
          </li>
          <li>Pass mark {quiz.passMark}%</li>
          {quiz.retryWaitMinutes > 0 ? <li>A pause of {timeLeft(quiz.retryWaitMinutes * 60)} after an attempt that does not pass</li> : null}
          {quiz.requiredForCertificate ? <li>Pass it to get your certificate</li> : null}
        </>
      }
      summary={
        quiz.attemptCount > 0 && quiz.bestScore !== null ? (
          <Best>
            <Badge $tone={quiz.passed ? 'success' : 'warning'}>{quiz.passed ? 'Passed' : 'Not passed yet'}</Badge>
            Your best score: {quiz.bestScore}% after {quiz.attemptCount} {quiz.attemptCount === 1 ? 'attempt' : 'attempts'}
          </Best>
        ) : null
      }
      doneText={quiz.passed ? 'Quiz passed' : null}
    >
      {waiting ? (
        <RetryWait seconds={quiz.retryInSeconds} retryAt={quiz.retryAt} onOpen={() => void onWaitOver()} />
      ) : quiz.questions.length === 0 ? (
        <StatusMessage icon="layers" title="No questions yet" actions={<ButtonLink to={`/courses/${course.id}`}>Back to Course</ButtonLink>}>
          <p>This knowledge check is being prepared. Come back to it later.</p>
        </StatusMessage>
      ) : result ? (
        <QuizResult
          quiz={quiz}
          result={result}
          next={place.next}
          courseId={course.id}
          steps={course.isEnrolled ? place.steps : []}
          onWaitOver={onWaitOver}
          onRetry={onRetry}
        />
      ) : (
        <QuizForm key={`${round}:${quiz.questions.map((question) => question.id).join()}`} quiz={quiz} focusFirst={round > 0} attempt={attempt} />
      )}
    </CourseStepPage>
  );
}

const Best = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 600;
`;
