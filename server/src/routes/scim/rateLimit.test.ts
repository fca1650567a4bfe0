import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { schoolWithManager } from '../../test/schools.ts';
import { scimClientFor } from '../../test/scim.ts';

// The limit at its production size (multiplier 1): 3,000 requests a minute per school or trust, so
// Entra ID's 25 a second pass, and a flood is answered 429 in SCIM's shape. Every token of one
// owner spends the same budget (more tokens buy nothing); another school's is untouched.

const server = useTestServer({ env: { RATE_LIMIT_MULTIPLIER: '1' } });

describe('the directory token rate limit', () => {
  it('lets 100 requests through at once (more than Entra ID’s 25 a second), then answers 429 in SCIM’s shape once the school has spent its minute, to its other token too; another school is unaffected', async () => {
    const school = await schoolWithManager(server, 'Rowan Primary');
    const first = await scimClientFor(server, school.client, `/api/schools/${school.schoolId}`, 'Entra ID');
    const second = await scimClientFor(server, school.client, `/api/schools/${school.schoolId}`, 'Okta');
    const burst = await Promise.all(Array.from({ length: 100 }, () => first.get('/Users?count=1')));
    expect(burst.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    // Spend the rest of the minute's 3,000 (the limiter counts; the test does not wait a minute).
    let refused = null;
    for (let sent = 100; sent <= 3000 && !refused; sent += 100) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => first.get('/ServiceProviderConfig')));
      refused = answers.find((answer) => answer.status === 429) ?? null;
    }
    expect(refused?.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '429' });
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await second.get('/Users')).status).toBe(429);
    const elsewhere = await schoolWithManager(server, 'Hazel Primary');
    const theirs = await scimClientFor(server, elsewhere.client, `/api/schools/${elsewhere.schoolId}`);
    expect((await theirs.get('/Users')).status).toBe(200);
  }, 120_000);
});
