import {
  QUIZ_EXPLANATION_MAX,
  QUIZ_OPTION_TEXT_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_PROMPT_MAX,
  QUIZ_QUESTIONS_MAX,
  QUIZ_TITLE_MAX,
  type QuestionType,
  type QuizEditDto,
  type QuizInput,
} from '@atrium/common';

/**
 * The quiz editor's working copy (issue 36): questions and options carry a local `key` for React
 * and keep the server's `id` when they have one, so an edit keeps a question's identity (attempts
 * and the learner's view refer to it).
 */
export interface DraftOption {
  key: string;
  id?: string;
  text: string;
  correct: boolean;
}

export interface DraftQuestion {
  key: string;
  id?: string;
  type: QuestionType;
  prompt: string;
  explanation: string;
  options: DraftOption[];
}

/**
 * The editor's form values (useForm): named as QuizInput names them, so the shared schema's
 * problems and the server's land on their fields by path ("questions.2.options.0.text").
 */
export interface QuizDraft {
  title: string;
  /** A module's id, or END for the end of the course. */
  afterModuleId: string;
  questions: DraftQuestion[];
  /** As typed: empty for every question (issue 50). */
  questionsPerAttempt: string;
  shuffleOptions: boolean;
  /** Minutes as typed: empty or 0 for no wait. */
  retryWaitMinutes: string;
}

export const END = 'end';

/** The limits the server enforces (QUIZ-CONTRACT.md, common's quiz schema), for the counters and buttons. */
export const QUIZ_LIMITS = {
  title: QUIZ_TITLE_MAX,
  questions: QUIZ_QUESTIONS_MAX,
  prompt: QUIZ_PROMPT_MAX,
  explanation: QUIZ_EXPLANATION_MAX,
  optionText: QUIZ_OPTION_TEXT_MAX,
  minOptions: QUIZ_OPTIONS_MIN,
  maxOptions: QUIZ_OPTIONS_MAX,
} as const;

export const QUESTION_TYPES: ReadonlyArray<{ value: QuestionType; label: string }> = [
  { value: 'single', label: 'Single choice' },
  { value: 'multiple', label: 'Multiple choice' },
  { value: 'truefalse', label: 'True or false' },
];

let counter = 0;
const newKey = () => `draft-${++counter}`;

export const blankOption = (text = '', correct = false): DraftOption => ({ key: newKey(), text, correct });

const trueFalseOptions = (): DraftOption[] => [blankOption('True'), blankOption('False')];

export function blankQuestion(type: QuestionType = 'single'): DraftQuestion {
  return {
    key: newKey(),
    type,
    prompt: '',
    explanation: '',
    options: type === 'truefalse' ? trueFalseOptions() : [blankOption(), blankOption()],
  };
}

export function blankDraft(): QuizDraft {
  return { title: '', afterModuleId: END, questions: [blankQuestion()], questionsPerAttempt: '', shuffleOptions: false, retryWaitMinutes: '' };
}

export function draftFromQuiz(quiz: QuizEditDto): QuizDraft {
  return {
    title: quiz.title,
    afterModuleId: quiz.afterModuleId === null ? END : String(quiz.afterModuleId),
    questions: quiz.questions.map((question) => ({
      key: newKey(),
      id: question.id,
      type: question.type,
      prompt: question.prompt,
      explanation: question.explanation ?? '',
      options: question.options.map((option) => ({ key: newKey(), id: option.id, text: option.text, correct: option.correct })),
    })),
    questionsPerAttempt: quiz.questionsPerAttempt === null ? '' : String(quiz.questionsPerAttempt),
    shuffleOptions: quiz.shuffleOptions,
    retryWaitMinutes: quiz.retryWaitMinutes === 0 ? '' : String(quiz.retryWaitMinutes),
  };
}

/**
 * A question given another type: true/false gets its two fixed options, a single-choice question
 * keeps only its first correct option; the texts typed so far stay otherwise.
 */
export function withType(question: DraftQuestion, type: QuestionType): DraftQuestion {
  if (type === question.type) return question;
  if (type === 'truefalse') return { ...question, type, options: trueFalseOptions() };
  const options = question.type === 'truefalse' ? [blankOption(), blankOption()] : question.options;
  if (type === 'single') {
    const first = options.findIndex((option) => option.correct);
    return { ...question, type, options: options.map((option, index) => ({ ...option, correct: index === first })) };
  }
  return { ...question, type, options };
}

/** Marks an option correct: the only one for single choice and true/false, toggled for multiple choice. */
export function withCorrect(question: DraftQuestion, key: string, checked: boolean): DraftQuestion {
  return {
    ...question,
    options: question.options.map((option) =>
      question.type === 'multiple' ? (option.key === key ? { ...option, correct: checked } : option) : { ...option, correct: option.key === key },
    ),
  };
}

/** Moves an item of a list by one place; the list unchanged when it is at that end already. */
export function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A number as typed: empty is `empty`, anything else its value (NaN when not a number, which the schema refuses). */
const typedNumber = <T>(typed: string, empty: T): number | T => (typed.trim() === '' ? empty : Number(typed.trim()));

/** The draft as the API takes it, for common's quizInputSchema to judge (numbers as typed: NaN is refused there). */
export function toInput(draft: QuizDraft): QuizInput {
  return {
    questionsPerAttempt: typedNumber(draft.questionsPerAttempt, null),
    shuffleOptions: draft.shuffleOptions,
    retryWaitMinutes: typedNumber(draft.retryWaitMinutes, 0),
    title: draft.title.trim(),
    afterModuleId: draft.afterModuleId === END ? null : Number(draft.afterModuleId),
    questions: draft.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      type: question.type,
      prompt: question.prompt.trim(),
      explanation: question.explanation.trim() || null,
      options: question.options.map((option) => ({ ...(option.id ? { id: option.id } : {}), text: option.text.trim(), correct: option.correct })),
    })),
  };
}

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  afterModuleId: 'Position',
  questionsPerAttempt: 'Questions per attempt',
  shuffleOptions: 'Shuffle the answers',
  retryWaitMinutes: 'Wait after a failed attempt',
};

/** Where a problem is in words, for the list above the form ("Question 2, answer 1"). */
export function describePath(path: string): string {
  const match = /^questions\.(\d+)(?:\.(prompt|explanation|options)(?:\.(\d+))?)?/.exec(path);
  if (!match) return FIELD_NAMES[path] ?? 'Questions';
  const [, question, field, option] = match;
  const where = `Question ${Number(question) + 1}`;
  if (option !== undefined) return `${where}, answer ${Number(option) + 1}`;
  if (field === 'prompt') return `${where}, the question`;
  if (field === 'explanation') return `${where}, the explanation`;
  if (field === 'options') return `${where}, the answers`;
  return where;
}
