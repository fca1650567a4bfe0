/** The range a chart answers for, as days (UTC, both included). */
export interface InsightsRangeDto {
  from: string;
  to: string;
}

export interface WeekFiguresDto {
  /** Monday of the week, YYYY-MM-DD (UTC). */
  week: string;
  enrollments: number;
  completions: number;
  certificates: number;
}

export interface WeekRevenueDto {
  week: string;
  /** ISO 4217 code; amounts of different currencies are never added together. */
  currency: string;
  /** Minor units (pence, cents). */
  amount: number;
}

/** GET /api/admin/insights/weekly and GET /api/schools/:id/insights/weekly (no revenue there). */
export interface WeeklyInsightsDto {
  range: InsightsRangeDto;
  weeks: WeekFiguresDto[];
  revenue?: WeekRevenueDto[];
  /**
   * When the hourly rollup these figures are read from last finished (ISO), null before it ever
   * has: anything since (an enrollment, a payment) is counted at its next run (issue 53 item 11).
   */
  updatedAt?: string | null;
}

export interface FunnelDto {
  /** Steps of the course now: modules, knowledge checks and assignments (the denominator of "half way" and "completed"). */
  steps: number;
  enrolled: number;
  started: number;
  halfWay: number;
  completed: number;
  certified: number;
}

/** A step of the course in learner order: a video module, a knowledge check (counted once passed) or an assignment (once completed). */
export interface StepCompletionDto {
  kind: 'video' | 'quiz' | 'assignment';
  /** The module's id (kind video), the quiz's (kind quiz) or the assignment's. */
  id: number;
  title: string;
  /** Learners of the cohort who completed the module or assignment, or passed the knowledge check. */
  completed: number;
  /** completed / enrolled, 0–1 (0 when nobody enrolled). */
  rate: number;
}

/** GET /api/admin/insights/courses/:courseId and GET /api/schools/:id/insights/courses/:courseId. */
export interface CourseInsightsDto {
  range: InsightsRangeDto;
  course: { id: number; title: string };
  funnel: FunnelDto;
  steps: StepCompletionDto[];
}

export interface RetentionBucketDto {
  /** Start of the 10-second bucket, seconds into the video. */
  startSecond: number;
  viewers: number;
  /** viewers / the module's viewers, 0–1. */
  share: number;
}

/** GET /api/admin/insights/modules/:moduleId/retention. */
export interface RetentionDto {
  module: { id: number; courseId: number; title: string; duration: number };
  /** Learners who played any part of the video. */
  viewers: number;
  /** Mean resume point of the learners who watched some of it, seconds, as of the last hourly rollup; null when nobody had. */
  averagePosition: number | null;
  buckets: RetentionBucketDto[];
}
