import { formatCalendarDate } from '@atrium/common/rules/dates';
import type { CourseInsightsDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';

// The rows each Insights chart draws, its table shows and its CSV holds: one function per chart,
// so the three cannot disagree.

/** "6 Jan" for a YYYY-MM-DD week start, in the reader's order ("Jan 6"): a chart's tick, where the axis spans the range. */
export const weekLabel = (week: string) => formatCalendarDate(week, { style: 'short', omitYearIn: Number(week.slice(0, 4)) });
/** "6 Jan 2026" ("Jan 6, 2026"): a week in a table or a file, which must say its year (a range may span two). */
export const weekStarting = (week: string) => formatCalendarDate(week, { style: 'short' });

/** 75 → "1:15". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export interface WeekRow {
  week: string;
  enrollments: number;
  completions: number;
  certificates: number;
}

export const weeklyRows = (dto: WeeklyInsightsDto): WeekRow[] =>
  dto.weeks.map(({ week, enrollments, completions, certificates }) => ({ week, enrollments, completions, certificates }));

export interface RevenueRow {
  week: string;
  currency: string;
  /** Major units (pounds, dollars, euros), two decimals. */
  amount: number;
}

/** Per currency (never added together), every week of the range, zeros where nothing came in. */
export function revenueRows(dto: WeeklyInsightsDto): Array<{ currency: string; rows: RevenueRow[] }> {
  const currencies = [...new Set((dto.revenue ?? []).map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const byWeek = new Map((dto.revenue ?? []).filter((row) => row.currency === currency).map((row) => [row.week, row.amount]));
    return { currency, rows: dto.weeks.map(({ week }) => ({ week, currency, amount: (byWeek.get(week) ?? 0) / 100 })) };
  });
}

export interface FunnelRow {
  stage: string;
  learners: number;
  /** Percent of the enrolled learners, one decimal. */
  ofEnrolled: number;
}

export function funnelRows(dto: CourseInsightsDto): FunnelRow[] {
  const { enrolled, started, halfWay, completed, certified } = dto.funnel;
  const stages: Array<[string, number]> = [
    ['Enrolled', enrolled],
    ['Started', started],
    ['Half way', halfWay],
    ['Completed', completed],
    ['Certificate', certified],
  ];
  return stages.map(([stage, learners]) => ({ stage, learners, ofEnrolled: percent(learners, enrolled) }));
}

export interface StepRow {
  step: number;
  kind: 'Video' | 'Knowledge check' | 'Assignment';
  title: string;
  /** Learners who completed the module or passed the knowledge check. */
  completed: number;
  /** Percent of the enrolled learners who completed it, one decimal. */
  rate: number;
}

const STEP_KIND_LABELS = { video: 'Video', quiz: 'Knowledge check', assignment: 'Assignment' } as const;

export const stepRows = (dto: CourseInsightsDto): StepRow[] =>
  dto.steps.map((step, index) => ({
    step: index + 1,
    kind: STEP_KIND_LABELS[step.kind],
    title: step.title,
    completed: step.completed,
    rate: Math.round(step.rate * 1000) / 10,
  }));

/** The step whose rate falls most below the one before it: where learners stop (null when none falls). */
export function biggestDrop(rows: readonly StepRow[]): number | null {
  let worst: number | null = null;
  let drop = 0;
  rows.forEach((row, index) => {
    const before = index === 0 ? 100 : rows[index - 1]!.rate;
    if (before - row.rate > drop) {
      drop = before - row.rate;
      worst = index;
    }
  });
  return worst;
}

export interface RetentionRow {
  from: string;
  to: string;
  viewers: number;
  /** Percent of the learners who started the video, one decimal. */
  watched: number;
}

export function retentionRows(dto: RetentionDto): RetentionRow[] {
  return dto.buckets.map((bucket) => ({
    from: clock(bucket.startSecond),
    to: clock(Math.min(bucket.startSecond + 10, dto.module.duration)),
    viewers: bucket.viewers,
    watched: Math.round(bucket.share * 1000) / 10,
  }));
}
