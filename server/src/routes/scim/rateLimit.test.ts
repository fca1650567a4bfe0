import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { schoolWithManager } from '../../test/schools.ts';
import { scimClientFor } from '../../test/scim.ts';

// The per-token limit at its production size (multiplier 1): 3,000 requests a minute, so Entra
// ID's 25 a second pass, and one token's flood is answered 429 in SCIM's shape without touching
// another token's allowance.

const server = useTestServer({ env: { RATE_LIMIT_MULTIPLIER: '1' } });

describe('the directory token rate limit', () => {
  it('lets 100 requests through at once (more than Entra ID’s 25 a second), then answers 429 in SCIM’s shape once a token has spent its minute; another token is unaffected', async () => {
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
    expect((await second.get('/Users')).status).toBe(200);
  }, 120_000);
});
