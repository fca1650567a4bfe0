import type { CourseInsightsDto, InsightsRangeDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';
import type { CourseInsights, Retention, WeekFigures, WeekRevenue } from '../queries/insights.ts';

const DAY_MS = 24 * 60 * 60_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** [from, to) in ms → the days it covers, both included. */
export const presentRange = (range: { from: number; to: number }): InsightsRangeDto => ({ from: isoDay(range.from), to: isoDay(range.to - DAY_MS) });

export function presentWeekly(range: { from: number; to: number }, updatedAt: number | null, weeks: WeekFigures[], revenue?: WeekRevenue[]): WeeklyInsightsDto {
  return {
    range: presentRange(range),
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
    weeks: weeks.map((week) => ({
      week: isoDay(week.weekStart),
      enrollments: week.enrollments,
      completions: week.completions,
      certificates: week.certificates,
    })),
    ...(revenue ? { revenue: revenue.map((row) => ({ week: isoDay(row.weekStart), currency: row.currency, amount: row.amount })) } : {}),
  };
}

export function presentCourseInsights(range: { from: number; to: number }, { course, funnel, steps }: CourseInsights): CourseInsightsDto {
  return {
    range: presentRange(range),
    course: { id: course.id, title: course.title },
    funnel,
    steps: steps.map((step) => ({
      kind: step.kind,
      id: step.id,
      title: step.title,
      completed: step.completed,
      rate: funnel.enrolled > 0 ? step.completed / funnel.enrolled : 0,
    })),
  };
}

export function presentRetention(module: { id: number; courseId: number; title: string; duration: number }, retention: Retention): RetentionDto {
  return {
    module: { id: module.id, courseId: module.courseId, title: module.title, duration: module.duration },
    viewers: retention.viewers,
    averagePosition: retention.averagePosition,
    buckets: retention.buckets.map((bucket) => ({
      startSecond: bucket.startSecond,
      viewers: bucket.viewers,
      share: retention.viewers > 0 ? Math.min(1, bucket.viewers / retention.viewers) : 0,
    })),
  };
}
