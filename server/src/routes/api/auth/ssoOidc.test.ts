import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin } from '../../../test/factories.ts';
import { signInAtProvider, startOidcProvider, TEST_CLIENTS } from '../../../test/oidcProvider.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { proveDomain, refusedWith, signedInAs } from '../../../test/schoolSignIn.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// A school's own OpenID Connect issuer: the real oidc-provider on a loopback port, its "school" client.
const issuerServer = await startOidcProvider();
const server = useTestServer();
afterAll(() => issuerServer.close());
afterEach(() => {
  issuerServer.tamper = null;
});

const DOMAIN = 'birch-oidc.sch.uk';
let schoolId: number;
let manager: TestClient;
let connectionId: number;
let sequence = 0;
const address = (domain = DOMAIN) => `staff${++sequence}@${domain}`;
const connection = { kind: 'oidc', issuer: issuerServer.issuer, clientId: TEST_CLIENTS.school.id, clientSecret: TEST_CLIENTS.school.secret };

beforeAll(async () => {
  const school = await schoolWithManager(server, 'Birch Academy');
  schoolId = school.schoolId;
  manager = school.client;
  await proveDomain(server, schoolId, DOMAIN);
  const saved = await manager.put(`/api/schools/${schoolId}/identity-provider`, connection);
  expect(saved.status).toBe(200);
  connectionId = saved.body.id;
});

/**
 * A whole school sign-in as a browser does it: the start route (by address), the issuer (signing
 * in as `email`), back to the callback. `alter` changes the authorization request on its way out,
 * `alterCallback` the issuer's answer on its way back.
 */
async function signInWithIssuer(
  client: TestClient,
  email: string,
  options: { startEmail?: string; alter?: (url: URL) => void; alterCallback?: (url: URL) => void } = {},
) {
  const start = await client.get(`/api/auth/sso/start?email=${encodeURIComponent(options.startEmail ?? email)}&returnTo=%2Fcourses`);
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get('location')!);
  expect(authorization.origin).toBe(issuerServer.issuer);
  options.alter?.(authorization);
  const { callback } = await signInAtProvider(authorization.href, email);
  if (!callback) throw new Error('the issuer did not send the browser back');
  options.alterCallback?.(callback);
  const back = await client.get(callback.pathname + callback.search);
  return { authorization, callback, back };
}

describe('connecting an OIDC issuer', () => {
  it('answers the redirect URI, never the secret, and keeps the secret encrypted', async () => {
    const got = await manager.get(`/api/schools/${schoolId}/identity-provider`);
    expect(got.status).toBe(200);
    expect(got.body.provider).toMatchObject({
      id: connectionId,
      kind: 'oidc',
      issuer: issuerServer.issuer,
      clientId: TEST_CLIENTS.school.id,
      certificateExpiresAt: null,
      redirectUri: `${server.url}/api/auth/sso/${connectionId}/callback`,
      startUrl: `${server.url}/api/auth/sso/${connectionId}/start`,
    });
    expect(JSON.stringify(got.body)).not.toContain(TEST_CLIENTS.school.secret);
    const row = (await server.db('identityProviders').where({ id: connectionId }).first())!;
    expect(row.clientSecret).toMatch(/^v1\./);
    expect(row.clientSecret).not.toContain(TEST_CLIENTS.school.secret);
    expect((await server.client().get('/api/config')).body.ssoStart).toBe(true);
  });

  it('refuses an issuer without discovery, a plain-http one and a missing secret, naming the field', async () => {
    const put = (body: object) => manager.put(`/api/schools/${schoolId}/identity-provider`, { ...connection, ...body });
    const silent = await put({ issuer: 'http://127.0.0.1:9' });
    expect(silent.status).toBe(400);
    expect(silent.body.errors).toHaveProperty('issuer');
    const plain = await put({ issuer: 'http://idp.example' });
    expect(plain.status).toBe(400);
    expect(plain.body.errors).toHaveProperty('issuer');
    // The issuer's own discovery names another issuer: refused (the id token would be checked against it).
    const mismatch = await put({ issuer: `${issuerServer.issuer}/tenant` });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toHaveProperty('issuer');
    const { clientSecret: _omitted, ...withoutSecret } = connection;
    const otherClient = await manager.put(`/api/schools/${schoolId}/identity-provider`, { ...withoutSecret, clientId: 'another-client' });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.errors).toHaveProperty('clientSecret');
    // Same issuer and client: the stored secret is kept, and sign-in still works (below).
    const kept = await manager.put(`/api/schools/${schoolId}/identity-provider`, withoutSecret);
    expect(kept.status).toBe(200);
    expect(kept.body.id).toBe(connectionId);
  });
});

describe('Test sign-in through the issuer', () => {
  it('checks the issuer’s answer like a sign-in, records who came back and signs nobody in', async () => {
    const email = address();
    issuerServer.addAccount({ email, given_name: 'Katherine', family_name: 'Johnson' });
    const start = await manager.get(`/api/schools/${schoolId}/identity-provider/test`);
    expect(start.status).toBe(302);
    const { callback } = await signInAtProvider(start.headers.get('location')!, email);
    const back = await manager.get(callback!.pathname + callback!.search);
    expect(back.headers.get('location')).toBe('/school?ssoTest=passed');
    expect(await signedInAs(manager)).not.toBe(email);
    expect(await server.db('users').where({ email }).first()).toBeUndefined();
    const { lastTest } = (await manager.get(`/api/schools/${schoolId}/identity-provider`)).body.provider;
    expect(lastTest).toMatchObject({ ok: true, email, name: 'Katherine Johnson', failure: null });
  });
});

describe('an issuer on the server’s own network', () => {
  it('is refused before anything is fetched from it: private, link-local (cloud metadata) and unspecified addresses', async () => {
    for (const issuer of ['https://10.0.0.1', 'https://169.254.169.254', 'https://192.168.1.20/realms/staff', 'https://[fd00::1]', 'https://0.0.0.0']) {
      const refused = await manager.put(`/api/schools/${schoolId}/identity-provider`, { ...connection, issuer });
      expect(refused.status, issuer).toBe(400);
      expect(refused.body.errors.issuer, issuer).toMatch(/must be on the internet: .* not a public address/);
    }
    // The saved connection is untouched.
    expect((await manager.get(`/api/schools/${schoolId}/identity-provider`)).body.provider.issuer).toBe(issuerServer.issuer);
  });
});

describe('signing in with the school’s issuer', () => {
  it('makes a first-timer an account and a member, then finds them by subject', async () => {
    const email = address();
    const account = issuerServer.addAccount({ email, given_name: 'Grace', family_name: 'Hopper' });
    const client = server.client();
    const { authorization, back } = await signInWithIssuer(client, email);
    expect(authorization.searchParams.get('client_id')).toBe(TEST_CLIENTS.school.id);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/courses');
    expect(await signedInAs(client)).toBe(email);
    const user = (await server.db('users').where({ email }).first())!;
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(await server.db('schoolMembers').where({ userId: user.id }).first()).toMatchObject({ schoolId, role: 'member' });
    expect(await server.db('userIdentities').where({ userId: user.id })).toMatchObject([{ provider: `sso:${connectionId}`, subject: account.sub }]);

    // The issuer later sends another address (on the same domain) for the same subject: the same account.
    const renamed = address();
    account.email = renamed;
    const later = server.client();
    const second = await signInWithIssuer(later, renamed);
    expect(second.back.headers.get('location')).toBe('/courses');
    expect((await later.get('/api/user')).body.id).toBe(user.id);
  });

  it('the direct link per connection works too', async () => {
    const email = address();
    issuerServer.addAccount({ email });
    const client = server.client();
    const start = await client.get(`/api/auth/sso/${connectionId}/start`);
    const { callback } = await signInAtProvider(start.headers.get('location')!, email);
    const back = await client.get(callback!.pathname + callback!.search);
    expect(back.headers.get('location')).toBe('/');
    expect(await signedInAs(client)).toBe(email);
  });
});

describe('refusals: each lands on /auth with a code and signs nobody in', () => {
  const refused = async (code: string, tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null, options = {}) => {
    const email = address();
    issuerServer.addAccount({ email });
    issuerServer.tamper = tamper;
    const client = server.client();
    const { back } = await signInWithIssuer(client, email, options);
    refusedWith(back, code);
    expect(await signedInAs(client)).toBeNull();
    expect(await server.db('users').where({ email }).first()).toBeUndefined();
  };

  it('an id token from another issuer', () => refused('invalid', (claims) => ({ ...claims, iss: 'https://evil.example' })));
  it('an id token for another audience', () => refused('invalid', (claims) => ({ ...claims, aud: TEST_CLIENTS.stranger.id })));
  it('an id token with another nonce', () => refused('invalid', (claims) => ({ ...claims, nonce: 'not-the-flows-nonce' })));
  it('an expired id token', () => {
    const now = Math.floor(Date.now() / 1000);
    return refused('expired', (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
  });
  it('a state that is not the flow’s', () =>
    refused('expired', null, { alterCallback: (url: URL) => url.searchParams.set('state', 'forged-state-value-0123456789') }));
  it('a PKCE challenge changed on the way out (the code is then useless)', () =>
    refused('invalid', null, { alter: (url: URL) => url.searchParams.set('code_challenge', 'A'.repeat(43)) }));

  it('an address outside the organisation’s proven domains', async () => {
    const email = address('elsewhere.example');
    issuerServer.addAccount({ email });
    const client = server.client();
    // Started by a school address (the link on the intranet), the issuer answers for another domain.
    const { back } = await signInWithIssuer(client, email, { startEmail: address() });
    refusedWith(back, 'sso_domain');
    expect(await signedInAs(client)).toBeNull();
  });

  it('an address the issuer marks unverified', async () => {
    const email = address();
    issuerServer.addAccount({ email, email_verified: false });
    const client = server.client();
    refusedWith((await signInWithIssuer(client, email)).back, 'unverified');
    expect(await signedInAs(client)).toBeNull();
  });

  it('a callback carried to another browser than the one that started', async () => {
    const email = address();
    issuerServer.addAccount({ email });
    const starter = server.client();
    const start = await starter.get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    const { callback } = await signInAtProvider(start.headers.get('location')!, email);
    const victim = server.client();
    refusedWith(await victim.get(callback!.pathname + callback!.search), 'invalid');
    expect(await signedInAs(victim)).toBeNull();
  });

  it('an admin account, even at an address on the school’s domain', async () => {
    const email = address();
    await createAdmin(server.db, { email });
    issuerServer.addAccount({ email });
    const client = server.client();
    refusedWith((await signInWithIssuer(client, email)).back, 'sso_admin');
    expect(await signedInAs(client)).toBeNull();
  });

  it('a callback with garbage or nothing is a refusal, never a 5xx', async () => {
    refusedWith(await server.client().get(`/api/auth/sso/${connectionId}/callback`), 'invalid');
    refusedWith(await server.client().get(`/api/auth/sso/${connectionId}/callback?error=access_denied`), 'cancelled');
    refusedWith(await server.client().get(`/api/auth/sso/${connectionId}/callback?state=x&code=y`), 'expired');
  });
});
