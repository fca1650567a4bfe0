import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestServer, type TestServer } from '../test/server.ts';

// resetAddress allows 100 calls an hour per address; 0.02 leaves 2, so the third is refused.
const TWO_CALLS = { RATE_LIMIT_MULTIPLIER: '0.02' };

async function resetAttempt(server: TestServer, forwardedFor: string): Promise<number> {
  const response = await server.client().post('/api/reset-password', { token: 'x', password: 'irrelevant-here' }, { 'x-forwarded-for': forwardedFor });
  return response.status;
}

describe('TRUST_PROXY=1: one proxy appends to X-Forwarded-For', () => {
  let oneProxy: TestServer;
  beforeAll(async () => {
    oneProxy = await createTestServer({ ...TWO_CALLS, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await oneProxy?.close();
  });

  it('gives a forged left-most X-Forwarded-For entry no fresh rate-limit bucket (one proxy)', async () => {
    // The proxy appends the address it saw (203.0.113.7); what comes before it, the client wrote.
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) statuses.push(await resetAttempt(oneProxy, `${forged}, 203.0.113.7`));
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
    // Another real client behind the same proxy still has its own bucket.
    expect(await resetAttempt(oneProxy, '203.0.113.8')).not.toBe(429);
  });
});

describe('TRUST_PROXY=2: two proxies append to X-Forwarded-For', () => {
  let twoProxies: TestServer;
  beforeAll(async () => {
    twoProxies = await createTestServer({ ...TWO_CALLS, TRUST_PROXY: '2' });
  });
  afterAll(async () => {
    await twoProxies?.close();
  });

  it('believes exactly two entries', async () => {
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) statuses.push(await resetAttempt(twoProxies, `${forged}, 203.0.113.9, 10.0.0.2`));
    expect(statuses[2]).toBe(429);
  });
});

describe('TRUST_PROXY configuration', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'secret' };
  it('defaults to no proxy and reads a hop count', () => {
    expect(loadConfig(base).trustProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
  });

  it('reads the old boolean true as one proxy, with a notice to set the number', () => {
    const config = loadConfig({ ...base, TRUST_PROXY: 'true' });
    expect(config.trustProxyHops).toBe(1);
    expect(config.notices.join(' ')).toMatch(/TRUST_PROXY=true is read as TRUST_PROXY=1/);
  });

  it('refuses anything else with a sentence naming the setting', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'all' })).toThrow(/TRUST_PROXY must be the number of proxies/);
  });
});
