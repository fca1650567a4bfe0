import { DEFAULT_PASS_MARK, type QuizInputParsed } from '@atrium/common';
import type { Knex } from 'knex';
import { dialectOf } from '../db/knex.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import {
  askedCount,
  checkAnswers,
  drawQuestions,
  gradeAnswers,
  newStableId,
  retryOpensAt,
  servedInOrder,
  servedQuestions,
  type ServedQuestion,
  type StoredAnswer,
  type StoredQuestion,
} from '../models/quizzes.ts';
import { drawSettingsOf, lastAttemptOf, liveQuiz, openDraw, type LiveQuiz } from '../queries/quizzes.ts';
import { writeCatalogue, type CatalogueCommandDeps } from './catalogue/write.ts';
import { completeCourseIfDone, lockEnrollment, lockLearner } from './courseCompletion.ts';

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

/** The draw settings as stored: defaults for what the request left out (a quiz that asks every question, in order, without a wait). */
function attemptSettings(input: QuizInputParsed) {
  return {
    questionsPerAttempt: input.questionsPerAttempt ?? null,
    shuffleOptions: input.shuffleOptions ?? false,
    retryWaitMinutes: input.retryWaitMinutes ?? 0,
  };
}

export async function createQuiz(deps: CatalogueCommandDeps, courseId: number, input: QuizInputParsed): Promise<number> {
  return writeCatalogue(deps, async (trx) => {
    if (!(await trx('courses').where({ id: courseId }).first('id'))) throw notFound('Course not found');
    await checkPlacement(trx, courseId, input.afterModuleId);
    const now = deps.clock.now().getTime();
    const questions = storedQuestions(input.questions, []);
    const settings = attemptSettings(input);
    const quiz = await insertAndFetch(trx, 'quizzes', {
      courseId,
      afterModuleId: input.afterModuleId,
      title: input.title,
      version: 1,
      questionCount: askedCount(settings, questions.length),
      ...settings,
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
    const settings = attemptSettings(input);
    await trx('quizVersions').insert({ quizId, version, questions: JSON.stringify(questions), createdAt: now });
    // The open draws were made from the old version: each learner's next read draws again.
    await trx('quizDraws').where({ quizId }).delete();
    await trx('quizzes')
      .where({ id: quizId })
      .update({
        title: input.title,
        afterModuleId: input.afterModuleId,
        version,
        questionCount: askedCount(settings, questions.length),
        ...settings,
        updatedAt: now,
      });
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

/** When the learner's next attempt opens (ms), or null: now. */
export async function retryOpensFor(db: Knex | Knex.Transaction, userId: number, live: LiveQuiz, now: number): Promise<number | null> {
  return retryOpensAt(await lastAttemptOf(db, userId, Number(live.quiz.id)), drawSettingsOf(live.quiz).retryWaitMinutes, now);
}

/**
 * The questions served for the learner's next attempt (issue 50): the open draw when it was made
 * from the current version, else a new one, stored before it is shown. Reading the quiz again
 * shows the same questions until an attempt is submitted, so reloading never draws again. Two
 * reads at once store one draw (the second insert is ignored) and both show it.
 */
export async function drawForAttempt(db: Knex, userId: number, live: LiveQuiz, now: number): Promise<StoredQuestion[]> {
  const quizId = Number(live.quiz.id);
  let draw = await openDraw(db, userId, quizId);
  if (!draw || draw.versionId !== live.versionId) {
    if (draw) await db('quizDraws').where({ userId, quizId, versionId: draw.versionId }).delete();
    const served = drawQuestions(live.questions, drawSettingsOf(live.quiz));
    await db('quizDraws')
      .insert({ userId, quizId, versionId: live.versionId, served: JSON.stringify(served), createdAt: now })
      .onConflict(['userId', 'quizId'])
      .ignore();
    draw = await openDraw(db, userId, quizId);
  }
  return draw && draw.versionId === live.versionId ? servedQuestions(live.questions, draw.served) : [];
}

/** "in 25 minutes", "in 2 hours 5 minutes": how long until a wait ends, rounded up to the minute. */
export function waitInWords(milliseconds: number): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return `in ${part(minutes, 'minute')}`;
  return rest === 0 ? `in ${part(hours, 'hour')}` : `in ${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/**
 * What this attempt was served, read in the transaction: the learner's open draw of the current
 * version. Without one, a quiz that asks every question in order (no draw, no shuffle) serves them
 * all, as before draws existed; a quiz that draws refuses, so nobody chooses their questions.
 */
async function servedFor(trx: Knex.Transaction, userId: number, live: LiveQuiz): Promise<ServedQuestion[]> {
  const draw = await openDraw(trx, userId, Number(live.quiz.id));
  if (draw?.versionId === live.versionId) return draw.served;
  const settings = drawSettingsOf(live.quiz);
  if (!draw && askedCount(settings, live.questions.length) === live.questions.length) return servedInOrder(live.questions);
  throw conflict(
    draw
      ? 'This quiz was changed after you opened it: reload the page to get its questions.'
      : 'Open the quiz to get your questions, then send your answers to them.',
  );
}

export interface SubmittedAttempt {
  attemptId: number;
  bestScore: number;
  passed: boolean;
  courseCompleted: boolean;
  certificateNumber: string | null;
  /** When the next attempt opens (ms; this one failed and the quiz has a wait), or null. */
  retryOpensAt: number | null;
}

/**
 * Grades an attempt on the server against the questions it was served (issue 50) and stores it
 * with the learner's best result, then, in the same transaction, issues the certificate when
 * this attempt completes the course (every module done, the final quiz passed when the course
 * requires it, every assignment complete): whichever step comes last issues it. Serialised per
 * learner (lockLearner, then the enrollment's lock as the progress path takes it), so two submissions at
 * once cannot both use one draw or both slip past the wait. Before the wait after a failed
 * attempt is over: 409 with Retry-After. Bad answers: 400 naming the field, nothing written.
 */
export async function submitAttempt(db: Knex, input: { userId: number; quizId: number; answers: StoredAnswer[]; now: number }): Promise<SubmittedAttempt> {
  return retryOnDeadlock(() =>
    db.transaction(async (trx) => {
      await lockLearner(trx, input.userId);
      const live = await liveQuiz(trx, input.quizId);
      if (!live) throw notFound(QUIZ_NOT_FOUND);
      const courseId = Number(live.quiz.courseId);
      await lockEnrollment(trx, input.userId, courseId);
      const opens = await retryOpensFor(trx, input.userId, live, input.now);
      if (opens !== null) {
        const wait = opens - input.now;
        throw new HttpError(409, 'conflict', `You can try this knowledge check again ${waitInWords(wait)}.`, undefined, {
          'Retry-After': String(Math.ceil(wait / 1000)),
        });
      }
      const served = await servedFor(trx, input.userId, live);
      const questions = servedQuestions(live.questions, served);
      const checked = checkAnswers(questions, input.answers);
      if ('field' in checked) throw badRequest(checked.message, { [checked.field]: checked.message });
      // Graded against the course's pass mark of the moment, stored on the attempt.
      const passMark = Number((await trx('courses').where({ id: courseId }).first('passMark'))?.passMark ?? DEFAULT_PASS_MARK);
      const grade = gradeAnswers(questions, checked);
      const passed = grade.score >= passMark;
      const [attemptId] = await trx('quizAttempts').insert({
        quizId: input.quizId,
        versionId: live.versionId,
        userId: input.userId,
        courseId,
        answers: JSON.stringify(checked),
        served: JSON.stringify(served),
        score: grade.score,
        correctCount: grade.correctCount,
        questionCount: grade.questionCount,
        passMark,
        passed,
        submittedAt: input.now,
      });
      // The draw is used up: the next attempt gets new questions.
      await trx('quizDraws').where({ userId: input.userId, quizId: input.quizId }).delete();
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
      const waitMinutes = drawSettingsOf(live.quiz).retryWaitMinutes;
      return {
        attemptId: Number(attemptId),
        bestScore,
        passed: everPassed,
        courseCompleted,
        certificateNumber,
        retryOpensAt: retryOpensAt({ passed, submittedAt: input.now }, waitMinutes, input.now),
      };
    }),
  );
}
