import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimits, redisLimiters } from './rateLimit.ts';
import { createTestServer } from '../test/server.ts';
import { redisForTests, TEST_REDIS_URL } from '../test/redis.ts';

const REDIS_URL = TEST_REDIS_URL;

describe('RateLimits in memory', () => {
  it('answers 429 with Retry-After once the limit is spent, and the multiplier scales it', async () => {
    const limits = new RateLimits(1);
    for (let i = 0; i < 5; i += 1) await limits.consume('forgotAccount', 'a@school.test');
    await expect(limits.consume('forgotAccount', 'a@school.test')).rejects.toMatchObject({
      status: 429,
      headers: { 'Retry-After': expect.stringMatching(/^\d+$/) },
    });
    await limits.consume('forgotAccount', 'b@school.test');
    const doubled = new RateLimits(2);
    for (let i = 0; i < 10; i += 1) await doubled.consume('forgotAccount', 'a@school.test');
    await expect(doubled.consume('forgotAccount', 'a@school.test')).rejects.toMatchObject({ status: 429 });
  });

  it('leaves a whole school room behind one address: 300 registrations an hour', async () => {
    const limits = new RateLimits(1);
    for (let i = 0; i < 300; i += 1) await limits.consume('register', '203.0.113.7');
    await expect(limits.consume('register', '203.0.113.7')).rejects.toMatchObject({ status: 429 });
  });
});

const available = await redisForTests('shared rate-limit tests');

describe.skipIf(!available)('RateLimits shared through Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => redis.quit());

  it('counts attempts across two instances', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const first = new RateLimits(1, redisLimiters(redis, prefix));
    const second = new RateLimits(1, redisLimiters(redis, prefix));
    for (let i = 0; i < 5; i += 1) await (i % 2 ? first : second).consume('loginAccount', 'shared@school.test');
    for (let i = 0; i < 5; i += 1) await (i % 2 ? second : first).consume('loginAccount', 'shared@school.test');
    await expect(first.consume('loginAccount', 'shared@school.test')).rejects.toMatchObject({ status: 429 });
    await expect(second.consume('loginAccount', 'shared@school.test')).rejects.toMatchObject({ status: 429 });
  });

  // Two instances on one database, a per-learner limit reached through one shared session: twoInstances.test.ts.
  it('locks an account across two app instances sharing REDIS_URL', async () => {
    const a = await createTestServer({ REDIS_URL, RATE_LIMIT_MULTIPLIER: '1' });
    const b = await createTestServer({ REDIS_URL, RATE_LIMIT_MULTIPLIER: '1' });
    try {
      // The two test apps have a database each (production shares one): the address has an account
      // on neither, so both count it under the same key (login limits are keyed on the account id).
      const email = `locked-${randomBytes(4).toString('hex')}@school.test`;
      // An instance counts in memory until its Redis connection is up (by design): let both connect.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const server = i % 2 ? a : b;
        statuses.push((await server.client().post('/api/login', { email, password: 'wrong-password' })).status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
