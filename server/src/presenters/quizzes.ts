import type { QuestionResultDto, QuizAttemptDto, QuizDto, QuizEditDto, QuizQuestionDto, QuizSummaryDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { QuizAttempt } from '../db/tables.ts';
import type { CatalogueQuiz } from '../models/quizSteps.ts';
import { parseAnswers, parseQuestions, type StoredQuestion } from '../models/quizzes.ts';

// Which options are correct and the explanations leave the server only in an attempt's results
// (presentAttempt) and on the admin's edit routes (presentQuizEdit); every learner-facing shape
// here is built field by field from the stored question, never spread from it.

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
  questions: readonly StoredQuestion[];
  result: { bestScore: number; passed: boolean; attemptCount: number } | undefined;
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
  };
}

/** An attempt with each question's outcome, read against the version it answered. */
export function presentAttempt(attempt: QuizAttempt & { questionsJson: string }): QuizAttemptDto {
  const questions = parseQuestions(attempt.questionsJson);
  const answers = new Map(parseAnswers(attempt.answers).map((answer) => [answer.questionId, answer.optionIds]));
  const results: QuestionResultDto[] = questions.map((question) => {
    const selected = answers.get(question.id) ?? [];
    const right = question.options.filter((option) => option.correct).map((option) => option.id);
    return {
      questionId: question.id,
      prompt: question.prompt,
      type: question.type,
      options: question.options.map((option) => ({ id: option.id, text: option.text, correct: option.correct })),
      selectedOptionIds: [...selected],
      correct: right.length === selected.length && right.every((optionId) => selected.includes(optionId)),
      explanation: question.explanation,
    };
  });
  return {
    id: Number(attempt.id),
    quizId: Number(attempt.quizId),
    score: Number(attempt.score),
    correctCount: Number(attempt.correctCount),
    questionCount: Number(attempt.questionCount),
    passed: Boolean(Number(attempt.passed)),
    submittedAt: toIso(attempt.submittedAt)!,
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
  };
}
