/**
 * InnoDB resolves a deadlock by rolling one of the transactions back, and says to run it again.
 * Statements that take row locks in different orders under concurrency (the progress upsert, the
 * certificate check) are run again once before the error reaches the learner as a 500.
 */
export function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isDeadlock(error)) throw error;
    return run();
  }
}
