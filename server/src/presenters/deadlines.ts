import { isoDay, type CourseDeadlineDto, type SchedulerJobDto, type TrainingStatusRowDto, type TrustCourseDeadlineDto, type WatchingDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import { displayName } from '../models/User.ts';
import type { CourseDeadlineRow, CourseRuleRow, TrustCourseDeadlineRow } from '../queries/deadlines.ts';
import { expiresOn, type WatchedStatusRow } from '../queries/trainingStatus.ts';
import type { Watching } from '../queries/watching.ts';

export const presentWatching = (watching: Watching): WatchingDto => ({
  playedSeconds: watching.playedSeconds,
  durationSeconds: watching.durationSeconds,
  completedWithoutPlaying: watching.completedWithoutPlaying,
});

export const presentTrainingStatus = (row: WatchedStatusRow): TrainingStatusRowDto => ({
  userId: row.userId,
  name: displayName(row),
  email: row.email,
  courseId: row.courseId,
  courseTitle: row.courseTitle,
  status: row.status,
  dueOn: row.dueDay === null ? null : isoDay(row.dueDay),
  completedAt: toIso(row.completedAt),
  certificateNumber: row.certificateNumber,
  expiresOn: expiresOn(row),
  watching: presentWatching(row.watching),
  // Only for a course with a quiz: a course without one answers as before (issue 36).
  ...(row.finalQuiz ? { finalQuiz: { ...row.finalQuiz } } : {}),
  ...(row.movedAt !== null ? { movedAt: toIso(row.movedAt)! } : {}),
  // Only for a member in a group: rows of schools without groups answer as before.
  ...(row.groups?.length ? { groups: [...row.groups] } : {}),
});

export interface SchedulerJobRow {
  name: string;
  nextRunAt: number | string;
  leaseUntil: number | string | null;
  lastStartedAt: number | string | null;
  lastFinishedAt: number | string | null;
  lastSuccessAt: number | string | null;
  failures: number | string;
  totalFailures: number | string;
  lastError: string | null;
  lastSent: number | string;
}

export const presentSchedulerJob = (row: SchedulerJobRow, now: number): SchedulerJobDto => ({
  name: row.name,
  nextRunAt: toIso(row.nextRunAt)!,
  lastStartedAt: toIso(row.lastStartedAt),
  lastFinishedAt: toIso(row.lastFinishedAt),
  lastSuccessAt: toIso(row.lastSuccessAt),
  failures: Number(row.failures),
  totalFailures: Number(row.totalFailures),
  lastError: row.lastError,
  lastSent: Number(row.lastSent),
  running: row.leaseUntil !== null && Number(row.leaseUntil) > now,
});

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));
const day = (value: number | string | null): string | null => (value === null ? null : isoDay(Number(value)));

/** A course and its rule as both deadline panels show them (the school's, the trust's). */
const presentCourseRule = (row: CourseRuleRow) => ({
  courseId: Number(row.courseId),
  title: row.title,
  completeBy: day(row.completeByDay),
  newStaffDays: num(row.newStaffDays),
  validityMonths: num(row.validityMonths),
});

/** A school's licensed course with its own deadline and its trust's. */
export const presentCourseDeadline = (row: CourseDeadlineRow): CourseDeadlineDto => ({
  ...presentCourseRule(row),
  trust: row.trustRuleId === null ? null : { completeBy: day(row.trustCompleteByDay), newStaffDays: num(row.trustNewStaffDays) },
});

/** A course licensed in a trust with the trust's deadline and how its schools stand. */
export const presentTrustCourseDeadline = (row: TrustCourseDeadlineRow): TrustCourseDeadlineDto => ({
  ...presentCourseRule(row),
  schools: row.schools,
  schoolsOverridden: row.schoolsOverridden,
});
