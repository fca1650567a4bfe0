import { z } from 'zod';
import { id } from './common.ts';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'A date as YYYY-MM-DD' })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    message: 'Not a calendar date',
  });

/** The longest range a chart covers: about three years of weeks. */
export const INSIGHTS_MAX_DAYS = 3 * 366;

const range = {
  /** First day included (UTC); default: 12 months before `to`. */
  from: isoDay.optional(),
  /** Last day included (UTC); default: today. */
  to: isoDay.optional(),
};

const inOrder = (query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (query.from === undefined || query.to === undefined) return;
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['from'], message: 'The range must start before it ends' });
  else if (days > INSIGHTS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: 'The range can be at most three years' });
};

/** GET /api/admin/insights/weekly: every course or one, every school or one. */
export const adminInsightsQuery = z.object({ ...range, courseId: id.optional(), schoolId: id.optional() }).superRefine(inOrder);

/** GET /api/admin/insights/courses/:courseId: the funnel, for every school or one. */
export const adminFunnelQuery = z.object({ ...range, schoolId: id.optional() }).superRefine(inOrder);

/** GET /api/schools/:id/insights…: the school is the path's. */
export const schoolInsightsQuery = z.object({ ...range, courseId: id.optional() }).superRefine(inOrder);

export const schoolFunnelQuery = z.object(range).superRefine(inOrder);

/** GET /api/trusts/:id/insights…: the trust's schools, or one of them; every course or one. */
export const trustInsightsQuery = adminInsightsQuery;

export const trustFunnelQuery = adminFunnelQuery;

export type InsightsRangeInput = { from?: string | undefined; to?: string | undefined };
