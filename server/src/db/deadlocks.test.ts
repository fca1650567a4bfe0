import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './deadlocks.ts';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('retryOnDeadlock', () => {
  it('runs a deadlocked attempt once more', async () => {
    let attempts = 0;
    const result = await retryOnDeadlock(async () => {
      attempts += 1;
      if (attempts === 1) throw withCode('ER_LOCK_DEADLOCK');
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
  });

  it('gives up after the second attempt, and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      retryOnDeadlock(async () => {
        attempts += 1;
        throw withCode('ER_LOCK_DEADLOCK');
      }),
    ).rejects.toThrow('ER_LOCK_DEADLOCK');
    expect(attempts).toBe(2);

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
