/**
 * Knowledge checks (issue 36 items 1–4, issue 50 item 4): the shapes agreed in QUIZ-CONTRACT.md.
 * The server grades; which options are correct and the explanations reach a learner only once
 * they have passed the quiz (QuestionResultDto with `keyShown`); a failed attempt says which
 * questions were wrong and nothing more. Only the admin edit routes send the key otherwise.
 */

import { z } from 'zod';
import { assignmentStepStatusSchema } from './assignments.ts';

export const questionTypeSchema = z.enum(['single', 'multiple', 'truefalse']);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** A question as a learner sees it before submitting: no `correct`, no explanation. */
export const quizQuestionDtoSchema = z
  .object({
    /** Stable within a quiz (short random id, kept across edits). */
    id: z.string(),
    type: questionTypeSchema,
    prompt: z.string(),
    /** truefalse: two options, texts "True" / "False". */
    options: z.array(z.object({ id: z.string(), text: z.string() })),
  })
  .meta({ id: 'QuizQuestionDto' });
export type QuizQuestionDto = z.infer<typeof quizQuestionDtoSchema>;

/** GET /api/quizzes/:id — the learner's view (enrolled or licensed; admins too). */
export const quizDtoSchema = z
  .object({
    id: z.number(),
    courseId: z.number(),
    courseTitle: z.string(),
    title: z.string(),
    /** The module it follows; null = at the end of the course. */
    afterModuleId: z.number().nullable(),
    /** The course's, percent 1–100. */
    passMark: z.number(),
    /** This quiz is the course's final one and the certificate requires passing it. */
    requiredForCertificate: z.boolean(),
    /**
     * The questions drawn for the caller's next attempt, options in the order to show them. The
     * same until an attempt is submitted (a reload draws nothing new); empty while `retryAt` is set.
     */
    questions: z.array(quizQuestionDtoSchema),
    /** Percent, the caller's best; null before any attempt. */
    bestScore: z.number().nullable(),
    passed: z.boolean(),
    attemptCount: z.number(),
    /** Minutes a learner waits after a failed attempt before the next; 0: no wait. */
    retryWaitMinutes: z.number(),
    /** ISO: the caller's next attempt opens then (after a failed one); null: it is open now. */
    retryAt: z.string().nullable(),
    /** Seconds until `retryAt` by the server's clock, for a countdown that trusts no device clock; 0 when open. */
    retryInSeconds: z.number(),
  })
  .meta({ id: 'QuizDto' });
export type QuizDto = z.infer<typeof quizDtoSchema>;

/**
 * One question's outcome, only ever in an answer to a submitted attempt. Until the learner has
 * passed the quiz (`keyShown: false` on the attempt) it says whether the question was right and
 * what was chosen, never which options are correct: no `correct` on the options, no explanation.
 */
export const questionResultDtoSchema = z
  .object({
    questionId: z.string(),
    prompt: z.string(),
    type: questionTypeSchema,
    /** In the order they were shown; `correct` only once the key is shown. */
    options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean().optional() })),
    selectedOptionIds: z.array(z.string()),
    correct: z.boolean(),
    /** Only once the key is shown (null: the admin wrote none). */
    explanation: z.string().nullable().optional(),
  })
  .meta({ id: 'QuestionResultDto' });
export type QuestionResultDto = z.infer<typeof questionResultDtoSchema>;

export const quizAttemptDtoSchema = z
  .object({
    id: z.number(),
    quizId: z.number(),
    /** Percent, rounded down. */
    score: z.number(),
    correctCount: z.number(),
    questionCount: z.number(),
    passed: z.boolean(),
    /** ISO. */
    submittedAt: z.string(),
    /** The correct options and explanations are in `results`: the learner has passed this quiz. */
    keyShown: z.boolean(),
    /** The questions this attempt was served, in order. */
    results: z.array(questionResultDtoSchema),
  })
  .meta({ id: 'QuizAttemptDto' });
export type QuizAttemptDto = z.infer<typeof quizAttemptDtoSchema>;

/** GET /api/quizzes/:id/attempts — the caller's attempts, the key in them once they have passed. */
export const quizAttemptsDtoSchema = z.object({ attempts: z.array(quizAttemptDtoSchema) }).meta({ id: 'QuizAttemptsDto' });
export type QuizAttemptsDto = z.infer<typeof quizAttemptsDtoSchema>;

/** POST /api/quizzes/:id/attempts — 201. */
export const quizAttemptResultDtoSchema = z
  .object({
    attempt: quizAttemptDtoSchema,
    bestScore: z.number(),
    /** Ever passed (best). */
    passed: z.boolean(),
    /** Every step needed for the certificate is done. */
    courseCompleted: z.boolean(),
    certificateNumber: z.string().nullable(),
    /** ISO: when the next attempt opens (this one failed and the quiz has a wait); null: now. */
    retryAt: z.string().nullable(),
    /** Seconds until `retryAt` by the server's clock; 0 when open. */
    retryInSeconds: z.number(),
  })
  .meta({ id: 'QuizAttemptResultDto' });
export type QuizAttemptResultDto = z.infer<typeof quizAttemptResultDtoSchema>;

/** A quiz in a course's list (GET /api/courses/:id/quizzes). */
export const quizSummaryDtoSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    afterModuleId: z.number().nullable(),
    /** How many questions an attempt asks (drawn from more when the quiz draws). */
    questionCount: z.number(),
    requiredForCertificate: z.boolean(),
    /** Null for visitors / admins without attempts. */
    bestScore: z.number().nullable(),
    passed: z.boolean(),
  })
  .meta({ id: 'QuizSummaryDto' });
export type QuizSummaryDto = z.infer<typeof quizSummaryDtoSchema>;

/** GET /api/courses/:id/quizzes */
export const quizSummariesDtoSchema = z.object({ quizzes: z.array(quizSummaryDtoSchema) }).meta({ id: 'QuizSummariesDto' });
export type QuizSummariesDto = z.infer<typeof quizSummariesDtoSchema>;

/** Admin editing (GET/POST/PUT under /api/courses/:id/quizzes/:quizId, admins only). */
export interface QuizEditQuestion {
  /** Absent for a new question. */
  id?: string;
  type: QuestionType;
  /** 1–1000 chars. */
  prompt: string;
  /** ≤ 2000 chars. */
  explanation?: string | null;
  /** 2–8 (truefalse exactly 2). */
  options: { id?: string; text: string; correct: boolean }[];
}

/** GET/POST/PUT under /api/courses/:id/quizzes/:quizId (admins only): the quiz with its key. */
export const quizEditDtoSchema = z
  .object({
    id: z.number(),
    courseId: z.number(),
    /** 1–200 chars. */
    title: z.string(),
    afterModuleId: z.number().nullable(),
    questions: z.array(
      z.object({
        id: z.string(),
        type: questionTypeSchema,
        prompt: z.string(),
        explanation: z.string().nullable().optional(),
        options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
      }),
    ),
    version: z.number(),
    attemptCount: z.number(),
    questionsPerAttempt: z.number().nullable(),
    shuffleOptions: z.boolean(),
    retryWaitMinutes: z.number(),
  })
  .meta({ id: 'QuizEditDto' });
export type QuizEditDto = z.infer<typeof quizEditDtoSchema>;

/** How each attempt is drawn (issue 50); each optional in a request, defaults as shown. */
export interface QuizAttemptSettings {
  /** 1–50 and at most the questions there are; null (default): every question. */
  questionsPerAttempt?: number | null;
  /** Default false. */
  shuffleOptions?: boolean;
  /** 0 (default, no wait) to 10,080 (a week). */
  retryWaitMinutes?: number;
}

export interface QuizInput extends QuizAttemptSettings {
  title: string;
  afterModuleId: number | null;
  /** 1–50; order = display order. */
  questions: QuizEditQuestion[];
}

/** POST /api/quizzes/:id/attempts body. */
export interface QuizAttemptInput {
  answers: { questionId: string; optionIds: string[] }[];
}

/** A step of a course, in order (course detail `steps`, dashboard unchanged apart from counts). */
export const courseStepDtoSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('video'), id: z.number(), title: z.string(), isCompleted: z.boolean(), duration: z.number() }),
    z.object({
      kind: z.literal('quiz'),
      id: z.number(),
      title: z.string(),
      isCompleted: z.boolean(),
      questionCount: z.number(),
      bestScore: z.number().nullable(),
      requiredForCertificate: z.boolean(),
    }),
    z.object({
      kind: z.literal('assignment'),
      id: z.number(),
      title: z.string(),
      isCompleted: z.boolean(),
      status: assignmentStepStatusSchema,
      approvalRequired: z.boolean(),
    }),
  ])
  .meta({ id: 'CourseStepDto' });
export type CourseStepDto = z.infer<typeof courseStepDtoSchema>;

/**
 * A member's best result on a course's final quiz, in reports (issue 36 item 4: the admin's
 * student page, the manager's status list). Sent only for a course that has a quiz, so a course
 * without one answers as before. `bestScore` is null before any attempt; `passed` = ever passed.
 */
export const finalQuizResultDtoSchema = z
  .object({
    bestScore: z.number().nullable(),
    passed: z.boolean(),
    /** The course's pass mark (percent) now. */
    passMark: z.number(),
  })
  .meta({ id: 'FinalQuizResultDto' });
export type FinalQuizResultDto = z.infer<typeof finalQuizResultDtoSchema>;
