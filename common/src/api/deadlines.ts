import { z } from 'zod';
import type { AssignmentStatusDto } from './assignments.ts';
import type { WatchingDto } from './courses.ts';
import type { FinalQuizResultDto } from './quizzes.ts';

/** Where one member stands on one licensed course. */
export const TRAINING_STATUSES = ['not_started', 'in_progress', 'due_soon', 'overdue', 'completed', 'renewal_due'] as const;
export const trainingStatusSchema = z.enum(TRAINING_STATUSES);
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

export const TRAINING_STATUS_LABELS: Record<TrainingStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  completed: 'Completed',
  renewal_due: 'Renewal due',
};

/** A licensed course of a school with its deadline (null fields: none set). Dates are YYYY-MM-DD. */
export interface CourseDeadlineDto {
  courseId: number;
  title: string;
  completeBy: string | null;
  newStaffDays: number | null;
  /** The course's validity in months (null: a certificate never expires). */
  validityMonths: number | null;
  /**
   * The school's trust's deadline for the course, when it has one. The earlier of the two
   * applies to each member: the school may set an earlier date (or fewer days), never a later.
   */
  trust: DeadlineRuleDto | null;
}

/** A deadline rule: a date to complete by and/or days from joining for new staff. */
export interface DeadlineRuleDto {
  completeBy: string | null;
  newStaffDays: number | null;
}

export interface SchoolDeadlinesDto {
  /** The trust the school belongs to (its deadlines cap the school's), or null. */
  trustName: string | null;
  courses: CourseDeadlineDto[];
  /** Member × licensed course pairs per status. */
  counts: Record<TrainingStatus, number>;
  /** People invited by e-mail who have not joined yet (they have no course rows until they do). */
  invited: number;
}

/** `GET …/training-status/counts?courseId=&groupId=`: the pairs per status of one course and/or group. */
export interface TrainingCountsDto {
  counts: Record<TrainingStatus, number>;
}

/** One row of the status list (paged: X-Total-Count holds the number of rows in all). */
export interface TrainingStatusRowDto {
  userId: number;
  name: string;
  email: string;
  courseId: number;
  courseTitle: string;
  status: TrainingStatus;
  /** The member's own deadline (YYYY-MM-DD), or null when the course has none. */
  dueOn: string | null;
  completedAt: string | null;
  certificateNumber: string | null;
  /** When the certificate stops being current (YYYY-MM-DD), for a course with a validity. */
  expiresOn: string | null;
  /** What the member actually played of the course (issue 36). */
  watching: WatchingDto;
  /** The member's best on the course's final quiz; only for a course that has a quiz (issue 36). */
  finalQuiz?: FinalQuizResultDto;
  /** Where the member's assignment work stands; only for a course that has assignments (issue 37). */
  assignment?: AssignmentStatusDto;
  /** When a trust's manager moved them to this school from another of the trust's; only for someone moved. */
  movedAt?: string;
  /** The member's groups in view (their school's and its trust's), by name; absent when they are in none. */
  groups?: string[];
}

/** A scheduled job as the admin sees it. */
export const schedulerJobDtoSchema = z
  .object({
    name: z.string(),
    /** ISO, as are the other instants. */
    nextRunAt: z.string(),
    lastStartedAt: z.string().nullable(),
    lastFinishedAt: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    /** Failures in a row since the last success (the back-off grows with it). */
    failures: z.number(),
    totalFailures: z.number(),
    lastError: z.string().nullable(),
    /** Mails queued by the last successful run. */
    lastSent: z.number(),
    running: z.boolean(),
  })
  .meta({ id: 'SchedulerJobDto' });
export type SchedulerJobDto = z.infer<typeof schedulerJobDtoSchema>;

/** POST /api/admin/scheduler/:name/run: the job ran on the instance that answered. */
export const schedulerRunDtoSchema = z
  .object({
    name: z.string(),
    /** Mails the run queued. */
    sent: z.number(),
  })
  .meta({ id: 'SchedulerRunDto' });
export type SchedulerRunDto = z.infer<typeof schedulerRunDtoSchema>;

export const schedulerStatusDtoSchema = z
  .object({
    enabled: z.boolean(),
    intervalSeconds: z.number(),
    jobs: z.array(schedulerJobDtoSchema),
  })
  .meta({ id: 'SchedulerStatusDto' });
export type SchedulerStatusDto = z.infer<typeof schedulerStatusDtoSchema>;

export const UNSUBSCRIBE_CATEGORIES = ['reminders', 'digest'] as const;
export type UnsubscribeCategory = (typeof UNSUBSCRIBE_CATEGORIES)[number];

export const unsubscribeDtoSchema = z
  .object({
    category: z.enum(UNSUBSCRIBE_CATEGORIES),
    /** What the category covers, in words for the confirmation page. */
    description: z.string(),
    unsubscribed: z.boolean(),
  })
  .meta({ id: 'UnsubscribeDto' });
export type UnsubscribeDto = z.infer<typeof unsubscribeDtoSchema>;

/** The signed-in learner's own status on each course their school licenses (GET /api/user/training). */
export const myTrainingDtoSchema = z
  .object({
    courseId: z.number(),
    status: trainingStatusSchema,
    /** YYYY-MM-DD, or null when the course has no deadline. */
    dueOn: z.string().nullable(),
    /** YYYY-MM-DD, for a course with a validity. */
    expiresOn: z.string().nullable(),
  })
  .meta({ id: 'MyTrainingDto' });
export type MyTrainingDto = z.infer<typeof myTrainingDtoSchema>;

/**
 * Where the signed-in learner stands on renewing their certificate for a course
 * (GET /api/courses/:id/renewal; POST starts a renewal and answers the same, `renewing`).
 * - `none`: no certificate to renew (none yet, revoked, or the course's never expire);
 * - `not_yet`: current, renewable from `opensOn` (30 days before `expiresOn`);
 * - `due`: expired or within 30 days of it: the learner may retake the course;
 * - `renewing`: retaking; completing every module again issues a new certificate.
 */
export const courseRenewalDtoSchema = z
  .object({
    courseId: z.number(),
    state: z.enum(['none', 'not_yet', 'due', 'renewing']),
    /** The learner's latest certificate for the course (the one a renewal replaces). */
    certificateNumber: z.string().nullable(),
    /** YYYY-MM-DD. */
    expiresOn: z.string().nullable(),
    expired: z.boolean(),
    /** YYYY-MM-DD. */
    opensOn: z.string().nullable(),
    /** 0 until the first renewal, then one more per renewal started. */
    round: z.number(),
  })
  .meta({ id: 'CourseRenewalDto' });
export type CourseRenewalDto = z.infer<typeof courseRenewalDtoSchema>;
