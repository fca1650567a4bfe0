import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { QuizDto, QuizQuestionDto } from '@atrium/common';
import type { QuizAnswers } from '../../api/quizzes.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';

type Answers = Record<string, string[]>;

/** Sending the answers: the container's write, whether it is under way, and what a refusal says. */
export interface QuizAttempt {
  submit(answers: QuizAnswers): void;
  /** Forgets a refusal (the learner is told about unanswered questions instead). */
  reset(): void;
  pending: boolean;
  /** The refusal to show above the button: a new object for each refusal, so each takes the focus. */
  refused: { title: string; text: string } | null;
}

const questionDomId = (question: QuizQuestionDto) => `question-${question.id}`;

/**
 * Every question of the quiz in one form: radios for single choice and true/false, checkboxes for
 * multiple choice. A question left unanswered is named before anything is sent; the server's
 * refusal (a 400, the 429 of too many attempts) is shown above the button and takes the focus.
 */
export function QuizForm({ quiz, focusFirst, attempt }: { quiz: QuizDto; focusFirst: boolean; attempt: QuizAttempt }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [unanswered, setUnanswered] = useState<string[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const problem = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusFirst) form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [focusFirst]);

  // Each refusal takes the focus, so it is read out at once (a new error object every time).
  useEffect(() => {
    if (attempt.refused) problem.current?.focus();
  }, [attempt.refused]);

  const choose = (question: QuizQuestionDto, optionId: string, checked: boolean) => {
    setAnswers((current) => {
      const chosen = current[question.id] ?? [];
      const next =
        question.type === 'multiple' ? (checked ? [...chosen.filter((id) => id !== optionId), optionId] : chosen.filter((id) => id !== optionId)) : [optionId];
      return { ...current, [question.id]: next };
    });
    setUnanswered((current) => current.filter((id) => id !== question.id));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (attempt.pending) return;
    const missing = quiz.questions.filter((question) => (answers[question.id] ?? []).length === 0).map((question) => question.id);
    setUnanswered(missing);
    if (missing.length > 0) {
      attempt.reset();
      // After the summary renders.
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    attempt.submit({ answers: quiz.questions.map((question) => ({ questionId: question.id, optionIds: answers[question.id] ?? [] })) });
  };

  const position = (id: string) => quiz.questions.findIndex((question) => question.id === id) + 1;
  const refused = attempt.refused;
  const answered = quiz.questions.filter((question) => (answers[question.id] ?? []).length > 0).length;

  return (
    <Form ref={form} onSubmit={onSubmit} noValidate aria-label={`${quiz.title}: questions`}>
      {unanswered.length > 0 ? (
        <Summary ref={summary} tabIndex={-1} role="alert" aria-labelledby="quiz-summary-title">
          <h2 id="quiz-summary-title">Answer every question before submitting</h2>
          <ul>
            {unanswered.map((id) => (
              <li key={id}>
                <a href={`#${questionDomId(quiz.questions[position(id) - 1]!)}`}>Question {position(id)} has no answer</a>
              </li>
            ))}
          </ul>
        </Summary>
      ) : null}

      <Questions>
        {quiz.questions.map((question, index) => (
          <Question
            key={question.id}
            question={question}
            number={index + 1}
            total={quiz.questions.length}
            chosen={answers[question.id] ?? []}
            missing={unanswered.includes(question.id)}
            onChoose={choose}
          />
        ))}
      </Questions>

      {refused ? (
        <Refusal ref={problem} tabIndex={-1} role="alert" aria-labelledby="quiz-refusal-title">
          <Icon name="alert" size={20} />
          <div>
            <strong id="quiz-refusal-title">{refused.title}</strong>
            <p>{refused.text}</p>
          </div>
        </Refusal>
      ) : null}

      <Submit>
        <Button type="submit" size="lg" disabled={attempt.pending}>
          {attempt.pending ? 'Submitting…' : 'Submit answers'}
        </Button>
        <span>{answered === quiz.questions.length ? 'Every question is answered.' : `${answered} of ${quiz.questions.length} answered`}</span>
      </Submit>
    </Form>
  );
}

function Question({
  question,
  number,
  total,
  chosen,
  missing,
  onChoose,
}: {
  question: QuizQuestionDto;
  number: number;
  total: number;
  chosen: string[];
  missing: boolean;
  onChoose(question: QuizQuestionDto, optionId: string, checked: boolean): void;
}) {
  const id = questionDomId(question);
  const multiple = question.type === 'multiple';
  return (
    <Card $missing={missing}>
      <Fieldset id={id} aria-describedby={missing ? `${id}-error` : undefined}>
        <legend>
          <Count>
            Question {number} of {total}
          </Count>
          <Prompt>{question.prompt}</Prompt>
          {multiple ? <Hint>Select all that apply.</Hint> : null}
        </legend>
        <Body>
          {missing ? (
            <Missing id={`${id}-error`}>
              <Icon name="alert" size={16} /> {multiple ? 'Choose at least one answer.' : 'Choose an answer.'}
            </Missing>
          ) : null}
          <Options>
            {question.options.map((option) => (
              <Option key={option.id}>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`${id}-answer`}
                  value={option.id}
                  checked={chosen.includes(option.id)}
                  onChange={(event) => onChoose(question, option.id, event.currentTarget.checked)}
                />
                <span>{option.text}</span>
              </Option>
            ))}
          </Options>
        </Body>
      </Fieldset>
    </Card>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.lg};
`;

const Questions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Card = styled.div<{ $missing: boolean }>`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme, $missing }) => ($missing ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};

  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Fieldset = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  scroll-margin-top: 80px;

  legend {
    width: 100%;
    margin-bottom: ${({ theme }) => theme.space.sm};
    padding: 0;
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Count = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const Prompt = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 600;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Hint = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Missing = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Option = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.inputBorder};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  overflow-wrap: anywhere;

  &:hover {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.accent};
    background: ${({ theme }) => theme.colors.accentSoft};
  }
  &:has(input:focus-visible) {
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
  input {
    flex: none;
    width: 1.15rem;
    height: 1.15rem;
    margin-top: 0.2rem;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
`;

const Summary = styled.div`
  scroll-margin-top: 80px;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  a {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
  }
`;

const Refusal = styled.div`
  scroll-margin-top: 80px;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.dangerSoft};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.danger};
  }
  p {
    margin-top: 2px;
  }
`;

const Submit = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    button {
      width: 100%;
    }
  }
`;
