import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.ts';

describe('createPasswordHasher', () => {
  it('hashes with argon2id at 19 MiB, t=2, p=1 and verifies', async () => {
    const hasher = createPasswordHasher(2);
    const hash = await hasher.hash('open sesame');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'open sesame')).toBe(true);
    expect(await hasher.verify(hash, 'open sesame!')).toBe(false);
    expect(await hasher.verify('not a hash', 'open sesame')).toBe(false);
    expect(await hasher.verifyNothing('anything')).toBe(false);
  });

  it('never runs more hashes at once than its cap; the rest wait', async () => {
    const hasher = createPasswordHasher(2);
    let maxActive = 0;
    const work = Array.from({ length: 8 }, (_, i) => hasher.hash(`password ${i}`));
    const sampler = setInterval(() => {
      maxActive = Math.max(maxActive, hasher.load().active);
    }, 1);
    expect(hasher.load()).toEqual({ active: 2, pending: 6 });
    await Promise.all(work);
    clearInterval(sampler);
    expect(maxActive).toBeLessThanOrEqual(2);
    expect(hasher.load()).toEqual({ active: 0, pending: 0 });
  });
});
