import type { Database } from '../db/database.ts';
import { dbBoolean, type Db } from '../db/knex.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { COMPLETION_THRESHOLD, type RecordedRow } from '../db/progressUpsert.ts';
import { bucketWords } from '../db/playedBuckets.ts';
import { prepareTransactionStatements } from '../db/statements.ts';
import type { Module } from '../models/Module.ts';
import { progressOf } from '../queries/progress.ts';
import { completeCourseIfDone, lockEnrollment, type CourseCompletion } from './courseCompletion.ts';

export { COMPLETION_THRESHOLD } from '../db/progressUpsert.ts';

export interface ProgressReport {
  userId: number;
  module: Pick<Module, 'id' | 'courseId' | 'duration'>;
  watchedDuration: number;
  /** The client's "Mark as Complete". */
  isCompleted: boolean;
  /**
   * Distinct seconds played, as the player counted them. Absent: watchedDuration, except on Mark
   * as Complete, whose watchedDuration (SPEC: the whole duration) says nothing about playing.
   */
  playedSeconds?: number | undefined;
  /** The course's "Completion requires watching" (issue 36); only read on Mark as Complete. */
  requiresWatching?: boolean | undefined;
  /** Resume point; left as stored when the client does not send one. */
  position?: number | undefined;
  /** The 10-second buckets played since the client's last report (new players; old ones send none). */
  playedBuckets?: readonly number[] | undefined;
}

export type { CourseCompletion } from './courseCompletion.ts';

export interface RecordedProgress extends CourseCompletion {
  progress: RecordedRow;
}

export type ProgressRefusal = 'not-enrolled' | 'module-gone' | NotWatchedEnough;

/**
 * Mark as Complete refused: the course requires watching and less than 90 % was played. Said
 * before the enrollment is known (nothing was written): the caller asks the course's access
 * policy whether to answer this or "not enrolled" (routes/api/progress).
 */
export interface NotWatchedEnough {
  refusal: 'not-watched';
  playedSeconds: number;
  /** Seconds that must be played before the module can be completed. */
  requiredSeconds: number;
}

/** The seconds of a module that must be played before it may be completed: SPEC's 90 % (exact, not in floating point). */
export const requiredPlayedSeconds = (duration: number): number => Math.ceil((Math.round(COMPLETION_THRESHOLD * 100) * duration) / 100);

/**
 * Stores a progress report. A player reports every 30 seconds while a video plays, so this is
 * the server's most frequent write: the usual report is one statement (Database.upsertProgress,
 * which checks the enrollment and the module in the same statement), with no transaction around
 * it, since a single statement is atomic and nothing else depends on what the row held before.
 *
 * Writes nothing and says why when the learner is not enrolled in the module's course, or the
 * module no longer exists (deleted through another instance whose news this one's catalogue
 * has not caught up with yet).
 *
 * When the stored row is completed (newly or not: a re-report still answers the certificate),
 * whether the course now is too is worked out afterwards, in a transaction of its own
 * (courseCompletion), which issues the certificate the first time.
 */
export async function recordProgress(
  database: Database,
  report: ProgressReport,
  options: { /** The app clock's time: the report's and a certificate's date. */ now: number },
): Promise<RecordedProgress | ProgressRefusal> {
  const { userId, module } = report;
  const playedSeconds = report.playedSeconds ?? (report.isCompleted ? 0 : report.watchedDuration);
  if (report.isCompleted && report.requiresWatching) {
    const refusal = await watchingRefusal(database, userId, module, playedSeconds);
    if (refusal) return refusal;
  }
  const row = {
    userId,
    moduleId: module.id,
    courseId: module.courseId,
    watchedDuration: report.watchedDuration,
    playedSeconds,
    position: report.position ?? null,
    markedComplete: report.isCompleted,
    at: options.now,
  };
  const played = bucketWords(report.playedBuckets ?? [], module.duration);
  const progress = await retryOnDeadlock(() => database.upsertProgress(row, played));
  // Rare: one more query to tell the two refusals apart.
  if (!progress) return (await database.knex('modules').where({ id: module.id }).first('id')) ? 'not-enrolled' : 'module-gone';
  // The course cannot be complete while this module is not: most reports stop here.
  if (!dbBoolean(progress.isCompleted)) return { progress, courseCompleted: false, certificateNumber: null };
  // Most completions leave another module of the course to do: one read says so, without the
  // locked transaction below (issue 54: it cost a completion 5 statements and a commit). Safe
  // against two reports completing the last two modules at once: each reads after its own row
  // is committed, so the one that reads second sees both rows and takes the locked path.
  if (await database.hasIncompleteModule(userId, module.courseId)) return { progress, courseCompleted: false, certificateNumber: null };
  return { progress, ...(await retryOnDeadlock(() => courseCompletion(database.knex, userId, module.courseId, options.now))) };
}

/**
 * Why Mark as Complete may not be stored, on a course that requires watching: less than 90 % of
 * the module played, counting this report's seconds with those stored. Nothing is written then.
 * Played seconds only grow, so a report racing this read can only make it refuse what a moment
 * later it would accept, never the reverse. A module already completed stays so (and is
 * answered as stored). Whether the learner is enrolled at all is the course access policy's to
 * say (policies/courseAccess.ts), which the route asks on this rare path only.
 */
async function watchingRefusal(database: Database, userId: number, module: ProgressReport['module'], playedSeconds: number): Promise<NotWatchedEnough | null> {
  const duration = Number(module.duration);
  const reported = Math.min(Math.max(Math.floor(playedSeconds), 0), duration);
  const required = requiredPlayedSeconds(duration);
  if (reported >= required) return null;
  const stored = await progressOf(database.knex, userId, module.id);
  if (stored && dbBoolean(stored.isCompleted)) return null;
  const played = Math.max(reported, Number(stored?.playedSeconds ?? 0));
  if (played >= required) return null;
  return { refusal: 'not-watched', playedSeconds: played, requiredSeconds: required };
}

/**
 * Whether the course is complete now that this module is, issuing the certificate the first
 * time in the learner's current round (completeCourseIfDone: modules, the required final quiz and
 * every assignment). Serialised per learner and course by the enrollment row lock (MySQL; SQLite
 * has a single writer): two reports completing the last two modules at once each wrote their own
 * row before getting here, so whichever takes the lock second sees both rows, and it sees the
 * certificate the first one may have issued, since its snapshot starts after the lock. A
 * course's last module is completed on about one report in twelve of a completing learner, so
 * its statements, a fixed set, are kept prepared on the connection (issue 54).
 */
async function courseCompletion(db: Db, userId: number, courseId: number, now: number): Promise<CourseCompletion> {
  return db.transaction(async (trx) => {
    prepareTransactionStatements(trx);
    await lockEnrollment(trx, userId, courseId);
    return completeCourseIfDone(trx, userId, courseId, now);
  });
}
