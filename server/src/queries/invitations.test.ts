import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteProblem } from '../policies/invitations.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { INVITE_COLUMNS, usableSchoolInvites, type InviteRow } from './invitations.ts';

let server: TestServer;
const now = Date.UTC(2026, 10, 30, 12);

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function school(name: string): Promise<number> {
  const [id] = await server.db('schools').insert({ name, country: 'gb', createdAt: now });
  return Number(id);
}

async function invite(schoolId: number, email: string, state: Partial<InviteRow> = {}): Promise<number> {
  const [id] = await server.db('schoolInvites').insert({
    schoolId,
    tokenHash: randomBytes(32).toString('hex'),
    createdAt: now,
    expiresAt: null,
    maxUses: 1,
    uses: 0,
    revokedAt: null,
    email,
    ...state,
  });
  return Number(id);
}

// One meaning of "usable" (issue 51): the database form the roster, SCIM and OneRoster read is
// the policy's inviteProblem returning null, for one school or several.
describe('usableSchoolInvites', () => {
  it('keeps exactly the invites inviteProblem lets through, for one school and for several', async () => {
    const oak = await school('Oak usable');
    const ash = await school('Ash usable');
    await invite(oak, 'open@oak.test');
    await invite(oak, 'no-expiry-many@oak.test', { maxUses: null });
    await invite(oak, 'withdrawn@oak.test', { revokedAt: now - 1 });
    await invite(oak, 'expired@oak.test', { expiresAt: now });
    await invite(oak, 'later@oak.test', { expiresAt: now + 1 });
    await invite(oak, 'used@oak.test', { uses: 1 });
    await invite(ash, 'open@ash.test');
    await invite(ash, 'used@ash.test', { maxUses: 2, uses: 2 });

    const rows: InviteRow[] = await server
      .db('schoolInvites')
      .whereIn('schoolId', [oak, ash])
      .select(...INVITE_COLUMNS);
    const byPolicy = rows.filter((row) => inviteProblem(row, now) === null).map((row) => row.email);
    expect(byPolicy.sort()).toEqual(['later@oak.test', 'no-expiry-many@oak.test', 'open@ash.test', 'open@oak.test']);

    const emails = async (schoolId: number | number[]) =>
      ((await usableSchoolInvites(server.db, schoolId, now).select('email')) as Array<{ email: string }>).map((row) => row.email).sort();
    expect(await emails([oak, ash])).toEqual(byPolicy.sort());
    expect(await emails(oak)).toEqual(['later@oak.test', 'no-expiry-many@oak.test', 'open@oak.test']);
    expect(await emails([ash])).toEqual(['open@ash.test']);
  });
});
