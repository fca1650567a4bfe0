import { z } from 'zod';
import { id, tooLong } from './common.ts';

/** Limits of a knowledge check (QUIZ-CONTRACT.md). */
export const QUIZ_TITLE_MAX = 200;
export const QUIZ_PROMPT_MAX = 1000;
export const QUIZ_EXPLANATION_MAX = 2000;
export const QUIZ_OPTION_TEXT_MAX = 500;
export const QUIZ_QUESTIONS_MAX = 50;
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 8;
export const DEFAULT_PASS_MARK = 80;
/** The longest wait an admin may set between a failed attempt and the next: a week. */
export const QUIZ_RETRY_WAIT_MAX_MINUTES = 7 * 24 * 60;

/** The short random ids of questions and options (kept across edits); letters, digits, - and _. */
const stableId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Ids are letters, digits, - and _' });

/** A course's pass mark: a whole percent 1–100. */
export const passMark = z
  .number({ message: 'Pass mark must be a whole number from 1 to 100' })
  .int({ message: 'Pass mark must be a whole number from 1 to 100' })
  .min(1, { message: 'Pass mark must be a whole number from 1 to 100' })
  .max(100, { message: 'Pass mark must be a whole number from 1 to 100' });

export const quizRequired = z.boolean({ message: 'Certificate requires the final quiz must be true or false' });

const option = z.object({
  id: stableId.optional(),
  // An empty text is refused by the question, which knows the answer's number.
  text: z.string({ message: 'Every answer needs a text' }).trim().max(QUIZ_OPTION_TEXT_MAX, tooLong('An answer', QUIZ_OPTION_TEXT_MAX)),
  correct: z.boolean({ message: 'Mark each answer correct or not' }),
});

/**
 * One question. Its problems are worded for the quiz editor, which shows each beside its field
 * (path `questions.2.options.0.text`) and in its list above the form ("Question 3, answer 1: …"),
 * so the editor and the server's 400 say the same sentence in the same place.
 */
const question = z
  .object({
    id: stableId.optional(),
    type: z.enum(['single', 'multiple', 'truefalse'], { message: 'Question type must be single, multiple or truefalse' }),
    prompt: z
      .string({ message: 'Write the question' })
      .trim()
      .min(1, { message: 'Write the question' })
      .max(QUIZ_PROMPT_MAX, tooLong('The question', QUIZ_PROMPT_MAX)),
    explanation: z
      .string()
      .trim()
      .max(QUIZ_EXPLANATION_MAX, tooLong('The explanation', QUIZ_EXPLANATION_MAX))
      .nullish()
      .transform((value) => (value ? value : null)),
    options: z
      .array(option, { message: 'Give the question its answers' })
      .min(QUIZ_OPTIONS_MIN, { message: `A question needs from ${QUIZ_OPTIONS_MIN} to ${QUIZ_OPTIONS_MAX} answers` })
      .max(QUIZ_OPTIONS_MAX, { message: `A question needs from ${QUIZ_OPTIONS_MIN} to ${QUIZ_OPTIONS_MAX} answers` }),
  })
  .superRefine((value, ctx) => {
    value.options.forEach((entry, index) => {
      if (entry.text === '') ctx.addIssue({ code: 'custom', path: ['options', index, 'text'], message: `Write answer ${index + 1}, or remove it` });
    });
    const correct = value.options.filter((entry) => entry.correct).length;
    if (value.type === 'truefalse' && value.options.length !== 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A true or false question has exactly two answers' });
    if (correct === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: value.type === 'multiple' ? 'Mark at least one correct answer' : 'Mark the correct answer' });
    else if (value.type !== 'multiple' && correct !== 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark exactly one correct answer' });
    const ids = value.options.map((entry) => entry.id).filter((entry): entry is string => entry !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Answer ids must be different' });
  });

const perAttemptMessage = { message: `Questions per attempt must be a whole number from 1 to ${QUIZ_QUESTIONS_MAX}, or empty for every question` };
const waitMessage = {
  message: `The wait after a failed attempt must be a whole number of minutes from 0 to ${QUIZ_RETRY_WAIT_MAX_MINUTES.toLocaleString('en-GB')} (a week)`,
};

/**
 * How each attempt is drawn (issue 50): questions per attempt (null: every question), options
 * shuffled or not, and the minutes a learner waits after a failed attempt (0: no wait). Optional
 * in a request, so clients that send none keep today's behaviour.
 */
export const quizAttemptSettingsSchema = z.object({
  questionsPerAttempt: z.number(perAttemptMessage).int(perAttemptMessage).min(1, perAttemptMessage).max(QUIZ_QUESTIONS_MAX, perAttemptMessage).nullish(),
  shuffleOptions: z.boolean({ message: 'Shuffle the options must be true or false' }).optional(),
  retryWaitMinutes: z.number(waitMessage).int(waitMessage).min(0, waitMessage).max(QUIZ_RETRY_WAIT_MAX_MINUTES, waitMessage).optional(),
});

/** A draw larger than the questions there are, in words (or null): the editor and the server say the same. */
export function questionsPerAttemptProblem(questionsPerAttempt: number | null | undefined, questionCount: number): string | null {
  if (questionsPerAttempt === null || questionsPerAttempt === undefined || questionsPerAttempt <= questionCount) return null;
  return `Questions per attempt can be at most the ${questionCount} ${questionCount === 1 ? 'question' : 'questions'} of the quiz`;
}

/** POST/PUT /api/courses/:id/quizzes[/:quizId]: QuizInput. */
export const quizInputSchema = z
  .object({
    title: z
      .string({ message: 'Give the quiz a title' })
      .trim()
      .min(1, { message: 'Give the quiz a title' })
      .max(QUIZ_TITLE_MAX, tooLong('The title', QUIZ_TITLE_MAX)),
    afterModuleId: z
      .number({ message: 'Choose the module the quiz follows, or the end of the course (null)' })
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .nullable(),
    questions: z
      .array(question, { message: 'Add the questions' })
      .min(1, { message: 'Add at least one question' })
      .max(QUIZ_QUESTIONS_MAX, { message: `A quiz can have at most ${QUIZ_QUESTIONS_MAX} questions` }),
    ...quizAttemptSettingsSchema.shape,
  })
  .superRefine((value, ctx) => {
    const tooMany = questionsPerAttemptProblem(value.questionsPerAttempt, value.questions.length);
    if (tooMany) ctx.addIssue({ code: 'custom', path: ['questionsPerAttempt'], message: tooMany });
    const ids = value.questions.map((entry) => entry.id).filter((entry): entry is string => entry !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Question ids must be different' });
  });

export type QuizInputParsed = z.output<typeof quizInputSchema>;

/** POST /api/quizzes/:id/attempts. Which ids belong to the quiz is checked against it by the server. */
export const quizAttemptSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string({ message: 'Each answer names its question' }).min(1).max(40),
        optionIds: z.array(z.string().min(1).max(40), { message: 'Each answer lists the options chosen' }).max(QUIZ_OPTIONS_MAX),
      }),
      { message: 'Send the answers' },
    )
    .max(QUIZ_QUESTIONS_MAX, { message: 'Too many answers' }),
});

export const quizParams = z.object({ id, quizId: id });
