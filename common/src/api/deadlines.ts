import { z } from 'zod';
import { assignmentStatusDtoSchema } from './assignments.ts';
import { watchingDtoSchema } from './courses.ts';
import { finalQuizResultDtoSchema } from './quizzes.ts';

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

/** A deadline rule: a date to complete by and/or days from joining for new staff. */
export const deadlineRuleDtoSchema = z
  .object({
    /** YYYY-MM-DD. */
    completeBy: z.string().nullable(),
    newStaffDays: z.number().nullable(),
  })
  .meta({ id: 'DeadlineRuleDto' });
export type DeadlineRuleDto = z.infer<typeof deadlineRuleDtoSchema>;

/** A licensed course with a deadline rule (null fields: none set), as a school's and a trust's lists show it. */
export const courseRuleShape = {
  courseId: z.number(),
  title: z.string(),
  /** YYYY-MM-DD. */
  completeBy: z.string().nullable(),
  newStaffDays: z.number().nullable(),
  /** The course's validity in months (null: a certificate never expires). */
  validityMonths: z.number().nullable(),
};

/** A licensed course of a school with its deadline. */
export const courseDeadlineDtoSchema = z
  .object({
    ...courseRuleShape,
    /**
     * The school's trust's deadline for the course, when it has one. The earlier of the two
     * applies to each member: the school may set an earlier date (or fewer days), never a later.
     */
    trust: deadlineRuleDtoSchema.nullable(),
  })
  .meta({ id: 'CourseDeadlineDto' });
export type CourseDeadlineDto = z.infer<typeof courseDeadlineDtoSchema>;

/** Member × licensed course pairs per status. */
export const trainingStatusCountsSchema = z
  .object(Object.fromEntries(TRAINING_STATUSES.map((status) => [status, z.number()])) as Record<TrainingStatus, z.ZodNumber>)
  .meta({ id: 'TrainingStatusCounts' });

export const schoolDeadlinesDtoSchema = z
  .object({
    /** The trust the school belongs to (its deadlines cap the school's), or null. */
    trustName: z.string().nullable(),
    courses: z.array(courseDeadlineDtoSchema),
    counts: trainingStatusCountsSchema,
    /** People invited by e-mail who have not joined yet (they have no course rows until they do). */
    invited: z.number(),
  })
  .meta({ id: 'SchoolDeadlinesDto' });
export type SchoolDeadlinesDto = z.infer<typeof schoolDeadlinesDtoSchema>;

/** `GET …/training-status/counts?courseId=&groupId=`: the pairs per status of one course and/or group. */
export const trainingCountsDtoSchema = z.object({ counts: trainingStatusCountsSchema }).meta({ id: 'TrainingCountsDto' });
export type TrainingCountsDto = z.infer<typeof trainingCountsDtoSchema>;

/** One row of the status list (paged: X-Total-Count holds the number of rows in all). */
export const trainingStatusRowDtoSchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    courseId: z.number(),
    courseTitle: z.string(),
    status: trainingStatusSchema,
    /** The member's own deadline (YYYY-MM-DD), or null when the course has none. */
    dueOn: z.string().nullable(),
    /** ISO. */
    completedAt: z.string().nullable(),
    certificateNumber: z.string().nullable(),
    /** When the certificate stops being current (YYYY-MM-DD), for a course with a validity. */
    expiresOn: z.string().nullable(),
    /** What the member actually played of the course (issue 36). */
    watching: watchingDtoSchema,
    /** The member's best on the course's final quiz; only for a course that has a quiz (issue 36). */
    finalQuiz: finalQuizResultDtoSchema.optional(),
    /** Where the member's assignment work stands; only for a course that has assignments (issue 37). */
    assignment: assignmentStatusDtoSchema.optional(),
    /** When a trust's manager moved them to this school from another of the trust's (ISO); only for someone moved. */
    movedAt: z.string().optional(),
    /** The member's groups in view (their school's and its trust's), by name; absent when they are in none. */
    groups: z.array(z.string()).optional(),
  })
  .meta({ id: 'TrainingStatusRowDto' });
export type TrainingStatusRowDto = z.infer<typeof trainingStatusRowDtoSchema>;

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

/**
 * Mail a person may stop, one category at a time (RFC 8058 one-click): deadline reminders, the
 * managers' weekly digest, e-mails about replies in discussions they follow, and the admins'
 * daily moderation digest.
 */
export const UNSUBSCRIBE_CATEGORIES = ['reminders', 'digest', 'replies', 'moderation'] as const;
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
