import { randomBytes } from 'node:crypto';
import type { QuestionType } from '@atrium/common';

/** A question as stored in a quiz version's JSON snapshot (never sent to a learner before they answer). */
export interface StoredQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  explanation: string | null;
  options: { id: string; text: string; correct: boolean }[];
}

export interface StoredAnswer {
  questionId: string;
  optionIds: string[];
}

/** Short random ids for questions and options: stable across edits, unguessable is not needed. */
export const newStableId = (): string => randomBytes(6).toString('base64url');

export function parseQuestions(json: string): StoredQuestion[] {
  return JSON.parse(json) as StoredQuestion[];
}

export function parseAnswers(json: string): StoredAnswer[] {
  return JSON.parse(json) as StoredAnswer[];
}

/** Why an attempt's answers cannot be graded: the field and the reason, for a 400. */
export interface AnswerProblem {
  field: string;
  message: string;
}

/**
 * Checks a learner's answers against the version they answer (QUIZ-CONTRACT.md's bad input):
 * every question answered once, only its own options, no option twice, single-choice and
 * true/false with exactly one option. Answers the answers in question order.
 */
export function checkAnswers(questions: readonly StoredQuestion[], answers: readonly StoredAnswer[]): StoredAnswer[] | AnswerProblem {
  const byQuestion = new Map<string, StoredAnswer>();
  const known = new Map(questions.map((question) => [question.id, question]));
  for (const [index, answer] of answers.entries()) {
    const question = known.get(answer.questionId);
    if (!question) return { field: `answers.${index}.questionId`, message: 'This question is not in the quiz' };
    if (byQuestion.has(answer.questionId)) return { field: `answers.${index}.questionId`, message: 'Answer each question once' };
    if (new Set(answer.optionIds).size !== answer.optionIds.length) return { field: `answers.${index}.optionIds`, message: 'An option is chosen twice' };
    const options = new Set(question.options.map((option) => option.id));
    if (answer.optionIds.some((optionId) => !options.has(optionId)))
      return { field: `answers.${index}.optionIds`, message: 'An option chosen is not one of the question’s' };
    if (answer.optionIds.length === 0) return { field: `answers.${index}.optionIds`, message: 'Answer every question' };
    if (question.type !== 'multiple' && answer.optionIds.length !== 1)
      return { field: `answers.${index}.optionIds`, message: 'Choose exactly one option for this question' };
    byQuestion.set(answer.questionId, answer);
  }
  const missing = questions.find((question) => !byQuestion.has(question.id));
  if (missing) return { field: 'answers', message: 'Answer every question' };
  return questions.map((question) => byQuestion.get(question.id)!);
}

export interface Grade {
  correctCount: number;
  questionCount: number;
  /** Percent, rounded down. */
  score: number;
  /** Per question, in question order. */
  correct: boolean[];
}

/** A question is right when the options chosen are exactly its correct ones (multiple choice: all of them, nothing else). */
export function gradeAnswers(questions: readonly StoredQuestion[], answers: readonly StoredAnswer[]): Grade {
  const chosen = new Map(answers.map((answer) => [answer.questionId, new Set(answer.optionIds)]));
  const correct = questions.map((question) => {
    const picked = chosen.get(question.id) ?? new Set<string>();
    const right = question.options.filter((option) => option.correct).map((option) => option.id);
    return right.length === picked.size && right.every((optionId) => picked.has(optionId));
  });
  const correctCount = correct.filter(Boolean).length;
  const questionCount = questions.length;
  return { correctCount, questionCount, score: questionCount ? Math.floor((100 * correctCount) / questionCount) : 0, correct };
}
