import { useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import type { CourseDetailDto, QuizAttemptResultDto, QuizDto } from '@atrium/common';
import { ApiError, errorText, isNotFound } from '../../api/client.ts';
import { useCourse } from '../../api/courses.ts';
import { useQuiz } from '../../api/quizzes.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { courseSteps, stepIndex } from '../../components/courseSteps.ts';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { MAIN_ID, SkipLink } from '../../components/SkipLink.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { Done, StepNavigation } from '../Module/ModuleNavigation.tsx';
import { ModuleTopBar } from '../Module/ModuleTopBar.tsx';
import { QuizForm } from './QuizForm.tsx';
import { QuizResult } from './QuizResult.tsx';

/**
 * /courses/:courseId/quizzes/:quizId: a knowledge check (issue 36). Every question on one page;
 * the server grades the answers, then the page shows the score, each question right or wrong with
 * the correct options and the explanation, and offers another try (the best score is kept).
 */
export function QuizScene() {
  const { courseId = '', quizId = '' } = useParams();
  const course = useCourse(courseId);
  // Only a number is a quiz: anything else in the address is never sent to the server as a path.
  const wellFormed = /^\d+$/.test(quizId);
  const quiz = useQuiz(quizId, wellFormed);
  const backToCourse = `/courses/${courseId}`;

  const loading = (
    <Standalone>
      <LoadingState label="Loading quiz" />
    </Standalone>
  );
  if (course.isPending) return loading;
  if (course.isError) {
    return (
      <Standalone>
        {isNotFound(course.error) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
        ) : (
          <LoadFailed error={course.error} retry={() => void course.refetch()} backTo={backToCourse} />
        )}
      </Standalone>
    );
  }
  if (!wellFormed) {
    return (
      <Standalone>
        <QuizMissing courseTitle={course.data.title} backTo={backToCourse} />
      </Standalone>
    );
  }
  if (quiz.isPending) return loading;
  if (quiz.isError) {
    const status = quiz.error instanceof ApiError ? quiz.error.status : 0;
    return (
      <Standalone>
        {status === 404 ? (
          <QuizMissing courseTitle={course.data.title} backTo={backToCourse} />
        ) : status === 403 ? (
          <StatusMessage icon="lock" headingLevel={1} title="Enroll to take this quiz" actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
            <p>The knowledge checks of {course.data.title} open once you are enrolled.</p>
          </StatusMessage>
        ) : (
          <LoadFailed error={quiz.error} retry={() => void quiz.refetch()} backTo={backToCourse} />
        )}
      </Standalone>
    );
  }
  if (quiz.data.courseId !== course.data.id) {
    return (
      <Standalone>
        <QuizMissing courseTitle={course.data.title} backTo={backToCourse} />
      </Standalone>
    );
  }
  // A fresh page per quiz: answers and results never carry over to the next one.
  return <QuizView key={quiz.data.id} course={course.data} quiz={quiz.data} />;
}

function QuizView({ course, quiz }: { course: CourseDetailDto; quiz: QuizDto }) {
  usePageTitle(`${quiz.title} · ${course.title}`);
  const [result, setResult] = useState<QuizAttemptResultDto | null>(null);
  // Bumped by "Try again": the form starts empty and takes the focus.
  const [round, setRound] = useState(0);
  const steps = courseSteps(course);
  const index = stepIndex(steps, 'quiz', quiz.id);
  const previous = index > 0 ? steps[index - 1] : undefined;
  const next = index >= 0 ? steps[index + 1] : undefined;
  const questionCount = quiz.questions.length;

  return (
    <>
      <SkipLink />
      <ModuleTopBar courseId={course.id} courseTitle={course.title} moduleTitle={quiz.title} position={index + 1} total={Math.max(steps.length, index + 1)} />
      <main id={MAIN_ID} tabIndex={-1}>
        <Container $narrow>
          <Header>
            <Eyebrow>
              <Icon name="checkCircle" size={16} /> Knowledge check
              {index >= 0 ? (
                <span>
                  {' '}
                  · Module {index + 1} of {steps.length}
                </span>
              ) : null}
            </Eyebrow>
            <h1>{quiz.title}</h1>
            <Facts>
              <li>
                {questionCount} {questionCount === 1 ? 'question' : 'questions'}
              </li>
              <li>Pass mark {quiz.passMark}%</li>
              {quiz.requiredForCertificate ? <li>Pass it to get your certificate</li> : null}
            </Facts>
            {quiz.attemptCount > 0 && quiz.bestScore !== null ? (
              <Best>
                <Badge $tone={quiz.passed ? 'success' : 'warning'}>{quiz.passed ? 'Passed' : 'Not passed yet'}</Badge>
                Your best score: {quiz.bestScore}% after {quiz.attemptCount} {quiz.attemptCount === 1 ? 'attempt' : 'attempts'}
              </Best>
            ) : null}
          </Header>

          {questionCount === 0 ? (
            <StatusMessage icon="layers" title="No questions yet" actions={<ButtonLink to={`/courses/${course.id}`}>Back to Course</ButtonLink>}>
              <p>This knowledge check is being prepared. Come back to it later.</p>
            </StatusMessage>
          ) : result ? (
            <QuizResult
              quiz={quiz}
              result={result}
              next={next}
              courseId={course.id}
              onRetry={() => {
                setResult(null);
                setRound((current) => current + 1);
              }}
            />
          ) : (
            <QuizForm key={round} quiz={quiz} focusFirst={round > 0} onGraded={setResult} />
          )}

          <StepNavigation courseId={course.id} previous={previous} next={next}>
            {quiz.passed ? (
              <Done>
                <Icon name="checkCircle" size={22} /> Quiz passed
              </Done>
            ) : null}
          </StepNavigation>
        </Container>
      </main>
    </>
  );
}

function QuizMissing({ courseTitle, backTo }: { courseTitle: string; backTo: string }) {
  return (
    <StatusMessage icon="layers" headingLevel={1} title="Quiz not found" actions={<ButtonLink to={backTo}>Back to Course</ButtonLink>}>
      <p>This knowledge check is not part of {courseTitle}. It may have been removed.</p>
    </StatusMessage>
  );
}

function LoadFailed({ error, retry, backTo }: { error: Error; retry(): void; backTo: string }) {
  return (
    <StatusMessage
      icon="alert"
      tone="danger"
      headingLevel={1}
      title="This quiz could not be loaded"
      actions={
        <>
          <Button onClick={retry}>Try again</Button>
          <ButtonLink to={backTo} variant="secondary">
            Back to Course
          </ButtonLink>
        </>
      }
    >
      <p>{errorText(error, 'Please try again.')}</p>
    </StatusMessage>
  );
}

const Standalone = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
`;

const Header = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.lg};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    overflow-wrap: anywhere;
  }
`;

const Eyebrow = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.accentHover};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};

  li + li::before {
    content: '·' / '';
    margin-right: ${({ theme }) => theme.space.md};
  }
  /* One fact a line on a phone, where a wrapped line would start with a dot. */
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    flex-direction: column;
    li + li::before {
      content: none;
    }
  }
`;

const Best = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 600;
`;
