/**
 * Knowledge checks (issue 36 items 1–4, issue 50 item 4): the shapes agreed in QUIZ-CONTRACT.md.
 * The server grades; which options are correct and the explanations reach a learner only once
 * they have passed the quiz (QuestionResultDto with `keyShown`); a failed attempt says which
 * questions were wrong and nothing more. Only the admin edit routes send the key otherwise.
 */

import { z } from 'zod';
import { assignmentStepStatusSchema } from './assignments.ts';

export type QuestionType = 'single' | 'multiple' | 'truefalse';

/** A question as a learner sees it before submitting: no `correct`, no explanation. */
export interface QuizQuestionDto {
  /** Stable within a quiz (short random id, kept across edits). */
  id: string;
  type: QuestionType;
  prompt: string;
  /** truefalse: two options, texts "True" / "False". */
  options: { id: string; text: string }[];
}

/** GET /api/quizzes/:id — the learner's view (enrolled or licensed; admins too). */
export interface QuizDto {
  id: number;
  courseId: number;
  courseTitle: string;
  title: string;
  /** The module it follows; null = at the end of the course. */
  afterModuleId: number | null;
  /** The course's, percent 1–100. */
  passMark: number;
  /** This quiz is the course's final one and the certificate requires passing it. */
  requiredForCertificate: boolean;
  /**
   * The questions drawn for the caller's next attempt, options in the order to show them. The
   * same until an attempt is submitted (a reload draws nothing new); empty while `retryAt` is set.
   */
  questions: QuizQuestionDto[];
  /** Percent, the caller's best; null before any attempt. */
  bestScore: number | null;
  passed: boolean;
  attemptCount: number;
  /** Minutes a learner waits after a failed attempt before the next; 0: no wait. */
  retryWaitMinutes: number;
  /** ISO: the caller's next attempt opens then (after a failed one); null: it is open now. */
  retryAt: string | null;
  /** Seconds until `retryAt` by the server's clock, for a countdown that trusts no device clock; 0 when open. */
  retryInSeconds: number;
}

/**
 * One question's outcome, only ever in an answer to a submitted attempt. Until the learner has
 * passed the quiz (`keyShown: false` on the attempt) it says whether the question was right and
 * what was chosen, never which options are correct: no `correct` on the options, no explanation.
 */
export interface QuestionResultDto {
  questionId: string;
  prompt: string;
  type: QuestionType;
  /** In the order they were shown; `correct` only once the key is shown. */
  options: { id: string; text: string; correct?: boolean }[];
  selectedOptionIds: string[];
  correct: boolean;
  /** Only once the key is shown (null: the admin wrote none). */
  explanation?: string | null;
}

export interface QuizAttemptDto {
  id: number;
  quizId: number;
  /** Percent, rounded down. */
  score: number;
  correctCount: number;
  questionCount: number;
  passed: boolean;
  /** ISO. */
  submittedAt: string;
  /** The correct options and explanations are in `results`: the learner has passed this quiz. */
  keyShown: boolean;
  /** The questions this attempt was served, in order. */
  results: QuestionResultDto[];
}

/** POST /api/quizzes/:id/attempts — 201. */
export interface QuizAttemptResultDto {
  attempt: QuizAttemptDto;
  bestScore: number;
  /** Ever passed (best). */
  passed: boolean;
  /** Every step needed for the certificate is done. */
  courseCompleted: boolean;
  certificateNumber: string | null;
  /** ISO: when the next attempt opens (this one failed and the quiz has a wait); null: now. */
  retryAt: string | null;
  /** Seconds until `retryAt` by the server's clock; 0 when open. */
  retryInSeconds: number;
}

/** A quiz in a course's list (GET /api/courses/:id/quizzes). */
export interface QuizSummaryDto {
  id: number;
  title: string;
  afterModuleId: number | null;
  /** How many questions an attempt asks (drawn from more when the quiz draws). */
  questionCount: number;
  requiredForCertificate: boolean;
  /** Null for visitors / admins without attempts. */
  bestScore: number | null;
  passed: boolean;
}

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

export interface QuizEditDto {
  id: number;
  courseId: number;
  /** 1–200 chars. */
  title: string;
  afterModuleId: number | null;
  questions: (QuizEditQuestion & { id: string; options: { id: string; text: string; correct: boolean }[] })[];
  version: number;
  attemptCount: number;
  questionsPerAttempt: number | null;
  shuffleOptions: boolean;
  retryWaitMinutes: number;
}

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
