import { describe, expect, it } from 'vitest';
import { schoolWithManager } from '../../test/schools.ts';
import { adminClient } from '../../test/trusts.ts';
import { createTestServer } from '../../test/server.ts';
import { useTestServer } from '../../test/useTestServer.ts';

// A school holds a few working directory tokens, not any number: each is a standing credential, and
// together they once multiplied the SCIM rate limit (now the school's, shared by all its tokens).

const server = useTestServer();

const LIMIT_MESSAGE = 'A directory can have at most 5 sync tokens at once: revoke one you no longer use first';

describe('working directory tokens per school', () => {
  it('refuses the sixth with a 409 naming the limit, for the manager and an admin alike; revoking one makes room', async () => {
    const { client, schoolId } = await schoolWithManager(server, 'Rowan Primary');
    const base = `/api/schools/${schoolId}/scim-tokens`;
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const created = await client.post(base, { label: `Directory ${i}` });
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id as number);
    }

    const refused = await client.post(base, { label: 'Directory 6' });
    expect([refused.status, refused.body.message]).toEqual([409, LIMIT_MESSAGE]);
    const admin = await adminClient(server);
    expect((await admin.post(`/api/admin/schools/${schoolId}/scim-tokens`, { label: 'Support' })).status).toBe(409);
    expect((await client.get(base)).body).toHaveLength(5);

    expect((await client.delete(`${base}/${ids[0]}`)).status).toBe(204);
    expect((await client.post(base, { label: 'Directory 6' })).status).toBe(201);
    expect((await client.post(base, { label: 'Directory 7' })).status).toBe(409);

    // Another school's tokens are its own count.
    const other = await schoolWithManager(server, 'Hazel Primary');
    expect((await other.client.post(`/api/schools/${other.schoolId}/scim-tokens`, { label: 'Entra ID' })).status).toBe(201);
  });

  it('making tokens is rate limited per manager (20 an hour), so making and revoking in a loop cannot add rows without end', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const { client, schoolId } = await schoolWithManager(limited, 'Aspen Primary');
      const base = `/api/schools/${schoolId}/scim-tokens`;
      for (let i = 1; i <= 20; i++) {
        const created = await client.post(base, { label: `Directory ${i}` });
        expect(created.status, created.text).toBe(201);
        expect((await client.delete(`${base}/${created.body.id}`)).status).toBe(204);
      }
      const refused = await client.post(base, { label: 'One more' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
