/**
 * A school's deadline under its trust's (the one rule, checked by the server's setDeadline and by
 * the school's deadline form before it sends): a school may set an earlier date or fewer days for
 * new staff than its trust, never a later date or more days. Dates are ISO days ("2026-03-31"),
 * which compare as strings.
 */
import { deadlineSchema } from '../schemas/deadlines.ts';
import { dayOf, isoDay, parseIsoDay } from './days.ts';

/** How far ahead a deadline's date may be: further is a typed year (2206 for 2026), not a plan. */
export const DEADLINE_YEARS_AHEAD = 5;

/**
 * A deadline's date may be from today (by the day of `now`: the app's clock, UTC days, as the date
 * is stored) to DEADLINE_YEARS_AHEAD years ahead. Else the refusal: its message and the sentence
 * for the `completeBy` field; null when the date is fine or not given. One rule for a school's or
 * trust's deadline and a group's course.
 */
export function deadlineDateProblem(completeBy: string | null, now: number): { message: string; field: string } | null {
  if (completeBy === null) return null;
  const today = isoDay(dayOf(now));
  if (parseIsoDay(completeBy) < dayOf(now)) return { message: 'The deadline is in the past', field: `Choose today (${today}) or a later date` };
  const latest = `${Number(today.slice(0, 4)) + DEADLINE_YEARS_AHEAD}${today.slice(4)}`;
  if (completeBy > latest) {
    return { message: 'The deadline is too far ahead', field: `Choose a date up to ${DEADLINE_YEARS_AHEAD} years ahead (${latest} at the latest)` };
  }
  return null;
}

/** The rule a deadline may not go past, and who set it (the trust's name). */
export interface DeadlineCap {
  completeBy: string | null;
  newStaffDays: number | null;
  by: string;
}

/** The sentence for each field that goes past the cap, keyed by field; empty when none does. */
export function deadlineCapBreaches(
  rule: { completeBy: string | null; newStaffDays: number | null },
  cap: DeadlineCap | null | undefined,
  /** How the reader sees a date: the portal's reader formatter, the server's school formatter. */
  dateText: (isoDay: string) => string,
): { completeBy?: string; newStaffDays?: string } {
  if (!cap) return {};
  return {
    ...(cap.completeBy && rule.completeBy && rule.completeBy > cap.completeBy
      ? { completeBy: `Choose ${dateText(cap.completeBy)} or an earlier date: ${cap.by} requires the course by then` }
      : {}),
    ...(cap.newStaffDays && rule.newStaffDays && rule.newStaffDays > cap.newStaffDays
      ? { newStaffDays: `Choose ${cap.newStaffDays} days or fewer: ${cap.by} gives new staff ${cap.newStaffDays}` }
      : {}),
  };
}

/** The deadline schema with the cap's limits: a form validates with it as the server checks. */
export function cappedDeadlineSchema(cap: DeadlineCap | null | undefined, dateText: (isoDay: string) => string) {
  if (!cap) return deadlineSchema;
  return deadlineSchema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(deadlineCapBreaches(value, cap, dateText))) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}
