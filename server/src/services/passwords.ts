import argon2 from 'argon2';
import pLimit from 'p-limit';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same effort as a real verify, so a missing account takes as long as a wrong password. */
  verifyNothing(password: string): Promise<false>;
  /** Hashes running now and waiting for a slot. */
  load(): { active: number; pending: number };
}

/** Hashing is capped at `concurrency` at once: a login burst queues instead of exhausting memory. */
export function createPasswordHasher(concurrency: number): PasswordHasher {
  const limit = pLimit(concurrency);
  let dummyHash: Promise<string> | null = null;
  const verify = (hash: string, password: string) =>
    limit(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    });
  return {
    load: () => ({ active: limit.activeCount, pending: limit.pendingCount }),
    hash: (password) => limit(() => argon2.hash(password, OPTIONS)),
    verify,
    async verifyNothing(password) {
      dummyHash ??= limit(() => argon2.hash('not-a-real-password', OPTIONS));
      await verify(await dummyHash, password);
      return false;
    },
  };
}
