import type { Knex } from 'knex';
import { dialectOf, greaterOfExisting, insertedValue, type Db } from '../db/knex.ts';
import type { Module } from '../models/Module.ts';
import type { Progress } from '../models/Progress.ts';
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

/** The row as stored after the report (the upsert's result, worked out under the lock). */
export type RecordedRow = Pick<Progress, 'watchedDuration' | 'position' | 'isCompleted' | 'completedAt' | 'updatedAt'>;

export interface RecordedProgress extends CourseCompletion {
  progress: RecordedRow;
}

const clamp = (value: number, max: number) => Math.min(Math.max(Math.floor(value), 0), max);

/**
 * Stores a progress report in one upsert, so that two reports racing cannot undo each other:
 * watchedDuration only grows, isCompleted never reverts, completedAt keeps the first completion.
 * When the module ends up completed and it was the course's last, the certificate is issued in
 * the same transaction.
 *
 * Resolves to null, writing nothing, when the learner is not enrolled in the module's course:
 * the enrollment row is locked first anyway, so its absence answers the enrollment check
 * without a query of its own. A report that leaves the module unfinished costs BEGIN, the
 * enrollment lock with the current progress row (one read on SQLite, two on MySQL), the upsert
 * and COMMIT; the stored row is worked out from that read instead of being read back.
 */
export async function recordProgress(db: Db, report: ProgressReport): Promise<RecordedProgress | null> {
  const { userId, module } = report;
  const duration = Math.max(0, Number(module.duration));
  const completedByClient = report.isCompleted;
  // A zero-length module has no 90 percent to reach; only the client's word completes it.
  let watched = clamp(report.watchedDuration, duration);
  const completed = completedByClient || (duration > 0 && watched >= COMPLETION_THRESHOLD * duration);
  // SPEC §4: Mark as Complete stores the full duration as watched.
  if (completedByClient) watched = duration;
  const timestamp = Date.now();
  const position = report.position === undefined ? undefined : clamp(report.position, duration);

  return db.transaction(async (trx) => {
    const locked = await lockEnrollment(trx, userId, module.courseId, module.id);
    if (!locked) return null;
    const merge: Record<string, Knex.Raw> = {
      watchedDuration: greaterOfExisting(trx, 'watchedDuration'),
      isCompleted: greaterOfExisting(trx, 'isCompleted'),
      completedAt: trx.raw('COALESCE(??, ?)', ['completedAt', insertedValue(trx, 'completedAt')]),
      updatedAt: insertedValue(trx, 'updatedAt'),
    };
    if (position !== undefined) merge.position = insertedValue(trx, 'position');
    await trx('progress')
      .insert({
        userId,
        moduleId: module.id,
        courseId: module.courseId,
        watchedDuration: watched,
        position: position ?? 0,
        isCompleted: completed,
        completedAt: completed ? timestamp : null,
        updatedAt: timestamp,
      })
      .onConflict(['userId', 'moduleId'])
      .merge(merge);
    // What the upsert stored: nothing else writes this learner's rows on this course while the
    // enrollment is locked (MySQL) or the single SQLite writer is in this transaction.
    const before = locked.existing;
    const progress: RecordedRow = before
      ? {
          watchedDuration: Math.max(Number(before.watchedDuration), watched),
          position: position ?? Number(before.position),
          isCompleted: Number(before.isCompleted) > 0 || completed,
          completedAt: before.completedAt ?? (completed ? timestamp : null),
          updatedAt: timestamp,
        }
      : { watchedDuration: watched, position: position ?? 0, isCompleted: completed, completedAt: completed ? timestamp : null, updatedAt: timestamp };

    // The course cannot be complete while this module is not; this check is skipped on most reports.
    if (!progress.isCompleted || !(await isCourseCompleted(trx, userId, module.courseId))) {
      return { progress, courseCompleted: false, certificateNumber: null };
    }
    const certificate = await issueCertificate(trx, userId, module.courseId);
    const valid = certificate && certificate.revokedAt === null;
    return { progress, courseCompleted: true, certificateNumber: valid ? certificate.certificateNumber : null };
  });
}

interface ExistingProgress {
  watchedDuration: number | string;
  position: number | string;
  isCompleted: number | string | boolean;
  completedAt: number | null;
}

/**
 * Serialises one learner's reports on one course (MySQL row lock; SQLite already has a single
 * writer). Without it, two reports completing the last two modules at once could each miss the
 * other's row, and neither would issue the certificate. It also reads the module's progress row
 * as it stands; undefined when the learner is not enrolled.
 *
 * SQLite reads both in one join. MySQL locks the enrollment alone and then reads the progress
 * row without a lock: a locking read through the join would also take gap locks on progress,
 * and two reports of one learner on two courses, each inserting its first row, could then
 * deadlock on each other's gap.
 */
async function lockEnrollment(
  trx: Knex.Transaction,
  userId: number,
  courseId: number,
  moduleId: number,
): Promise<{ existing: ExistingProgress | null } | undefined> {
  const progressColumns = ['p.id as progressId', 'p.watchedDuration', 'p.position', 'p.isCompleted', 'p.completedAt'];
  let row: (Partial<ExistingProgress> & { progressId?: number | null }) | undefined;
  if (dialectOf(trx) === 'mysql') {
    const enrollment = await trx('enrollments').select('id').where({ userId, courseId }).forUpdate().first();
    if (!enrollment) return undefined;
    row = (await trx('progress as p').select(progressColumns).where({ 'p.userId': userId, 'p.moduleId': moduleId }).first()) ?? {};
  } else {
    row = await trx('enrollments as e')
      .leftJoin('progress as p', (join) => join.on('p.userId', '=', 'e.userId').andOn('p.moduleId', '=', trx.raw('?', [moduleId])))
      .select('e.id', ...progressColumns)
      .where({ 'e.userId': userId, 'e.courseId': courseId })
      .first();
    if (!row) return undefined;
  }
  if (!row || row.progressId === null || row.progressId === undefined) return { existing: null };
  return {
    existing: {
      watchedDuration: row.watchedDuration!,
      position: row.position!,
      isCompleted: row.isCompleted!,
      completedAt: row.completedAt === null || row.completedAt === undefined ? null : Number(row.completedAt),
    },
  };
}
