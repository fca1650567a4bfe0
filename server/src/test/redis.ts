import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, enableOfflineQueue: false });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the Redis at REDIS_URL (or the local default) answers, for suites that need one to
 * skip without it. REQUIRE_REDIS=1 (CI) turns a missing Redis into a failure instead.
 */
export async function redisForTests(suite: string): Promise<boolean> {
  const available = await redisAnswers(TEST_REDIS_URL);
  if (!available && process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but no Redis answers at ${TEST_REDIS_URL}`);
  if (!available) console.warn(`[atrium] no Redis at ${TEST_REDIS_URL}: ${suite} skipped.`);
  return available;
}
