import { describe, expect, it } from 'vitest';
import { cappedDeadlineSchema, deadlineCapBreaches, deadlineDateProblem } from './deadlines.ts';

const cap = { completeBy: '2026-03-31', newStaffDays: 30, by: 'Riverside Trust' };
const dateText = (day: string) => `[${day}]`;

describe('a school deadline under its trust’s', () => {
  it('takes the same date or an earlier one, and as many days or fewer', () => {
    expect(deadlineCapBreaches({ completeBy: '2026-03-31', newStaffDays: 30 }, cap, dateText)).toEqual({});
    expect(deadlineCapBreaches({ completeBy: '2026-01-10', newStaffDays: 5 }, cap, dateText)).toEqual({});
    expect(deadlineCapBreaches({ completeBy: '2026-12-31', newStaffDays: 90 }, null, dateText)).toEqual({});
  });

  it('names the field, the trust and its limit for a later date or more days', () => {
    expect(deadlineCapBreaches({ completeBy: '2026-04-01', newStaffDays: 31 }, cap, dateText)).toEqual({
      completeBy: 'Choose [2026-03-31] or an earlier date: Riverside Trust requires the course by then',
      newStaffDays: 'Choose 30 days or fewer: Riverside Trust gives new staff 30',
    });
    // A trust rule without a date caps only the days.
    expect(deadlineCapBreaches({ completeBy: '2030-01-01', newStaffDays: 10 }, { ...cap, completeBy: null }, dateText)).toEqual({});
  });

  it('refuses through the schema the form validates with, on the field', () => {
    const result = cappedDeadlineSchema(cap, dateText).safeParse({ completeBy: '2026-05-01', newStaffDays: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['completeBy', 'Choose [2026-03-31] or an earlier date: Riverside Trust requires the course by then'],
    ]);
  });
});

describe('a deadline date', () => {
  const now = Date.UTC(2026, 2, 15, 23, 59);
  it('takes today up to five years ahead, and no date at all', () => {
    for (const day of ['2026-03-15', '2026-03-16', '2031-03-15', null]) expect(deadlineDateProblem(day, now), String(day)).toBeNull();
  });

  it('refuses an earlier day, naming today', () => {
    expect(deadlineDateProblem('2026-03-14', now)).toEqual({ message: 'The deadline is in the past', field: 'Choose today (2026-03-15) or a later date' });
    expect(deadlineDateProblem('2025-12-31', Date.UTC(2026, 0, 1))?.field).toBe('Choose today (2026-01-01) or a later date');
  });

  it('refuses a day over five years ahead (a mistyped year), naming the latest', () => {
    expect(deadlineDateProblem('2031-03-16', now)).toEqual({
      message: 'The deadline is too far ahead',
      field: 'Choose a date up to 5 years ahead (2031-03-15 at the latest)',
    });
    expect(deadlineDateProblem('2206-03-15', now)?.message).toBe('The deadline is too far ahead');
  });
});
