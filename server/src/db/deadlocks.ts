import { setTimeout as sleep } from 'node:timers/promises';

/**
 * InnoDB resolves a deadlock by rolling one of the transactions back, and says to run it again.
 * Statements that take row locks in different orders under concurrency (the progress upsert, the
 * certificate check) are run again before the error reaches the learner as a 500.
 */
export function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

/**
 * Attempts in all. Many learners completing at once across two instances deadlocked one report
 * twice in a row (CI, MariaDB, a busy host): a second try was not enough, a few are.
 */
export const DEADLOCK_ATTEMPTS = 4;

/**
 * Runs `run` (a whole transaction, or one statement) again after a deadlock, up to
 * DEADLOCK_ATTEMPTS in all, waiting a few random milliseconds more each time so that the two
 * transactions that collided do not meet again at once. Any other error is thrown as it is.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}
