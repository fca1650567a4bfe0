import { z } from 'zod';

/** The range a chart answers for, as days (UTC, both included). */
export const insightsRangeDtoSchema = z
  .object({
    /** YYYY-MM-DD. */
    from: z.string(),
    to: z.string(),
  })
  .meta({ id: 'InsightsRangeDto' });
export type InsightsRangeDto = z.infer<typeof insightsRangeDtoSchema>;

export const weekFiguresDtoSchema = z
  .object({
    /** Monday of the week, YYYY-MM-DD (UTC). */
    week: z.string(),
    enrollments: z.number(),
    completions: z.number(),
    certificates: z.number(),
  })
  .meta({ id: 'WeekFiguresDto' });
export type WeekFiguresDto = z.infer<typeof weekFiguresDtoSchema>;

export const weekRevenueDtoSchema = z
  .object({
    week: z.string(),
    /** ISO 4217 code; amounts of different currencies are never added together. */
    currency: z.string(),
    /** Minor units (pence, cents). */
    amount: z.number(),
  })
  .meta({ id: 'WeekRevenueDto' });
export type WeekRevenueDto = z.infer<typeof weekRevenueDtoSchema>;

/** GET /api/admin/insights/weekly and GET /api/schools/:id/insights/weekly (no revenue there). */
export const weeklyInsightsDtoSchema = z
  .object({
    range: insightsRangeDtoSchema,
    weeks: z.array(weekFiguresDtoSchema),
    revenue: z.array(weekRevenueDtoSchema).optional(),
    /**
     * When the hourly rollup these figures are read from last finished (ISO), null before it ever
     * has: anything since (an enrollment, a payment) is counted at its next run (issue 53 item 11).
     */
    updatedAt: z.string().nullable().optional(),
  })
  .meta({ id: 'WeeklyInsightsDto' });
export type WeeklyInsightsDto = z.infer<typeof weeklyInsightsDtoSchema>;

export const funnelDtoSchema = z
  .object({
    /** Steps of the course now: modules, knowledge checks and assignments (the denominator of "half way" and "completed"). */
    steps: z.number(),
    enrolled: z.number(),
    started: z.number(),
    halfWay: z.number(),
    completed: z.number(),
    certified: z.number(),
  })
  .meta({ id: 'FunnelDto' });
export type FunnelDto = z.infer<typeof funnelDtoSchema>;

/** A step of the course in learner order: a video module, a knowledge check (counted once passed) or an assignment (once completed). */
export const stepCompletionDtoSchema = z
  .object({
    kind: z.enum(['video', 'quiz', 'assignment']),
    /** The module's id (kind video), the quiz's (kind quiz) or the assignment's. */
    id: z.number(),
    title: z.string(),
    /** Learners of the cohort who completed the module or assignment, or passed the knowledge check. */
    completed: z.number(),
    /** completed / enrolled, 0–1 (0 when nobody enrolled). */
    rate: z.number(),
  })
  .meta({ id: 'StepCompletionDto' });
export type StepCompletionDto = z.infer<typeof stepCompletionDtoSchema>;

/** GET /api/admin/insights/courses/:courseId and GET /api/schools/:id/insights/courses/:courseId. */
export const courseInsightsDtoSchema = z
  .object({
    range: insightsRangeDtoSchema,
    course: z.object({ id: z.number(), title: z.string() }),
    funnel: funnelDtoSchema,
    steps: z.array(stepCompletionDtoSchema),
  })
  .meta({ id: 'CourseInsightsDto' });
export type CourseInsightsDto = z.infer<typeof courseInsightsDtoSchema>;

export const retentionBucketDtoSchema = z
  .object({
    /** Start of the 10-second bucket, seconds into the video. */
    startSecond: z.number(),
    viewers: z.number(),
    /** viewers / the module's viewers, 0–1. */
    share: z.number(),
  })
  .meta({ id: 'RetentionBucketDto' });
export type RetentionBucketDto = z.infer<typeof retentionBucketDtoSchema>;

/** GET /api/admin/insights/modules/:moduleId/retention. */
export const retentionDtoSchema = z
  .object({
    module: z.object({ id: z.number(), courseId: z.number(), title: z.string(), duration: z.number() }),
    /** Learners who played any part of the video. */
    viewers: z.number(),
    /** Mean resume point of the learners who played some of it (a module marked complete unplayed is not counted), seconds, as of the last hourly rollup; null when nobody had. */
    averagePosition: z.number().nullable(),
    buckets: z.array(retentionBucketDtoSchema),
  })
  .meta({ id: 'RetentionDto' });
export type RetentionDto = z.infer<typeof retentionDtoSchema>;
