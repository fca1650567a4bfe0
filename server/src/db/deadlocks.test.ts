import { describe, expect, it } from 'vitest';
import { DEADLOCK_ATTEMPTS, retryOnDeadlock } from './deadlocks.ts';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('retryOnDeadlock', () => {
  it('runs a deadlocked attempt again, twice in a row too', async () => {
    let attempts = 0;
    const result = await retryOnDeadlock(async () => {
      attempts += 1;
      if (attempts <= 2) throw withCode(attempts === 1 ? 'ER_LOCK_DEADLOCK' : 'ER_LOCK_WAIT_TIMEOUT');
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
  });

  it('gives up after its last attempt, and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      retryOnDeadlock(async () => {
        attempts += 1;
        throw withCode('ER_LOCK_DEADLOCK');
      }),
    ).rejects.toThrow('ER_LOCK_DEADLOCK');
    expect(attempts).toBe(DEADLOCK_ATTEMPTS);
    expect(DEADLOCK_ATTEMPTS).toBe(4);

    attempts = 0;
    await expect(
      retryOnDeadlock(async () => {
        attempts += 1;
        throw withCode('ER_DUP_ENTRY');
      }),
    ).rejects.toThrow('ER_DUP_ENTRY');
    expect(attempts).toBe(1);
  });
});
