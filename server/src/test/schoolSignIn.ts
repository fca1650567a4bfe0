import { expect } from 'vitest';
import type { TestClient } from './client.ts';
import type { FileTestServer } from './useTestServer.ts';

/** Proves `domain` for the school (as a DNS check or an admin's approval would). */
export async function proveDomain(server: FileTestServer, schoolId: number, domain: string): Promise<void> {
  await server.db('schoolDomains').insert({ schoolId, domain, verifiedDomain: domain, verifiedAt: Date.now(), proof: 'admin', createdAt: Date.now() });
}

/** A sign-in refused as the contract says: back on /auth with the code. */
export function refusedWith(response: { status: number; headers: Headers }, code: string): void {
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(`/auth?signInError=${code}`);
}

/** The address of whoever this browser is signed in as, or null. */
export async function signedInAs(client: TestClient): Promise<string | null> {
  const me = await client.get('/api/user');
  return me.status === 200 ? (me.body.email as string) : null;
}
