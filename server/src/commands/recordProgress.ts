import type { Knex } from 'knex';
import { dialectOf, greaterOfExisting, insertedValue, type Db } from '../db/knex.ts';
import type { Module } from '../models/Module.ts';
import { Progress } from '../models/Progress.ts';
import type { CourseCompletion } from '../presenters/courses.ts';
import { isCourseCompleted, issueCertificate } from './issueCertificate.ts';

/** SPEC §9: a module counts as watched at 90 percent of its duration. */
export const COMPLETION_THRESHOLD = 0.9;

export interface ProgressReport {
  userId: number;
  module: Pick<Module, 'id' | 'courseId' | 'duration'>;
  watchedDuration: number;
  /** The client's "Mark as Complete". */
  isCompleted: boolean;
  /** Resume point; left as stored when the client does not send one. */
  position?: number | undefined;
}

export interface RecordedProgress extends CourseCompletion {
  progress: Progress;
}

const clamp = (value: number, max: number) => Math.min(Math.max(Math.floor(value), 0), max);

/**
 * Stores a progress report in one upsert, so that two reports racing cannot undo each other:
 * watchedDuration only grows, isCompleted never reverts, completedAt keeps the first completion.
 * When the module ends up completed and it was the course's last, the certificate is issued in
 * the same transaction.
 */
export async function recordProgress(db: Db, report: ProgressReport): Promise<RecordedProgress> {
  const { userId, module } = report;
  const duration = Math.max(0, Number(module.duration));
  const completedByClient = report.isCompleted;
  // A zero-length module has no 90 percent to reach; only the client's word completes it.
  let watched = clamp(report.watchedDuration, duration);
  const completed = completedByClient || (duration > 0 && watched >= COMPLETION_THRESHOLD * duration);
  // SPEC §4: Mark as Complete stores the full duration as watched.
  if (completedByClient) watched = duration;
  const timestamp = Date.now();

  return db.transaction(async (trx) => {
    await lockEnrollment(trx, userId, module.courseId);
    const merge: Record<string, Knex.Raw> = {
      watchedDuration: greaterOfExisting(trx, 'watchedDuration'),
      isCompleted: greaterOfExisting(trx, 'isCompleted'),
      completedAt: trx.raw('COALESCE(??, ?)', ['completedAt', insertedValue(trx, 'completedAt')]),
      updatedAt: insertedValue(trx, 'updatedAt'),
    };
    if (report.position !== undefined) merge.position = insertedValue(trx, 'position');
    await trx('progress')
      .insert({
        userId,
        moduleId: module.id,
        courseId: module.courseId,
        watchedDuration: watched,
        position: report.position === undefined ? 0 : clamp(report.position, duration),
        isCompleted: completed,
        completedAt: completed ? timestamp : null,
        updatedAt: timestamp,
      })
      .onConflict(['userId', 'moduleId'])
      .merge(merge);
    const progress = (await Progress.query(trx).findOne({ userId, moduleId: module.id }))!;

    if (!Number(progress.isCompleted) || !(await isCourseCompleted(trx, userId, module.courseId))) {
      return { progress, courseCompleted: false, certificateNumber: null };
    }
    const certificate = await issueCertificate(trx, userId, module.courseId);
    const valid = certificate && certificate.revokedAt === null;
    return { progress, courseCompleted: true, certificateNumber: valid ? certificate.certificateNumber : null };
  });
}

/**
 * Serialises one learner's reports on one course (MySQL row lock; SQLite already has a single
 * writer). Without it, two reports completing the last two modules at once could each miss the
 * other's row, and neither would issue the certificate.
 */
async function lockEnrollment(trx: Knex.Transaction, userId: number, courseId: number): Promise<void> {
  const query = trx('enrollments').select('id').where({ userId, courseId });
  if (dialectOf(trx) === 'mysql') query.forUpdate();
  await query.first();
}
