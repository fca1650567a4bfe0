import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { QuestionResultDto, QuizAttemptResultDto, QuizDto } from '@atrium/common';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { stepHref, whatIsLeft, type CourseStepDto } from '../../components/courseSteps.ts';
import { Icon } from '../../components/Icon.tsx';
import { RetryWait } from './RetryWait.tsx';

/**
 * A graded attempt: the score against the pass mark, then every question marked right or wrong
 * with the learner's answer. The correct options and the explanations only once the learner has
 * passed (`keyShown`, issue 50): a failed attempt says which questions to think again about,
 * never which options were right. After a failed attempt with a wait, "Try again" waits too.
 * The heading takes the focus when it appears, so a screen reader hears the outcome first.
 */
export function QuizResult({
  quiz,
  result,
  next,
  courseId,
  steps,
  onRetry,
  onWaitOver,
}: {
  quiz: QuizDto;
  result: QuizAttemptResultDto;
  next: Pick<CourseStepDto, 'kind' | 'id' | 'title'> | undefined;
  courseId: number;
  /** The course's steps, to say what is left for the certificate once this quiz is passed. */
  steps: readonly CourseStepDto[];
  onRetry(): void;
  /** The wait after this failed attempt is over: resolves once the next attempt's questions are read. */
  onWaitOver(): Promise<unknown>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { attempt } = result;
  const [waiting, setWaiting] = useState(result.retryInSeconds > 0);
  const wrong = attempt.results.filter((question) => !question.correct).length;
  const left = attempt.passed && !result.courseCompleted ? whatIsLeft(steps, { kind: 'quiz', id: quiz.id }) : '';

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Result aria-labelledby="quiz-result-title">
      <Outcome $passed={attempt.passed}>
        <h2 id="quiz-result-title" ref={heading} tabIndex={-1}>
          You scored {attempt.score}%
        </h2>
        <Verdict $passed={attempt.passed}>
          <Icon name={attempt.passed ? 'checkCircle' : 'alert'} size={20} />
          {attempt.passed ? `Passed: the pass mark is ${quiz.passMark}%.` : `Not passed: the pass mark is ${quiz.passMark}%.`}
        </Verdict>
        {attempt.keyShown ? null : (
          <p>
            {wrong === 1 ? 'One question is' : `${wrong} questions are`} marked incorrect below. The right answers and the explanations are shown once you pass
            {result.retryInSeconds > 0 ? '.' : ', so think them over and try again.'}
          </p>
        )}
        <p>
          {attempt.correctCount} of {attempt.questionCount} {attempt.questionCount === 1 ? 'question' : 'questions'} correct. Your best score on this quiz:{' '}
          {result.bestScore}%{result.passed && !attempt.passed ? ' (passed)' : ''}.
        </p>
        {result.courseCompleted && result.certificateNumber ? (
          <Certificate>
            <Icon name="award" size={22} />
            <p>
              <strong>Course complete.</strong> Your certificate is ready.
            </p>
            <ButtonLink to={`/certificate/${encodeURIComponent(result.certificateNumber)}`} size="sm">
              View your certificate
            </ButtonLink>
          </Certificate>
        ) : left ? (
          <p>{left}</p>
        ) : null}
        {waiting ? (
          <RetryWait seconds={result.retryInSeconds} retryAt={result.retryAt} onOpen={() => void onWaitOver().finally(() => setWaiting(false))} />
        ) : null}
        <Actions>
          {waiting ? null : (
            <Button variant={attempt.passed ? 'secondary' : 'primary'} onClick={onRetry}>
              <Icon name="playCircle" size={18} /> Try again
            </Button>
          )}
          {next ? (
            <ButtonLink to={stepHref(courseId, next)} variant={attempt.passed ? 'primary' : 'secondary'}>
              Continue: {next.title} <Icon name="chevronRight" size={18} />
            </ButtonLink>
          ) : (
            <ButtonLink to={`/courses/${courseId}`} variant={attempt.passed && !result.certificateNumber ? 'primary' : 'secondary'}>
              Back to the course
            </ButtonLink>
          )}
        </Actions>
      </Outcome>

      <h2 className="visually-hidden">Your answers</h2>
      <Review>
        {attempt.results.map((question, index) => (
          <QuestionReview key={question.questionId} question={question} number={index + 1} keyShown={attempt.keyShown} />
        ))}
      </Review>
    </Result>
  );
}

function QuestionReview({ question, number, keyShown }: { question: QuestionResultDto; number: number; keyShown: boolean }) {
  const selected = new Set(question.selectedOptionIds);
  // Before the key is shown the learner's choices are only marked as theirs: in a multiple-choice
  // question a right and a wrong choice look alike, so nothing tells the correct options apart.
  const state = (chosen: boolean, correct: boolean | undefined): ChoiceState =>
    keyShown ? (correct ? 'correct' : chosen ? 'wrong' : 'plain') : chosen ? 'chosen' : 'plain';
  return (
    <Item $correct={question.correct}>
      <h3>
        <Mark $correct={question.correct}>
          <Icon name={question.correct ? 'check' : 'close'} size={16} strokeWidth={2.5} />
          Question {number}: {question.correct ? 'correct' : 'incorrect'}
        </Mark>
        <Prompt>{question.prompt}</Prompt>
      </h3>
      <Choices aria-label={`Question ${number}: the options`}>
        {question.options.map((option) => {
          const chosen = selected.has(option.id);
          return (
            <Choice key={option.id} $state={state(chosen, option.correct)}>
              <span>{option.text}</span>
              <Tags>
                {chosen ? <Tag $tone={keyShown ? (option.correct ? 'success' : 'danger') : 'accent'}>Your answer</Tag> : null}
                {keyShown && option.correct ? <Tag $tone="success">Correct answer</Tag> : null}
              </Tags>
            </Choice>
          );
        })}
      </Choices>
      {question.explanation ? (
        <Explanation>
          <strong>Explanation</strong>
          <p>{question.explanation}</p>
        </Explanation>
      ) : null}
    </Item>
  );
}

const Result = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.lg};
`;

const Outcome = styled.div<{ $passed: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme, $passed }) => ($passed ? theme.colors.success : theme.colors.warning)};
  border-top-width: 6px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    /* Clear of the sticky bar when it takes the focus and scrolls into view. */
    scroll-margin-top: 80px;
  }
  & > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Verdict = styled.p<{ $passed: boolean }>`
  /* Doubled: the outcome's muted paragraphs would otherwise win. */
  && {
    color: ${({ theme }) => theme.colors.text};
  }
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 600;

  svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme, $passed }) => ($passed ? theme.colors.success : theme.colors.warning)};
  }
`;

const Certificate = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};

  svg {
    color: ${({ theme }) => theme.colors.success};
  }
  p {
    flex: 1 1 12rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};

  /* A long next step's title wraps inside its button instead of widening the page. */
  & > * {
    max-width: 100%;
    min-width: 0;
    padding-block: ${({ theme }) => theme.space.xs};
    white-space: normal;
    overflow-wrap: anywhere;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    & > * {
      flex: 1 1 100%;
    }
  }
`;

const Review = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $correct: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme, $correct }) => ($correct ? theme.colors.success : theme.colors.danger)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h3 {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Mark = styled.span<{ $correct: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme, $correct }) => ($correct ? theme.colors.success : theme.colors.danger)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 700;
`;

const Prompt = styled.span`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 600;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Choices = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

type ChoiceState = 'correct' | 'wrong' | 'chosen' | 'plain';

const choiceColours = {
  correct: { border: 'success', background: 'successSoft' },
  wrong: { border: 'danger', background: 'dangerSoft' },
  chosen: { border: 'accent', background: 'accentSoft' },
  plain: { border: 'border', background: 'surface' },
} as const;

const Choice = styled.li<{ $state: ChoiceState }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme, $state }) => theme.colors[choiceColours[$state].border]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $state }) => theme.colors[choiceColours[$state].background]};
  overflow-wrap: anywhere;
`;

const Tags = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Tag = styled.span<{ $tone: 'success' | 'danger' | 'accent' }>`
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $tone }) => theme.colors[$tone]};
  color: ${({ theme }) => theme.colors.onAccent};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  line-height: 1.7;
  white-space: nowrap;
`;

const Explanation = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  p {
    white-space: pre-line;
  }
`;
