import { formatCalendarDate, SCHOOL_READER } from './dates.ts';

// Deadlines are whole days: a member with a deadline of 3 March has all of 3 March (UTC) and is
// overdue from 4 March. Days are counted since 1970-01-01 so the database compares integers.
export const DAY_MS = 86_400_000;

/** The UTC day an instant falls on. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** "2026-03-03" for a day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day number of a "YYYY-MM-DD" date. */
export const parseIsoDay = (iso: string): number => dayOf(Date.parse(`${iso}T00:00:00Z`));

/**
 * `months` calendar months after an instant (UTC), the day clamped to the month's end:
 * 31 January + 1 month is 28 or 29 February, as a person reading "valid for 1 month" expects.
 */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

/**
 * "3 March" for a YYYY-MM-DD date (the year is added when it is not `currentYear`), as the school's
 * mails write it (SCHOOL_READER); pages write dates for their reader (rules/dates.ts: formatDay).
 */
export function formatDueDate(iso: string, currentYear?: number): string {
  if (currentYear === undefined) return formatCalendarDate(iso, { reader: SCHOOL_READER, omitYearIn: Number(iso.slice(0, 4)) });
  return formatCalendarDate(iso, { reader: SCHOOL_READER, omitYearIn: currentYear });
}
