import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import styled from 'styled-components';
import type { CourseDetailDto, QuizAttemptResultDto, QuizDto } from '@atrium/common';
import { useCourse } from '../../api/courses.ts';
import { quizKey, useQuiz } from '../../api/quizzes.ts';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { CourseStepGate, type StepGateWords } from '../Module/CourseStepGate.tsx';
import { CourseStepPage, stepPlace } from '../Module/CourseStepPage.tsx';
import { QuizForm } from './QuizForm.tsx';
import { QuizResult } from './QuizResult.tsx';
import { RetryWait, timeLeft } from './RetryWait.tsx';

/**
 * /courses/:courseId/quizzes/:quizId: a knowledge check (issue 36, issue 50). Every question the
 * server drew for this attempt on one page; the server grades the answers, then the page shows the
 * score and each question right or wrong (the correct options and the explanations once passed),
 * and offers another try (the best score is kept), after the quiz's wait when it has one.
 */
export function QuizScene() {
  const { courseId = '', quizId = '' } = useParams();
  const course = useCourse(courseId);
  // Only a number is a quiz: anything else in the address is never sent to the server as a path.
  const wellFormed = /^\d+$/.test(quizId);
  const quiz = useQuiz(quizId, wellFormed);
  // A fresh page per quiz: answers and results never carry over to the next one.
  return (
    <CourseStepGate courseId={courseId} course={course} step={quiz} wellFormed={wellFormed} words={QUIZ_WORDS}>
      {(course, quiz) => <QuizView key={quiz.id} course={course} quiz={quiz} />}
    </CourseStepGate>
  );
}

const QUIZ_WORDS: StepGateWords = {
  loading: 'Loading quiz',
  notFound: 'Quiz not found',
  thisStep: 'This knowledge check',
  enroll: 'Enroll to take this quiz',
  plural: 'knowledge checks',
  failed: 'This quiz could not be loaded',
};

function QuizView({ course, quiz }: { course: CourseDetailDto; quiz: QuizDto }) {
  const [result, setResult] = useState<QuizAttemptResultDto | null>(null);
  // Bumped by "Try again": the form starts empty and takes the focus.
  const [round, setRound] = useState(0);
  const place = stepPlace(course, 'quiz', quiz.id);
  const queryClient = useQueryClient();
  // While the wait runs the server sends no questions: the step says how many an attempt asks.
  const step = course.steps?.find((entry) => entry.kind === 'quiz' && entry.id === quiz.id);
  const questionCount = quiz.questions.length || (step?.kind === 'quiz' ? step.questionCount : 0);
  const waiting = quiz.retryInSeconds > 0 && !result;
  // The wait is over: read the quiz again, which draws the next attempt's questions.
  const reopen = useCallback(() => queryClient.invalidateQueries({ queryKey: quizKey(quiz.id) }), [queryClient, quiz.id]);

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
          {quiz.retryWaitMinutes > 0 ? <li>A {timeLeft(quiz.retryWaitMinutes * 60)} pause after an attempt that does not pass</li> : null}
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
        <RetryWait seconds={quiz.retryInSeconds} retryAt={quiz.retryAt} onOpen={() => void reopen()} />
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
          onWaitOver={reopen}
          onRetry={() => {
            setResult(null);
            setRound((current) => current + 1);
          }}
        />
      ) : (
        <QuizForm key={`${round}:${quiz.questions.map((question) => question.id).join()}`} quiz={quiz} focusFirst={round > 0} onGraded={setResult} />
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
