import type { QuestionResultDto, QuizAttemptDto, QuizDto, QuizEditDto, QuizQuestionDto, QuizSummaryDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { QuizAttempt } from '../db/tables.ts';
import type { CatalogueQuiz } from '../models/quizSteps.ts';
import { parseAnswers, parseQuestions, parseServed, servedQuestions, type StoredQuestion } from '../models/quizzes.ts';

// Which options are correct and the explanations leave the server only in the results of a
// learner who has passed the quiz (presentAttempt with keyShown) and on the admin's edit routes
// (presentQuizEdit); every learner-facing shape here is built field by field from the stored
// question, never spread from it.

export function presentQuestion(question: StoredQuestion): QuizQuestionDto {
  return {
    id: question.id,
    type: question.type,
    prompt: question.prompt,
    options: question.options.map((option) => ({ id: option.id, text: option.text })),
  };
}

export function presentQuiz(input: {
  quiz: { id: number; courseId: number; title: string; afterModuleId: number | null };
  courseTitle: string;
  passMark: number;
  requiredForCertificate: boolean;
  /** The questions drawn for the caller's next attempt (none while they wait). */
  questions: readonly StoredQuestion[];
  result: { bestScore: number; passed: boolean; attemptCount: number } | undefined;
  retryWaitMinutes: number;
  retry: RetryDto;
}): QuizDto {
  return {
    id: Number(input.quiz.id),
    courseId: Number(input.quiz.courseId),
    courseTitle: input.courseTitle,
    title: input.quiz.title,
    afterModuleId: input.quiz.afterModuleId === null ? null : Number(input.quiz.afterModuleId),
    passMark: input.passMark,
    requiredForCertificate: input.requiredForCertificate,
    questions: input.questions.map(presentQuestion),
    bestScore: input.result?.bestScore ?? null,
    passed: input.result?.passed ?? false,
    attemptCount: input.result?.attemptCount ?? 0,
    retryWaitMinutes: input.retryWaitMinutes,
    ...input.retry,
  };
}

export interface RetryDto {
  retryAt: string | null;
  retryInSeconds: number;
}

/** When the next attempt opens, as the DTOs say it: an instant and the seconds until it by the server's clock. */
export function presentRetry(opensAt: number | null, now: number): RetryDto {
  return opensAt === null ? { retryAt: null, retryInSeconds: 0 } : { retryAt: toIso(opensAt)!, retryInSeconds: Math.ceil((opensAt - now) / 1000) };
}

/**
 * An attempt with each question it was served marked right or wrong, read against the version it
 * answered. The key (which options are correct, and the explanations) only when `keyShown`: the
 * learner has passed this quiz. Before that, a failed attempt says which questions were wrong and
 * what was chosen, nothing that tells the right options apart.
 */
export function presentAttempt(attempt: QuizAttempt & { questionsJson: string }, keyShown: boolean): QuizAttemptDto {
  const questions = servedQuestions(parseQuestions(attempt.questionsJson), attempt.served ? parseServed(attempt.served) : null);
  const answers = new Map(parseAnswers(attempt.answers).map((answer) => [answer.questionId, answer.optionIds]));
  const results: QuestionResultDto[] = questions.map((question) => {
    const selected = answers.get(question.id) ?? [];
    const right = question.options.filter((option) => option.correct).map((option) => option.id);
    const outcome = {
      questionId: question.id,
      prompt: question.prompt,
      type: question.type,
      selectedOptionIds: [...selected],
      correct: right.length === selected.length && right.every((optionId) => selected.includes(optionId)),
    };
    return keyShown
      ? {
          ...outcome,
          options: question.options.map((option) => ({ id: option.id, text: option.text, correct: option.correct })),
          explanation: question.explanation,
        }
      : { ...outcome, options: question.options.map((option) => ({ id: option.id, text: option.text })) };
  });
  return {
    id: Number(attempt.id),
    quizId: Number(attempt.quizId),
    score: Number(attempt.score),
    correctCount: Number(attempt.correctCount),
    questionCount: Number(attempt.questionCount),
    passed: Boolean(Number(attempt.passed)),
    submittedAt: toIso(attempt.submittedAt)!,
    keyShown,
    results,
  };
}

export function presentQuizSummary(
  quiz: Readonly<CatalogueQuiz>,
  requiredForCertificate: boolean,
  result: { bestScore: number; passed: boolean } | undefined,
): QuizSummaryDto {
  return {
    id: quiz.id,
    title: quiz.title,
    afterModuleId: quiz.afterModuleId,
    questionCount: quiz.questionCount,
    requiredForCertificate,
    bestScore: result?.bestScore ?? null,
    passed: result?.passed ?? false,
  };
}

export function presentQuizEdit(
  quiz: { id: number; courseId: number; title: string; afterModuleId: number | null; version: number },
  settings: { questionsPerAttempt: number | null; shuffleOptions: boolean; retryWaitMinutes: number },
  questions: readonly StoredQuestion[],
  attemptCount: number,
): QuizEditDto {
  return {
    id: Number(quiz.id),
    courseId: Number(quiz.courseId),
    title: quiz.title,
    afterModuleId: quiz.afterModuleId === null ? null : Number(quiz.afterModuleId),
    questions: questions.map((question) => ({
      id: question.id,
      type: question.type,
      prompt: question.prompt,
      explanation: question.explanation,
      options: question.options.map((option) => ({ id: option.id, text: option.text, correct: option.correct })),
    })),
    version: Number(quiz.version),
    attemptCount,
    questionsPerAttempt: settings.questionsPerAttempt,
    shuffleOptions: settings.shuffleOptions,
    retryWaitMinutes: settings.retryWaitMinutes,
  };
}
