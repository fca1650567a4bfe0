/**
 * A school's deadline under its trust's (the one rule, checked by the server's setDeadline and by
 * the school's deadline form before it sends): a school may set an earlier date or fewer days for
 * new staff than its trust, never a later date or more days. Dates are ISO days ("2026-03-31"),
 * which compare as strings.
 */
import { deadlineSchema } from '../schemas/deadlines.ts';
import { dayOf, isoDay, parseIsoDay } from './days.ts';

/** Why a deadline is refused when its date has gone (the message; the field's sentence is pastDeadlineProblem's). */
export const PAST_DEADLINE = 'The deadline is in the past';

/**
 * A deadline's date may be today or later, by the day of `now` (the app's clock, UTC days, as the
 * date is stored): the sentence for the `completeBy` field when it is earlier, else null. One rule
 * for a school's or trust's deadline and a group's course.
 */
export function pastDeadlineProblem(completeBy: string | null, now: number): string | null {
  if (completeBy === null || parseIsoDay(completeBy) >= dayOf(now)) return null;
  return `Choose today (${isoDay(dayOf(now))}) or a later date`;
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
