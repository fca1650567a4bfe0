import { questionsPerAttemptProblem, quizAttemptSettingsSchema, type QuestionType, type QuizEditDto, type QuizInput } from '@atrium/common';

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

export interface QuizDraft {
  title: string;
  /** A module's id, or END for the end of the course. */
  position: string;
  questions: DraftQuestion[];
  /** As typed: empty for every question (issue 50). */
  questionsPerAttempt: string;
  shuffleOptions: boolean;
  /** Minutes as typed: empty or 0 for no wait. */
  retryWaitMinutes: string;
}

export const END = 'end';

/** The limits the server enforces (QUIZ-CONTRACT.md); checked here first so the form says what to fix. */
export const QUIZ_LIMITS = {
  title: 200,
  questions: 50,
  prompt: 1000,
  explanation: 2000,
  optionText: 500,
  minOptions: 2,
  maxOptions: 8,
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
  return { title: '', position: END, questions: [blankQuestion()], questionsPerAttempt: '', shuffleOptions: false, retryWaitMinutes: '' };
}

export function draftFromQuiz(quiz: QuizEditDto): QuizDraft {
  return {
    title: quiz.title,
    position: quiz.afterModuleId === null ? END : String(quiz.afterModuleId),
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

/** The attempt settings as the API takes them. */
export const attemptSettings = (draft: QuizDraft) => ({
  questionsPerAttempt: typedNumber(draft.questionsPerAttempt, null),
  shuffleOptions: draft.shuffleOptions,
  retryWaitMinutes: typedNumber(draft.retryWaitMinutes, 0),
});

export function toInput(draft: QuizDraft): QuizInput {
  return {
    ...attemptSettings(draft),
    title: draft.title.trim(),
    afterModuleId: draft.position === END ? null : Number(draft.position),
    questions: draft.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      type: question.type,
      prompt: question.prompt.trim(),
      explanation: question.explanation.trim() || null,
      options: question.options.map((option) => ({ ...(option.id ? { id: option.id } : {}), text: option.text.trim(), correct: option.correct })),
    })),
  };
}

/** Problems by field path ("title", "questions.2.prompt", "questions.0.options.1.text"). */
export type DraftErrors = Record<string, string>;

/** The server's 400s, checked before sending: each names the field and says what to do. */
export function draftErrors(draft: QuizDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = 'Give the quiz a title';
  else if (title.length > QUIZ_LIMITS.title) errors.title = `The title can be at most ${QUIZ_LIMITS.title} characters`;
  if (draft.questions.length === 0) errors.questions = 'Add at least one question';
  if (draft.questions.length > QUIZ_LIMITS.questions) errors.questions = `A quiz can have at most ${QUIZ_LIMITS.questions} questions`;
  draft.questions.forEach((question, index) => {
    const at = `questions.${index}`;
    const prompt = question.prompt.trim();
    if (!prompt) errors[`${at}.prompt`] = 'Write the question';
    else if (prompt.length > QUIZ_LIMITS.prompt) errors[`${at}.prompt`] = `The question can be at most ${QUIZ_LIMITS.prompt} characters`;
    if (question.explanation.trim().length > QUIZ_LIMITS.explanation) {
      errors[`${at}.explanation`] = `The explanation can be at most ${QUIZ_LIMITS.explanation} characters`;
    }
    if (question.type !== 'truefalse') {
      question.options.forEach((option, optionIndex) => {
        const text = option.text.trim();
        if (!text) errors[`${at}.options.${optionIndex}.text`] = `Write answer ${optionIndex + 1}, or remove it`;
        else if (text.length > QUIZ_LIMITS.optionText)
          errors[`${at}.options.${optionIndex}.text`] = `An answer can be at most ${QUIZ_LIMITS.optionText} characters`;
      });
    }
    const correct = question.options.filter((option) => option.correct).length;
    if (question.options.length < QUIZ_LIMITS.minOptions || question.options.length > QUIZ_LIMITS.maxOptions) {
      errors[`${at}.options`] = `A question needs from ${QUIZ_LIMITS.minOptions} to ${QUIZ_LIMITS.maxOptions} answers`;
    } else if (correct === 0) {
      errors[`${at}.options`] = question.type === 'multiple' ? 'Mark at least one correct answer' : 'Mark the correct answer';
    } else if (question.type !== 'multiple' && correct > 1) {
      errors[`${at}.options`] = 'Mark exactly one correct answer';
    }
  });
  // The attempt settings by the server's own schema, so the form and the API say the same.
  const settings = attemptSettings(draft);
  const parsed = quizAttemptSettingsSchema.safeParse(settings);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = String(issue.path[0]);
    errors[path] ??= issue.message;
  }
  const tooMany = questionsPerAttemptProblem(settings.questionsPerAttempt, draft.questions.length);
  if (tooMany) errors.questionsPerAttempt ??= tooMany;
  return errors;
}

/**
 * A field path as the server may write it ("questions[2].options[0].text", "questions.2.prompt")
 * in the editor's dotted form, so its 400 shows beside the field it names.
 */
export const normalizedPath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

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
