import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { quizInputSchema, type ModuleDto, type QuestionType, type QuizEditDto, type QuizInput } from '@atrium/common';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { Dialog, DialogButtons } from '../../../components/Dialog.tsx';
import { Form, Input, TextAreaField, TextField } from '../../../components/Field.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { IconButton } from '../../../components/IconButton.tsx';
import { ProblemText } from '../../../components/Panel.ts';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useForm } from '../../../components/useForm.ts';
import {
  blankDraft,
  blankOption,
  blankQuestion,
  describePath,
  draftFromQuiz,
  END,
  moved,
  QUESTION_TYPES,
  QUIZ_LIMITS,
  toInput,
  withCorrect,
  withType,
  type DraftQuestion,
  type QuizDraft,
} from './quizDraft.ts';

/** The quiz the dialog edits: a new one, or the read of a stored one (its answers). */
export type QuizEditorState = { state: 'new' } | ReadState<QuizEditDto>;

export interface QuizEditorViewProps {
  /** Closed when null. */
  quiz: QuizEditorState | null;
  /** The title of the quiz being edited, for the dialog's heading while its answers load. */
  editingTitle?: string;
  modules: ModuleDto[];
  saving: boolean;
  /**
   * Saves the quiz, checked by common's quizInputSchema. A refusal goes first to `showOnFields`
   * (the form's showServerErrors: true when the server named fields the form has), else to a toast.
   */
  onSave(quiz: QuizEditDto | null, input: QuizInput, showOnFields: (error: unknown) => boolean): void;
  onClose(): void;
}

/** Add or edit a knowledge check: title, where it sits in the course, and its questions (issue 36). */
export function QuizEditorView({ quiz, editingTitle, modules, saving, onSave, onClose }: QuizEditorViewProps) {
  return (
    <Dialog
      open={quiz !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width="editor"
      title={quiz && quiz.state !== 'new' ? `Edit “${editingTitle ?? (quiz.state === 'ready' ? quiz.data.title : '')}”` : 'Add a knowledge check'}
      description="Learners answer on one page and see which questions they got wrong; the right answers and your explanations are shown once they pass. They may try again, after the wait you set."
    >
      {quiz === null ? null : quiz.state === 'new' ? (
        <QuizForm key="new" modules={modules} quiz={null} saving={saving} onSave={onSave} />
      ) : (
        <QueryState read={quiz} size="panel" loading="Loading the quiz" failed="The quiz could not be loaded.">
          {(stored) => <QuizForm key={`${stored.id}-${stored.version}`} modules={modules} quiz={stored} saving={saving} onSave={onSave} />}
        </QueryState>
      )}
    </Dialog>
  );
}

/** The form's problems by place ("title", "questions.2.options.0.text"), as useForm keeps them. */
type Problems = Readonly<Record<string, string | undefined>>;

function QuizForm({
  modules,
  quiz,
  saving,
  onSave,
}: {
  modules: ModuleDto[];
  quiz: QuizEditDto | null;
  saving: boolean;
  onSave: QuizEditorViewProps['onSave'];
}) {
  const [initial] = useState<QuizDraft>(() => (quiz ? draftFromQuiz(quiz) : blankDraft()));
  const form = useForm(initial);
  const { values: draft, setValues: setDraft } = form;
  const errors: Problems = form.errors;
  const [announcement, setAnnouncement] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const clear = (...paths: string[]) =>
    form.setErrors((current: Problems) => {
      if (!paths.some((path) => current[path])) return current;
      const next = { ...current };
      for (const path of paths) delete next[path];
      return next;
    });

  const setQuestion = (index: number, change: (question: DraftQuestion) => DraftQuestion) =>
    setDraft((current) => ({ ...current, questions: current.questions.map((question, at) => (at === index ? change(question) : question)) }));

  // Errors are kept by position: moving or removing questions would misplace them, so they go.
  const reshape = (questions: DraftQuestion[], message: string) => {
    setDraft((current) => ({ ...current, questions }));
    form.setErrors({});
    setAnnouncement(message);
  };

  // After render: focus the field of the first problem listed, else the list of problems.
  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const first = summaryRef.current?.querySelector<HTMLElement>('[data-problem]')?.dataset.problem;
      const field = first ? formRef.current?.querySelector<HTMLElement>(`[data-path="${first}"]`) : null;
      (field ?? summaryRef.current)?.focus();
    });

  const showOnFields = (error: unknown) => {
    const shown = form.showServerErrors(error);
    if (shown) focusFirstProblem();
    return shown;
  };

  const submit = (event: FormEvent) =>
    form.handleSubmit(quizInputSchema, (input) => onSave(quiz, input, showOnFields), { toInput, onInvalid: focusFirstProblem })(event);

  const problems = Object.entries(errors);
  return (
    <Form ref={formRef} onSubmit={submit} noValidate aria-label={quiz ? `Edit ${quiz.title}` : 'New knowledge check'}>
      {quiz && quiz.attemptCount > 0 ? (
        <Versions role="note">
          <Icon name="shield" size={18} />
          <span>
            <strong>
              {quiz.attemptCount} {quiz.attemptCount === 1 ? 'attempt keeps' : 'attempts keep'} the version they answered.
            </strong>{' '}
            Saving makes a new version: learners’ recorded scores do not change, and their next try uses it.
          </span>
        </Versions>
      ) : null}
      {problems.length > 0 ? (
        <Summary ref={summaryRef} tabIndex={-1} role="alert" aria-labelledby="quiz-problems-title">
          <strong id="quiz-problems-title">
            {problems.length === 1 ? 'One thing to fix before saving' : `${problems.length} things to fix before saving`}
          </strong>
          <ul>
            {problems.map(([path, message]) => (
              <li key={path} data-problem={path}>
                {describePath(path)}: {message}
              </li>
            ))}
          </ul>
        </Summary>
      ) : null}
      <TextField
        label="Title"
        markRequired
        hint={<CharacterCount value={draft.title} max={QUIZ_LIMITS.title} />}
        autoComplete="off"
        value={draft.title}
        error={errors.title}
        data-path="title"
        onChange={(event) => {
          const title = event.currentTarget.value;
          setDraft((current) => ({ ...current, title }));
          clear('title');
        }}
      />
      <SelectField
        label="Position in the course"
        hint="Learners meet it after that module, in the module list and in Previous / Next. The last quiz is the course’s final quiz."
        value={draft.afterModuleId}
        error={errors.afterModuleId}
        data-path="afterModuleId"
        options={[
          ...modules.map((module, index) => ({ value: String(module.id), label: `After module ${index + 1}: ${module.title}` })),
          { value: END, label: 'At the end of the course' },
        ]}
        onChange={(event) => {
          const afterModuleId = event.currentTarget.value;
          setDraft((current) => ({ ...current, afterModuleId }));
          clear('afterModuleId');
        }}
      />
      <AttemptSettings
        draft={draft}
        errors={errors}
        onChange={(change, path) => {
          setDraft((current) => ({ ...current, ...change }));
          clear(path);
        }}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <QuestionList aria-label="Questions">
        {draft.questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            count={draft.questions.length}
            errors={errors}
            onChange={(change, paths) => {
              setQuestion(index, change);
              clear(...paths);
            }}
            onMove={(by) => reshape(moved(draft.questions, index, by), `Question ${index + 1} moved to position ${index + 1 + by}.`)}
            onRemove={() =>
              reshape(
                draft.questions.filter((_, at) => at !== index),
                `Question ${index + 1} removed.`,
              )
            }
          />
        ))}
      </QuestionList>
      {errors.questions ? <ProblemText role="alert">{errors.questions}</ProblemText> : null}
      <div>
        <Button
          variant="secondary"
          disabled={draft.questions.length >= QUIZ_LIMITS.questions}
          onClick={() => {
            reshape([...draft.questions, blankQuestion()], `Question ${draft.questions.length + 1} added.`);
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-path="questions.${draft.questions.length}.prompt"]`)?.focus());
          }}
        >
          <Icon name="plus" size={18} /> Add question
        </Button>
      </div>
      <DialogButtons label={quiz ? 'Save quiz' : 'Add quiz'} busyLabel="Saving…" busy={saving} />
    </Form>
  );
}

function QuestionEditor({
  question,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: Problems;
  onChange(change: (question: DraftQuestion) => DraftQuestion, clears: string[]): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const at = `questions.${index}`;
  const number = index + 1;
  const answersId = useId();
  const optionsError = errors[`${at}.options`];
  const single = question.type !== 'multiple';
  return (
    <QuestionBox aria-labelledby={`${answersId}-title`}>
      <QuestionHead>
        <h3 id={`${answersId}-title`}>Question {number}</h3>
        <HeadActions>
          <IconButton
            icon="arrowUp"
            label={`Move question ${number} up`}
            title="Move up"
            variant="outline"
            size="sm"
            onClick={() => onMove(-1)}
            disabled={index === 0}
          />
          <IconButton
            icon="arrowDown"
            label={`Move question ${number} down`}
            title="Move down"
            variant="outline"
            size="sm"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
          />
          <IconButton icon="trash" label={`Remove question ${number}`} title="Remove" variant="outline" size="sm" onClick={onRemove} disabled={count === 1} />
        </HeadActions>
      </QuestionHead>
      <SelectField
        label={<Prefixed number={number}>Type</Prefixed>}
        value={question.type}
        options={QUESTION_TYPES}
        onChange={(event) => {
          const type = event.currentTarget.value as QuestionType;
          onChange((current) => withType(current, type), [`${at}.options`]);
        }}
      />
      <TextAreaField
        label={<Prefixed number={number}>Question text</Prefixed>}
        markRequired
        rows={3}
        hint={<CharacterCount value={question.prompt} max={QUIZ_LIMITS.prompt} />}
        value={question.prompt}
        error={errors[`${at}.prompt`]}
        data-path={`${at}.prompt`}
        onChange={(event) => {
          const prompt = event.currentTarget.value;
          onChange((current) => ({ ...current, prompt }), [`${at}.prompt`]);
        }}
      />
      <Answers aria-describedby={optionsError ? `${answersId}-error` : `${answersId}-hint`}>
        <legend>
          <Prefixed number={number}>Answers</Prefixed>
        </legend>
        <small id={`${answersId}-hint`}>
          {question.type === 'multiple'
            ? 'Tick every correct answer: learners must choose all of them, and nothing else.'
            : question.type === 'truefalse'
              ? 'Choose whether the statement is true or false.'
              : 'Choose the one correct answer.'}
        </small>
        {optionsError ? (
          <ProblemText id={`${answersId}-error`} role="alert">
            {optionsError}
          </ProblemText>
        ) : null}
        {question.options.map((option, optionIndex) => {
          const textPath = `${at}.options.${optionIndex}.text`;
          const answer = optionIndex + 1;
          return (
            <OptionRow key={option.key}>
              <Correct>
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`${answersId}-correct`}
                  checked={option.correct}
                  data-path={optionIndex === 0 ? `${at}.options` : undefined}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    onChange((current) => withCorrect(current, option.key, checked), [`${at}.options`]);
                  }}
                />
                {question.type === 'truefalse' ? (
                  <span>{option.text}</span>
                ) : (
                  <>
                    <small aria-hidden="true">Correct</small>
                    <span className="visually-hidden">Answer {answer} is correct</span>
                  </>
                )}
              </Correct>
              {question.type === 'truefalse' ? null : (
                <>
                  <OptionField>
                    <Input
                      aria-label={`Answer ${answer}`}
                      placeholder={`Answer ${answer}`}
                      value={option.text}
                      autoComplete="off"
                      $invalid={Boolean(errors[textPath])}
                      aria-invalid={errors[textPath] ? true : undefined}
                      aria-describedby={
                        [errors[textPath] ? `${answersId}-${option.key}-error` : '', nearLimit(option.text) ? `${answersId}-${option.key}-count` : '']
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      data-path={textPath}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        onChange(
                          (current) => ({
                            ...current,
                            options: current.options.map((candidate) => (candidate.key === option.key ? { ...candidate, text } : candidate)),
                          }),
                          [textPath],
                        );
                      }}
                    />
                    {nearLimit(option.text) ? (
                      <OptionCount id={`${answersId}-${option.key}-count`}>
                        <CharacterCount value={option.text} max={QUIZ_LIMITS.optionText} />
                      </OptionCount>
                    ) : null}
                    {errors[textPath] ? (
                      <ProblemText id={`${answersId}-${option.key}-error`} role="alert">
                        {errors[textPath]}
                      </ProblemText>
                    ) : null}
                  </OptionField>
                  <IconButton
                    icon="close"
                    label={`Remove answer ${answer} of question ${number}`}
                    title="Remove answer"
                    variant="ghost"
                    size="sm"
                    disabled={question.options.length <= QUIZ_LIMITS.minOptions}
                    onClick={() =>
                      onChange((current) => ({ ...current, options: current.options.filter((candidate) => candidate.key !== option.key) }), [`${at}.options`])
                    }
                  />
                </>
              )}
            </OptionRow>
          );
        })}
        {question.type === 'truefalse' ? null : (
          <div>
            <Button
              variant="ghost"
              size="sm"
              disabled={question.options.length >= QUIZ_LIMITS.maxOptions}
              onClick={() => onChange((current) => ({ ...current, options: [...current.options, blankOption()] }), [`${at}.options`])}
            >
              <Icon name="plus" size={16} /> Add answer
            </Button>
          </div>
        )}
      </Answers>
      <TextAreaField
        label={<Prefixed number={number}>Explanation (optional)</Prefixed>}
        hint={
          <>
            Shown to learners with the right answers once they have passed. <CharacterCount value={question.explanation} max={QUIZ_LIMITS.explanation} />
          </>
        }
        rows={3}
        value={question.explanation}
        error={errors[`${at}.explanation`]}
        data-path={`${at}.explanation`}
        onChange={(event) => {
          const explanation = event.currentTarget.value;
          onChange((current) => ({ ...current, explanation }), [`${at}.explanation`]);
        }}
      />
    </QuestionBox>
  );
}

/** An answer's counter shows once its text nears the limit (a row of eight counters would crowd the editor). */
const nearLimit = (text: string) => text.trim().length > QUIZ_LIMITS.optionText * 0.8;

/**
 * How each attempt is drawn (issue 50): questions per attempt from the quiz's, the answers
 * shuffled, and a wait after a failed attempt. Checked by the API's own schema (quizInputSchema).
 */
function AttemptSettings({ draft, errors, onChange }: { draft: QuizDraft; errors: Problems; onChange(change: Partial<QuizDraft>, path: string): void }) {
  const count = draft.questions.length;
  return (
    <Settings>
      <legend>Each attempt</legend>
      <NumberField
        label="Questions per attempt"
        inputMode="numeric"
        autoComplete="off"
        hint={`Empty: all ${count} ${count === 1 ? 'question' : 'questions'}. A number draws that many at random for each attempt; a reload keeps them.`}
        value={draft.questionsPerAttempt}
        error={errors.questionsPerAttempt}
        data-path="questionsPerAttempt"
        onChange={(event) => onChange({ questionsPerAttempt: event.currentTarget.value }, 'questionsPerAttempt')}
      />
      <CheckboxField
        name="shuffleOptions"
        label="Shuffle the answers"
        hint="Each attempt shows a question’s answers in its own order (true or false stays in that order)."
        checked={draft.shuffleOptions}
        onChange={(event) => onChange({ shuffleOptions: event.currentTarget.checked }, 'shuffleOptions')}
      />
      <NumberField
        label="Wait after a failed attempt (minutes)"
        inputMode="numeric"
        autoComplete="off"
        hint="Empty or 0: learners may try again at once. Up to 10,080 (a week)."
        value={draft.retryWaitMinutes}
        error={errors.retryWaitMinutes}
        data-path="retryWaitMinutes"
        onChange={(event) => onChange({ retryWaitMinutes: event.currentTarget.value }, 'retryWaitMinutes')}
      />
    </Settings>
  );
}

/** A field's visible label inside a question's box, named with the question for screen readers ("Question 2: Type"). */
function Prefixed({ number, children }: { number: number; children: string }) {
  return (
    <>
      <span className="visually-hidden">Question {number}: </span>
      {children}
    </>
  );
}

const Settings = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  legend {
    padding: 0 ${({ theme }) => theme.space.xxs};
    font-weight: 600;
  }
`;

/* The number fields' hints are long: the wrapper keeps the full width, the input a short one. */
const NumberField = styled(TextField)`
  max-width: 8rem;
`;

const OptionCount = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Versions = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  font-size: ${({ theme }) => theme.fontSize.sm};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Summary = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.fontSize.sm};

  ul {
    margin: ${({ theme }) => theme.space.xxs} 0 0;
    padding-left: ${({ theme }) => theme.space.lg};
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const QuestionList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const QuestionBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const QuestionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const HeadActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Answers = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xxs};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const OptionRow = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  grid-template-areas: 'correct text remove';
  align-items: start;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.xs};

  & > label {
    grid-area: correct;
  }
  & > div {
    grid-area: text;
  }
  & > button {
    grid-area: remove;
    margin-top: 4px;
  }

  /* On a phone the answer's text takes the whole width; Correct and Remove sit under it. */
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: auto 1fr;
    grid-template-areas: 'text text' 'correct remove';
    padding-bottom: ${({ theme }) => theme.space.xxs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};

    & > button {
      justify-self: end;
      margin-top: 0;
    }
  }
`;

const Correct = styled.label`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 44px;
  min-height: 44px;
  justify-content: center;
  cursor: pointer;

  input {
    width: 1.15rem;
    height: 1.15rem;
    accent-color: ${({ theme }) => theme.colors.success};
  }
  span:not(.visually-hidden) {
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

/** An answer's text: named "Answer 2" inside the group "Question 1: answers", the placeholder showing the same. */
const OptionField = styled.div`
  display: grid;
  flex: 1;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;

  p {
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;
