/**
 * The one source of "now" for anything that depends on the date: deadlines, reminders,
 * scheduled jobs, invoices, credentials. Tests give the app a MovableClock
 * (test/movableClock.ts) and move it instead of sleeping or mocking Date.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
