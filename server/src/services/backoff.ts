const FIRST_RETRY_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * How long to wait before trying again after `failures` failures in a row: 1, 2, 4 … minutes, at
 * most an hour. The one back-off for work retried later from a stored "not before" time (a
 * scheduled job's next run, an outbox message's next delivery); a deadlock is instead run again
 * at once, in the same request (db/deadlocks.ts).
 */
export const backoffMs = (failures: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
