import { randomBytes, randomInt } from 'node:crypto';
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

/** A question served to a learner for an attempt: its id and its options' ids in the order shown. */
export interface ServedQuestion {
  questionId: string;
  optionIds: string[];
}

export function parseServed(json: string): ServedQuestion[] {
  return JSON.parse(json) as ServedQuestion[];
}

/** How a quiz draws each attempt (issue 50). */
export interface DrawSettings {
  /** Null: every question. */
  questionsPerAttempt: number | null;
  shuffleOptions: boolean;
}

/** The questions an attempt asks: the draw's size, or every question. */
export const askedCount = (settings: Pick<DrawSettings, 'questionsPerAttempt'>, questionCount: number): number =>
  settings.questionsPerAttempt === null ? questionCount : Math.min(settings.questionsPerAttempt, questionCount);

/** Every question in the quiz's order with its options in theirs: what a quiz that neither draws nor shuffles serves. */
export const servedInOrder = (questions: readonly StoredQuestion[]): ServedQuestion[] =>
  questions.map((question) => ({ questionId: question.id, optionIds: question.options.map((option) => option.id) }));

/**
 * An attempt's questions, drawn on the server with a cryptographic generator (a learner can
 * neither pick nor predict them): `questionsPerAttempt` of them chosen at random, kept in the
 * quiz's order; each question's options shuffled when the quiz says so (true/false keeps True
 * before False, as anyone would expect to read it).
 */
export function drawQuestions(questions: readonly StoredQuestion[], settings: DrawSettings, random: (max: number) => number = randomInt): ServedQuestion[] {
  const count = askedCount(settings, questions.length);
  const indexes = questions.map((_, index) => index);
  // A partial Fisher–Yates: the first `count` places end up a uniform random choice.
  for (let i = 0; i < count; i += 1) {
    const j = i + random(indexes.length - i);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  const chosen = indexes.slice(0, count).sort((a, b) => a - b);
  return chosen.map((index) => {
    const question = questions[index]!;
    const optionIds = question.options.map((option) => option.id);
    if (settings.shuffleOptions && question.type !== 'truefalse') {
      for (let i = optionIds.length - 1; i > 0; i -= 1) {
        const j = random(i + 1);
        [optionIds[i], optionIds[j]] = [optionIds[j]!, optionIds[i]!];
      }
    }
    return { questionId: question.id, optionIds };
  });
}

/**
 * The served questions, in the order served, each with its options in the order shown. A question
 * or option no longer in `questions` is left out (never the case for a draw of the same version).
 * `served` null: every question in the version's order (attempts recorded before draws existed).
 */
export function servedQuestions(questions: readonly StoredQuestion[], served: readonly ServedQuestion[] | null): StoredQuestion[] {
  if (served === null) return [...questions];
  const byId = new Map(questions.map((question) => [question.id, question]));
  return served.flatMap((entry) => {
    const question = byId.get(entry.questionId);
    if (!question) return [];
    const options = new Map(question.options.map((option) => [option.id, option]));
    const ordered = entry.optionIds.map((optionId) => options.get(optionId)).filter((option) => option !== undefined);
    return [{ ...question, options: ordered.length === question.options.length ? ordered : question.options }];
  });
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

/**
 * When a learner's next attempt opens (ms), or null when it is open now: after a failed attempt
 * the quiz's wait applies (issue 50; 0 minutes: no wait), after a passed one never.
 */
export function retryOpensAt(last: { passed: boolean; submittedAt: number } | undefined, retryWaitMinutes: number, now: number): number | null {
  if (!last || last.passed || retryWaitMinutes <= 0) return null;
  const opens = last.submittedAt + retryWaitMinutes * 60_000;
  return opens > now ? opens : null;
}
