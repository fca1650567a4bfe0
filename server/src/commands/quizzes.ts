import { DEFAULT_PASS_MARK, type QuizInputParsed } from '@atrium/common';
import type { Knex } from 'knex';
import { dialectOf } from '../db/knex.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import { badRequest, notFound } from '../errors.ts';
import { checkAnswers, gradeAnswers, newStableId, type StoredAnswer, type StoredQuestion } from '../models/quizzes.ts';
import { liveQuiz, type LiveQuiz } from '../queries/quizzes.ts';
import { writeCatalogue, type CatalogueCommandDeps } from './catalogue/write.ts';
import { completeCourseIfDone, lockEnrollment } from './courseCompletion.ts';

const QUIZ_NOT_FOUND = 'Quiz not found';

/**
 * The edited questions with their stable ids: an id sent must be one of the current version's
 * (a question or option keeps its id across edits, so attempts can be read against any version);
 * a new question or option gets a fresh one.
 */
function storedQuestions(input: QuizInputParsed['questions'], previous: readonly StoredQuestion[]): StoredQuestion[] {
  const known = new Map(previous.map((question) => [question.id, question]));
  return input.map((question, index) => {
    const before = question.id === undefined ? undefined : known.get(question.id);
    if (question.id !== undefined && !before) throw badRequest('A question id is not one of this quiz’s', { [`questions.${index}.id`]: 'Unknown question id' });
    const optionIds = new Set(before?.options.map((option) => option.id) ?? []);
    return {
      id: question.id ?? newStableId(),
      type: question.type,
      prompt: question.prompt,
      explanation: question.explanation ?? null,
      options: question.options.map((option, optionIndex) => {
        if (option.id !== undefined && !optionIds.has(option.id))
          throw badRequest('An option id is not one of this question’s', { [`questions.${index}.options.${optionIndex}.id`]: 'Unknown option id' });
        return { id: option.id ?? newStableId(), text: option.text, correct: option.correct };
      }),
    };
  });
}

/** A quiz follows a module of its own course, or comes at the end (null). */
async function checkPlacement(trx: Knex.Transaction, courseId: number, afterModuleId: number | null): Promise<void> {
  if (afterModuleId === null) return;
  const module = await trx('modules').where({ id: afterModuleId, courseId }).first('id');
  if (!module) throw badRequest('The quiz must follow a module of this course', { afterModuleId: 'Not a module of this course' });
}

export async function createQuiz(deps: CatalogueCommandDeps, courseId: number, input: QuizInputParsed): Promise<number> {
  return writeCatalogue(deps, async (trx) => {
    if (!(await trx('courses').where({ id: courseId }).first('id'))) throw notFound('Course not found');
    await checkPlacement(trx, courseId, input.afterModuleId);
    const now = deps.clock.now().getTime();
    const questions = storedQuestions(input.questions, []);
    const quiz = await insertAndFetch(trx, 'quizzes', {
      courseId,
      afterModuleId: input.afterModuleId,
      title: input.title,
      version: 1,
      questionCount: questions.length,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    await trx('quizVersions').insert({ quizId: quiz.id, version: 1, questions: JSON.stringify(questions), createdAt: now });
    return Number(quiz.id);
  });
}

/** Stores the edit as a new version: recorded attempts keep the version they answered. */
export async function updateQuiz(deps: CatalogueCommandDeps, courseId: number, quizId: number, input: QuizInputParsed): Promise<void> {
  await writeCatalogue(deps, async (trx) => {
    const current = await lockedQuiz(trx, courseId, quizId);
    await checkPlacement(trx, courseId, input.afterModuleId);
    const now = deps.clock.now().getTime();
    const questions = storedQuestions(input.questions, current.questions);
    const version = Number(current.quiz.version) + 1;
    await trx('quizVersions').insert({ quizId, version, questions: JSON.stringify(questions), createdAt: now });
    await trx('quizzes')
      .where({ id: quizId })
      .update({ title: input.title, afterModuleId: input.afterModuleId, version, questionCount: questions.length, updatedAt: now });
  });
}

/** Hides the quiz: its attempts, results and the certificates issued on them keep their history. */
export async function deleteQuiz(deps: CatalogueCommandDeps, courseId: number, quizId: number): Promise<void> {
  await writeCatalogue(deps, async (trx) => {
    await lockedQuiz(trx, courseId, quizId);
    const now = deps.clock.now().getTime();
    await trx('quizzes').where({ id: quizId }).update({ deletedAt: now, updatedAt: now });
  });
}

/** The quiz of this course, locked against a concurrent edit (MySQL; SQLite has one writer). */
async function lockedQuiz(trx: Knex.Transaction, courseId: number, quizId: number): Promise<LiveQuiz> {
  if (dialectOf(trx) === 'mysql') await trx('quizzes').where({ id: quizId }).forUpdate().first('id');
  const live = await liveQuiz(trx, quizId);
  if (!live || Number(live.quiz.courseId) !== courseId) throw notFound(QUIZ_NOT_FOUND);
  return live;
}

export interface SubmittedAttempt {
  attemptId: number;
  bestScore: number;
  passed: boolean;
  courseCompleted: boolean;
  certificateNumber: string | null;
}

/**
 * Grades an attempt on the server and stores it with the learner's best result, then, in the
 * same transaction, issues the certificate when this attempt completes the course (every module
 * done, the final quiz passed when the course requires it, every assignment complete): whichever
 * step comes last issues it. Serialised per learner and course by the enrollment
 * row lock, as the progress path is. Bad answers: 400 naming the field, nothing written.
 */
export async function submitAttempt(db: Knex, input: { userId: number; quizId: number; answers: StoredAnswer[]; now: number }): Promise<SubmittedAttempt> {
  return retryOnDeadlock(() =>
    db.transaction(async (trx) => {
      const live = await liveQuiz(trx, input.quizId);
      if (!live) throw notFound(QUIZ_NOT_FOUND);
      const courseId = Number(live.quiz.courseId);
      const checked = checkAnswers(live.questions, input.answers);
      if ('field' in checked) throw badRequest(checked.message, { [checked.field]: checked.message });
      await lockEnrollment(trx, input.userId, courseId);
      // Graded against the course's pass mark of the moment, stored on the attempt.
      const passMark = Number((await trx('courses').where({ id: courseId }).first('passMark'))?.passMark ?? DEFAULT_PASS_MARK);
      const grade = gradeAnswers(live.questions, checked);
      const passed = grade.score >= passMark;
      const [attemptId] = await trx('quizAttempts').insert({
        quizId: input.quizId,
        versionId: live.versionId,
        userId: input.userId,
        courseId,
        answers: JSON.stringify(checked),
        score: grade.score,
        correctCount: grade.correctCount,
        questionCount: grade.questionCount,
        passMark,
        passed,
        submittedAt: input.now,
      });
      const previous = await trx('quizResults').where({ userId: input.userId, quizId: input.quizId }).first('bestScore', 'passed', 'attemptCount');
      const bestScore = Math.max(grade.score, Number(previous?.bestScore ?? 0));
      const everPassed = passed || Boolean(previous && Number(previous.passed));
      if (previous)
        await trx('quizResults')
          .where({ userId: input.userId, quizId: input.quizId })
          .update({ bestScore, passed: everPassed, attemptCount: Number(previous.attemptCount) + 1, updatedAt: input.now });
      else
        await trx('quizResults').insert({
          userId: input.userId,
          quizId: input.quizId,
          courseId,
          bestScore,
          passed: everPassed,
          attemptCount: 1,
          updatedAt: input.now,
        });
      const { courseCompleted, certificateNumber } = await completeCourseIfDone(trx, input.userId, courseId, input.now);
      return { attemptId: Number(attemptId), bestScore, passed: everPassed, courseCompleted, certificateNumber };
    }),
  );
}
