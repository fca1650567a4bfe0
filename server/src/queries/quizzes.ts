import type { Knex } from 'knex';
import { dbBoolean, type Db, type DbBoolean } from '../db/knex.ts';
import type { Quiz, QuizAttempt } from '../db/tables.ts';
import { parseQuestions, parseServed, type DrawSettings, type ServedQuestion, type StoredQuestion } from '../models/quizzes.ts';

type Reader = Db | Knex.Transaction;

/** A quiz that is not deleted, with its current version's questions. */
export interface LiveQuiz {
  quiz: Quiz;
  versionId: number;
  questions: StoredQuestion[];
}

export async function liveQuiz(db: Reader, quizId: number): Promise<LiveQuiz | undefined> {
  const row = await db('quizzes as q')
    .join('quizVersions as v', function joinCurrent() {
      this.on('v.quizId', '=', 'q.id').andOn('v.version', '=', 'q.version');
    })
    .whereNull('q.deletedAt')
    .where('q.id', quizId)
    .first('q.*', 'v.id as versionId', 'v.questions as questionsJson');
  if (!row) return undefined;
  const { versionId, questionsJson, ...quiz } = row as Quiz & { versionId: number; questionsJson: string };
  return { quiz, versionId: Number(versionId), questions: parseQuestions(questionsJson) };
}

/** How a quiz draws each attempt and how long a failed one waits, from its row. */
export function drawSettingsOf(quiz: Quiz): DrawSettings & { retryWaitMinutes: number } {
  return {
    questionsPerAttempt: quiz.questionsPerAttempt === null || quiz.questionsPerAttempt === undefined ? null : Number(quiz.questionsPerAttempt),
    shuffleOptions: dbBoolean(quiz.shuffleOptions),
    retryWaitMinutes: Number(quiz.retryWaitMinutes ?? 0),
  };
}

/** The questions drawn for the learner's next attempt on a quiz, with the version they were drawn from. */
export async function openDraw(db: Reader, userId: number, quizId: number): Promise<{ versionId: number; served: ServedQuestion[] } | undefined> {
  const row = await db('quizDraws').where({ userId, quizId }).first('versionId', 'served');
  return row ? { versionId: Number(row.versionId), served: parseServed(row.served) } : undefined;
}

/** The learner's latest attempt on a quiz (its pass and time), for the wait after a failed one. */
export async function lastAttemptOf(db: Reader, userId: number, quizId: number): Promise<{ passed: boolean; submittedAt: number } | undefined> {
  const row = await db('quizAttempts').where({ userId, quizId }).orderBy('id', 'desc').first('passed', 'submittedAt');
  return row ? { passed: dbBoolean(row.passed), submittedAt: Number(row.submittedAt) } : undefined;
}

export interface QuizStandingRow {
  bestScore: number;
  passed: boolean;
  attemptCount: number;
}

/** The caller's best score, pass and attempt count on one quiz (undefined before any attempt). */
export async function quizResultOf(db: Reader, userId: number, quizId: number): Promise<QuizStandingRow | undefined> {
  const row = await db('quizResults').where({ userId, quizId }).first('bestScore', 'passed', 'attemptCount');
  return row ? { bestScore: Number(row.bestScore), passed: dbBoolean(row.passed), attemptCount: Number(row.attemptCount) } : undefined;
}

/** The caller's results on a course's quizzes, by quiz id: one indexed read. */
export async function quizResultsForCourse(db: Reader, userId: number, courseId: number): Promise<Map<number, { bestScore: number; passed: boolean }>> {
  const rows = await db('quizResults').where({ userId, courseId }).select('quizId', 'bestScore', 'passed');
  return new Map(rows.map((row) => [Number(row.quizId), { bestScore: Number(row.bestScore), passed: dbBoolean(row.passed) }]));
}

/** Attempts recorded on a quiz (any version, any learner): the admin's "N attempts keep their version". */
export async function attemptCountOf(db: Reader, quizId: number): Promise<number> {
  const row = await db('quizAttempts').where({ quizId }).count({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export type AttemptWithQuestions = QuizAttempt & { questionsJson: string };

/** The caller's own attempts on a quiz, newest first, each with the version it answered. */
export async function attemptsOf(db: Reader, userId: number, quizId: number): Promise<AttemptWithQuestions[]> {
  return db('quizAttempts as a')
    .join('quizVersions as v', 'v.id', 'a.versionId')
    .where({ 'a.userId': userId, 'a.quizId': quizId })
    .orderBy('a.id', 'desc')
    .select('a.*', 'v.questions as questionsJson');
}

export async function attemptById(db: Reader, attemptId: number): Promise<AttemptWithQuestions | undefined> {
  return db('quizAttempts as a').join('quizVersions as v', 'v.id', 'a.versionId').where('a.id', attemptId).first('a.*', 'v.questions as questionsJson');
}

/** A quiz of a course that is not deleted, for the admin routes (undefined when it is another course's). */
export async function courseQuiz(db: Reader, courseId: number, quizId: number): Promise<LiveQuiz | undefined> {
  const live = await liveQuiz(db, quizId);
  return live && Number(live.quiz.courseId) === courseId ? live : undefined;
}

/**
 * What the certificate needs of a course's quizzes for one learner (issue 36): whether the
 * course requires its final quiz, which quiz that is (the last in step order: the ones at the
 * end, or after a module no longer in the course, by id; else the one after the last module)
 * and the learner's best score and pass on it. Read within the certificate's gate
 * (completionGate.ts), from quizGateRows.
 */
export interface QuizGate {
  required: boolean;
  finalQuizId: number | null;
  bestScore: number | null;
  passed: boolean;
}

/** A row of quizGateRows: the course's, with one of its live quizzes (none: the quiz's columns null). */
export interface QuizGateRow {
  quizRequired?: DbBoolean;
  id: number | null;
  moduleId: number | null;
  orderIndex: number | null;
  bestScore: number | null;
  passed?: DbBoolean;
}

/**
 * The course's row with each of its live quizzes, where each is placed and the learner's result
 * on it, as a statement the caller may add columns of the course to (the certificate's gate
 * reads it in the same round trip as the modules and assignments left).
 */
export function quizGateRows(db: Reader, userId: number, courseId: number) {
  return db('courses as c')
    .leftJoin('quizzes as q', function live() {
      this.on('q.courseId', '=', 'c.id').andOnNull('q.deletedAt');
    })
    .leftJoin('modules as m', function placed() {
      this.on('m.id', '=', 'q.afterModuleId').andOn('m.courseId', '=', 'q.courseId');
    })
    .leftJoin('quizResults as r', function mine() {
      this.on('r.quizId', '=', 'q.id').andOn('r.userId', '=', db.raw('?', [userId]));
    })
    .where('c.id', courseId)
    .select('c.quizRequired', 'q.id', 'm.id as moduleId', 'm.orderIndex', 'r.bestScore', 'r.passed');
}

/** The quiz gate from quizGateRows' rows (none: the course is gone, and requires nothing). */
export function quizGateOf(rows: readonly QuizGateRow[]): QuizGate {
  const course = rows[0];
  const quizzes = rows.filter((row) => row.id !== null && row.id !== undefined);
  const final = finalOf(
    quizzes.map((row) => ({
      id: Number(row.id),
      moduleId: row.moduleId === null || row.moduleId === undefined ? null : Number(row.moduleId),
      orderIndex: Number(row.orderIndex ?? 0),
      bestScore: row.bestScore === null || row.bestScore === undefined ? null : Number(row.bestScore),
      passed: dbBoolean(row.passed),
    })),
  );
  return {
    required: dbBoolean(course?.quizRequired) && final !== null,
    finalQuizId: final?.id ?? null,
    bestScore: final?.bestScore ?? null,
    passed: final?.passed ?? false,
  };
}

function finalOf<T extends { id: number; moduleId: number | null; orderIndex: number }>(quizzes: T[]): T | null {
  let best: T | null = null;
  const rank = (quiz: T): [number, number, number, number] => (quiz.moduleId === null ? [1, 0, 0, quiz.id] : [0, quiz.orderIndex, quiz.moduleId, quiz.id]);
  for (const quiz of quizzes) {
    if (!best) best = quiz;
    else {
      const a = rank(quiz);
      const b = rank(best);
      for (let i = 0; i < 4; i += 1) {
        if (a[i]! !== b[i]!) {
          if (a[i]! > b[i]!) best = quiz;
          break;
        }
      }
    }
  }
  return best;
}

/** A course's final quiz (the last in step order, as `quizGateOf` picks it) and its pass mark. */
export interface FinalQuiz {
  quizId: number;
  passMark: number;
}

/**
 * The final quiz of each course that has one (of `courseIds`, or of every course), for the
 * reports (issue 36 item 4): one read of the live quizzes, which are few per course. The reports
 * then join the learners' rows of quizResults on these ids in their own statement.
 */
export async function finalQuizzes(db: Reader, courseIds?: number[]): Promise<Map<number, FinalQuiz>> {
  const query = db('quizzes as q')
    .join('courses as c', 'c.id', 'q.courseId')
    .leftJoin('modules as m', function placed() {
      this.on('m.id', '=', 'q.afterModuleId').andOn('m.courseId', '=', 'q.courseId');
    })
    .whereNull('q.deletedAt')
    .select('q.id', 'q.courseId', 'c.passMark', 'm.id as moduleId', 'm.orderIndex');
  if (courseIds) query.whereIn('q.courseId', courseIds);
  const byCourse = new Map<number, Array<{ id: number; moduleId: number | null; orderIndex: number; passMark: number }>>();
  for (const row of (await query) as Array<Record<string, number | string | null>>) {
    const courseId = Number(row.courseId);
    byCourse.set(courseId, [
      ...(byCourse.get(courseId) ?? []),
      {
        id: Number(row.id),
        moduleId: row.moduleId === null || row.moduleId === undefined ? null : Number(row.moduleId),
        orderIndex: Number(row.orderIndex ?? 0),
        passMark: Number(row.passMark),
      },
    ]);
  }
  const finals = new Map<number, FinalQuiz>();
  for (const [courseId, quizzes] of byCourse) {
    const final = finalOf(quizzes);
    if (final) finals.set(courseId, { quizId: final.id, passMark: final.passMark });
  }
  return finals;
}

/**
 * A learner's best on the final quiz of each of `courseIds` that has a quiz, by course (the
 * admin's student page): two reads whatever the number of courses. A course without a quiz is
 * absent; one whose quiz was not tried has a null score.
 */
export async function studentFinalQuizzes(
  db: Reader,
  userId: number,
  courseIds: number[],
): Promise<Map<number, { bestScore: number | null; passed: boolean; passMark: number }>> {
  if (!courseIds.length) return new Map();
  const finals = await finalQuizzes(db, courseIds);
  const results = await finalQuizResults(db, userId, finals);
  return new Map(
    [...finals].map(([courseId, final]) => [
      courseId,
      { bestScore: results.get(courseId)?.bestScore ?? null, passed: results.get(courseId)?.passed ?? false, passMark: final.passMark },
    ]),
  );
}

async function finalQuizResults(db: Reader, userId: number, finals: Map<number, FinalQuiz>): Promise<Map<number, { bestScore: number; passed: boolean }>> {
  if (!finals.size) return new Map();
  const rows = (await db('quizResults')
    .where('userId', userId)
    .whereIn(
      'quizId',
      [...finals.values()].map((final) => final.quizId),
    )
    .select('courseId', 'bestScore', 'passed')) as Array<{ courseId: number | string; bestScore: number | string; passed: DbBoolean }>;
  return new Map(rows.map((row) => [Number(row.courseId), { bestScore: Number(row.bestScore), passed: dbBoolean(row.passed) }]));
}
