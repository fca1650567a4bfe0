import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, createCourse, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { signInAtProvider, signInThroughProvider, startOidcProvider, TEST_CLIENTS } from '../../../test/oidcProvider.ts';
import { createTestServer } from '../../../test/server.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createSchool } from '../../../commands/schools/membership.ts';
import { licenseSchool } from '../../../commands/schools/licences.ts';
import { MICROSOFT_CONSUMER_TENANT } from '../../../services/signIn/claims.ts';
import { SIGN_IN_FLOW_TTL_MS } from '../../../services/signIn/flows.ts';
import type { TestClient } from '../../../test/client.ts';
import { hashToken } from '../../../services/tokens.ts';

const provider = await startOidcProvider();
const server = useTestServer({ env: provider.env() });
afterAll(() => provider.close());

const WORK_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
let sequence = 0;
const address = (domain = 'oak.sch.uk') => `teacher${++sequence}-${Date.now().toString(36)}@${domain}`;
const refusedWith = (response: { status: number; headers: Headers }, code: string) => {
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(`/auth?signInError=${code}`);
};
const whoAmI = async (client: TestClient) => (await client.get('/api/user')).body;
const identitiesOf = (userId: number) => server.db('userIdentities').where({ userId });
/** An account whose owner has confirmed its address (by the mailed link). */
/** The account's session as if its sign-in was 11 minutes ago: past FRESH_SIGN_IN_MS. */
const signedInLongAgo = async (userId: number) => {
  const [session] = await server.db('sessions').where({ userId });
  await server
    .db('sessions')
    .where({ id: session!.id })
    .update({ data: JSON.stringify({ ...JSON.parse(session!.data), signedInAt: Date.now() - 11 * 60 * 1000 }) });
};
const verifiedUser = async (email = address()) => {
  const user = await createUser(server.db, { email });
  await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  return user;
};

describe('GET /api/config', () => {
  it('lists the configured sign-in providers', async () => {
    expect((await server.client().get('/api/config')).body.signInProviders).toEqual(['google', 'microsoft']);
  });
});

describe('GET /api/auth/:provider/start', () => {
  it('redirects to the provider with code + PKCE S256, state and nonce, and keeps the flow on the server', async () => {
    const client = server.client();
    const response = await client.get('/api/auth/google/start?returnTo=%2Fcourses%2F1');
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get('location')!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENTS.google.id);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('atrium.signin='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    // Only hashes and the PKCE verifier are stored; the state itself is nowhere in the row.
    const flows = await server.db('signInFlows').select('*');
    expect(JSON.stringify(flows)).not.toContain(url.searchParams.get('state')!);
  });

  it('sends an unknown provider back to /auth', async () => {
    refusedWith(await server.client().get('/api/auth/yahoo/start'), 'not_configured');
  });
});

describe('first sign-in', () => {
  it('creates the account from the id token, rotates the session id and goes back to returnTo', async () => {
    const account = provider.addAccount({ email: address(), given_name: 'Priya', family_name: 'Shah' });
    const client = server.client();
    // A session already exists in this browser (a visitor who signed in as someone else earlier).
    const other = await createUser(server.db);
    await signIn(client, other);
    const before = client.cookieHeader.match(/atrium\.sid=([^;]+)/)![1];
    const { back } = await signInThroughProvider(client, { email: account.email!, returnTo: '/courses/7?tab=modules' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/courses/7?tab=modules');
    const after = client.cookieHeader.match(/atrium\.sid=([^;]+)/)![1];
    expect(after).not.toBe(before);
    const me = await whoAmI(client);
    expect(me).toMatchObject({ email: account.email, firstName: 'Priya', lastName: 'Shah', role: 'learner' });
    const user = await server.db('users').where({ email: account.email }).first();
    expect(user!.passwordHash).toBe('');
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await identitiesOf(user!.id)).toMatchObject([{ provider: 'google', subject: account.sub, email: account.email }]);
    // A password cannot be used on an account that has none.
    expect((await server.client().post('/api/login', { email: account.email, password: '' })).status).toBe(400);
    expect((await server.client().post('/api/login', { email: account.email, password: 'anything-at-all' })).status).toBe(401);
  });

  it('enrols a teacher whose verified address is on a licensed school domain', async () => {
    const manager = await createUser(server.db, { email: `head-${Date.now()}@stmarys.sch.uk` });
    await server.db('users').where({ id: manager.id }).update({ emailVerifiedAt: Date.now() });
    const schoolId = await createSchool(server.db, { name: "St Mary's", country: 'GB' }, manager.id, Date.now());
    await server.db('schoolDomains').insert({ schoolId, domain: 'stmarys.sch.uk', verifiedAt: Date.now(), verifiedBy: manager.id, createdAt: Date.now() });
    const course = await createCourse(server, { price: 49900 });
    await licenseSchool(server.db, schoolId, course.id, 'grant', Date.now());
    const account = provider.addAccount({ email: address('stmarys.sch.uk'), given_name: 'Tom' });
    const client = server.client();
    await signInThroughProvider(client, { email: account.email! });
    const me = await whoAmI(client);
    expect(await server.db('schoolMembers').where({ userId: me.id }).first()).toMatchObject({ schoolId, role: 'member' });
    expect(await server.db('enrollments').where({ userId: me.id, courseId: course.id }).first()).toMatchObject({ source: 'licence' });
  });

  it('refuses a token without an e-mail address', async () => {
    const account = provider.addAccount({ email: address() });
    // Without the email scope the id token carries no address.
    const { back } = await signInThroughProvider(server.client(), { email: account.email!, alter: (url) => url.searchParams.set('scope', 'openid profile') });
    refusedWith(back, 'no_email');
  });
});

describe('an existing account with the same address', () => {
  it('is linked when Google says the address is verified, and found by subject after an address change', async () => {
    const user = await verifiedUser();
    const account = provider.addAccount({ email: user.email, email_verified: true });
    const client = server.client();
    await signInThroughProvider(client, { email: user.email });
    expect((await whoAmI(client)).id).toBe(user.id);
    expect(await identitiesOf(user.id)).toHaveLength(1);
    // The person's address changes at Google: the link (provider + subject) still finds them.
    account.email = address('renamed.example');
    const later = server.client();
    await signInThroughProvider(later, { email: account.email });
    expect((await whoAmI(later)).id).toBe(user.id);
    expect(await server.db('users').count({ n: '*' }).where({ email: account.email }).first()).toMatchObject({ n: 0 });
  });

  it('tells the owner by mail when a sign-in links it, once (the same mail as a link made from /profile)', async () => {
    const user = await verifiedUser();
    provider.addAccount({ email: user.email, email_verified: true });
    const connected = async () => (await server.db('outbox').where({ toAddress: user.email })).map((mail) => mail.subject);
    expect(await connected()).toEqual([]);
    await signInThroughProvider(server.client(), { email: user.email });
    expect(await connected()).toEqual(['Google sign-in connected to your Atrium School Marketing account']);
    const mail = await server.db('outbox').where({ toAddress: user.email }).first();
    expect(mail!.text).toMatch(/remove it under "Linked sign-ins"/);
    // Signing in again through the same link is not news.
    await signInThroughProvider(server.client(), { email: user.email });
    expect(await connected()).toHaveLength(1);
  });

  it('is not linked when Google does not say the address is verified', async () => {
    const user = await createUser(server.db, { email: address() });
    provider.addAccount({ email: user.email, email_verified: false });
    const client = server.client();
    const { back } = await signInThroughProvider(client, { email: user.email });
    refusedWith(back, 'unverified');
    expect((await client.get('/api/user')).status).toBe(401);
    expect(await identitiesOf(user.id)).toHaveLength(0);
  });

  it('is linked for a Microsoft work account whose address Microsoft marks verified (xms_edov), never for a personal account', async () => {
    const user = await createUser(server.db, { email: address() });
    provider.addAccount({ email: user.email, preferred_username: user.email, tid: MICROSOFT_CONSUMER_TENANT, xms_edov: true });
    const personal = await signInThroughProvider(server.client(), { provider: 'microsoft', email: user.email });
    refusedWith(personal.back, 'unverified');
    provider.accounts.clear();
    // A work account whose directory `email` attribute says this address but whose sign-in name
    // is elsewhere does not vouch for it either (the attribute is editable by the tenant's admins).
    provider.addAccount({ email: user.email, preferred_username: `someone@${WORK_TENANT.slice(0, 8)}.onmicrosoft.com`, tid: WORK_TENANT });
    refusedWith((await signInThroughProvider(server.client(), { provider: 'microsoft', email: user.email })).back, 'unverified');
    expect(await identitiesOf(user.id)).toHaveLength(0);
    provider.accounts.clear();
    provider.addAccount({ email: user.email, preferred_username: `someone@${WORK_TENANT.slice(0, 8)}.onmicrosoft.com`, tid: WORK_TENANT, xms_edov: true });
    const client = server.client();
    const work = await signInThroughProvider(client, { provider: 'microsoft', email: user.email });
    expect(work.back.headers.get('location')).toBe('/');
    expect((await whoAmI(client)).id).toBe(user.id);
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: 'microsoft' }]);
  });

  it("takes a Microsoft sign-in name as proof of an address only when the app is pinned to the account's tenant", async () => {
    // Any tenant's admins name their users (and a guest is named after whatever address it was
    // invited under): with `organizations`, a sign-in name alone opens nothing and links nothing.
    const user = await verifiedUser();
    provider.addAccount({ email: user.email, preferred_username: user.email, tid: WORK_TENANT });
    const multiTenant = await signInThroughProvider(server.client(), { provider: 'microsoft', email: user.email });
    refusedWith(multiTenant.back, 'unverified');
    expect(await identitiesOf(user.id)).toHaveLength(0);
    const newcomer = address();
    provider.addAccount({ email: newcomer, preferred_username: newcomer, tid: WORK_TENANT });
    refusedWith((await signInThroughProvider(server.client(), { provider: 'microsoft', email: newcomer })).back, 'unverified');
    expect(await server.db('users').where({ email: newcomer })).toHaveLength(0);

    // The same tokens, to an app whose MICROSOFT_TENANT is that tenant: its admins are the school's.
    // (A second app on a database of its own, whose migrations take a while on MariaDB: the longer timeout.)
    const pinned = await createTestServer({ ...provider.env(), MICROSOFT_TENANT: WORK_TENANT });
    try {
      const owner = await createUser(pinned.db, { email: user.email });
      const client = pinned.client();
      const { back } = await signInThroughProvider(client, { provider: 'microsoft', email: user.email });
      expect(back.headers.get('location')).toBe('/');
      expect((await whoAmI(client)).id).toBe(owner.id);
      expect(await pinned.db('userIdentities').where({ userId: owner.id })).toMatchObject([{ provider: 'microsoft' }]);
    } finally {
      await pinned.close();
    }
  }, 120_000);

  it('never opens an account for an address the provider does not vouch for: it is registered (and confirmed by mail) first', async () => {
    const email = address('outlook.example');
    const account = provider.addAccount({ email, preferred_username: email, tid: MICROSOFT_CONSUMER_TENANT });
    const client = server.client();
    const { back } = await signInThroughProvider(client, { provider: 'microsoft', email });
    refusedWith(back, 'unverified');
    expect((await client.get('/api/user')).status).toBe(401);
    expect(await server.db('users').where({ email })).toHaveLength(0);
    expect(await server.db('userIdentities').where({ subject: account.sub })).toHaveLength(0);
  });
});

describe('an account whose address was never verified (pre-account takeover)', () => {
  it("is claimed by the provider's proof: password cleared, every session ended, other links removed, the owner told", async () => {
    // Someone registers a password account under a teacher's address and links their own Google.
    const email = address();
    const squatter = server.client();
    expect((await squatter.post('/api/register', { email, password: 'squatters-password', firstName: 'Not' })).status).toBe(201);
    const squattersMicrosoft = provider.addAccount({ email: address('gmail.example') });
    await server.db('userIdentities').insert({
      userId: (await whoAmI(squatter)).id,
      provider: 'microsoft',
      subject: squattersMicrosoft.sub,
      email: squattersMicrosoft.email,
      createdAt: Date.now(),
      lastUsedAt: Date.now(),
    });
    const squatted = await server.db('users').where({ email }).first();
    // The teacher signs in with Google, which vouches for the address.
    const teacherAccount = provider.addAccount({ email, given_name: 'Real', family_name: 'Teacher' });
    const teacher = server.client();
    const { back } = await signInThroughProvider(teacher, { email });
    expect(back.headers.get('location')).toBe('/');
    expect(await whoAmI(teacher)).toMatchObject({ id: squatted!.id, emailVerified: true, firstName: 'Real' });
    const row = await server.db('users').where({ id: squatted!.id }).first();
    expect(row!.passwordHash).toBe('');
    expect((await squatter.get('/api/user')).status).toBe(401);
    expect((await server.client().post('/api/login', { email, password: 'squatters-password' })).status).toBe(401);
    expect(await identitiesOf(squatted!.id)).toMatchObject([{ provider: 'google', subject: teacherAccount.sub }]);
    const mails = await server.db('outbox').where({ toAddress: email });
    expect(mails.map((mail) => mail.subject)).toContain('Your Atrium School Marketing account is now yours through Google');
    // The verification link mailed at registration is spent: it cannot be used any more.
    expect(await server.db('emailVerifications').where({ userId: squatted!.id }).whereNull('usedAt')).toHaveLength(0);
  });

  it('keeps the password and sessions of an account whose owner had verified its address', async () => {
    const user = await verifiedUser();
    const owner = server.client();
    await signIn(owner, user, TEST_PASSWORD);
    provider.addAccount({ email: user.email });
    await signInThroughProvider(server.client(), { email: user.email });
    expect((await owner.get('/api/user')).status).toBe(200);
    expect((await server.db('users').where({ id: user.id }).first())!.passwordHash).not.toBe('');
  });
});

describe('returnTo', () => {
  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/api/user', '/'],
    ['javascript:alert(1)', '/'],
    ['/dashboard#top', '/dashboard#top'],
  ])('%s → %s', async (returnTo, expected) => {
    const account = provider.addAccount({ email: address() });
    const { back } = await signInThroughProvider(server.client(), { email: account.email!, returnTo });
    expect(back.headers.get('location')).toBe(expected);
  });
});

describe('refused callbacks', () => {
  /** A finished provider round trip whose callback has not been delivered to the app yet. */
  async function pendingCallback(client: TestClient, alter?: (url: URL) => void): Promise<string> {
    const account = provider.addAccount({ email: address() });
    const start = await client.get('/api/auth/google/start');
    const authorization = new URL(start.headers.get('location')!);
    alter?.(authorization);
    const { callback } = await signInAtProvider(authorization.href, account.email!);
    return callback!.pathname + callback!.search;
  }

  it('a made-up state', async () => {
    const client = server.client();
    const callback = await pendingCallback(client);
    const forged = callback.replace(/state=[^&]+/, 'state=made-up-state');
    refusedWith(await client.get(forged), 'expired');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('a replayed callback (single use)', async () => {
    const client = server.client();
    const callback = await pendingCallback(client);
    expect((await client.get(callback)).headers.get('location')).toBe('/');
    const replay = server.client();
    refusedWith(await replay.get(callback), 'expired');
    refusedWith(await client.get(callback), 'expired');
  });

  it('a callback delivered to another browser than the one that started', async () => {
    const callback = await pendingCallback(server.client());
    const victim = server.client();
    refusedWith(await victim.get(callback), 'invalid');
    expect((await victim.get('/api/user')).status).toBe(401);
  });

  it('an expired flow (the clock moved past ten minutes)', async () => {
    const client = server.client();
    const callback = await pendingCallback(client);
    server.clock.advance(SIGN_IN_FLOW_TTL_MS + 1000);
    try {
      refusedWith(await client.get(callback), 'expired');
    } finally {
      server.clock.reset();
    }
  });

  it('a wrong nonce', async () => {
    const client = server.client();
    const callback = await pendingCallback(client, (url) => url.searchParams.set('nonce', 'a-nonce-the-app-never-made'));
    refusedWith(await client.get(callback), 'invalid');
  });

  it('a code issued to another client', async () => {
    const client = server.client();
    const callback = await pendingCallback(client, (url) => url.searchParams.set('client_id', TEST_CLIENTS.stranger.id));
    refusedWith(await client.get(callback), 'invalid');
  });

  it.each([
    ['an id token for another client id', () => ({ aud: TEST_CLIENTS.stranger.id })],
    ['an expired id token', () => ({ exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 })],
    ['an id token from another issuer', () => ({ iss: 'https://evil.example' })],
  ])('%s', async (_name, change) => {
    const client = server.client();
    const callback = await pendingCallback(client);
    provider.tamper = (claims) => ({ ...claims, ...change() });
    try {
      refusedWith(await client.get(callback), 'invalid');
    } finally {
      provider.tamper = null;
    }
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('an id token the app clock finds expired', async () => {
    const client = server.client();
    const callback = await pendingCallback(client);
    // A token valid for one more minute, read five minutes later by the app's clock: the flow
    // (ten minutes) is still good, the token is not. openid-client checks against the app clock.
    const exp = Math.floor(Date.now() / 1000) + 60;
    provider.tamper = (claims) => ({ ...claims, exp });
    server.clock.advance(5 * 60 * 1000);
    try {
      refusedWith(await client.get(callback), 'invalid');
    } finally {
      server.clock.reset();
      provider.tamper = null;
    }
  });

  it('denied consent at the provider', async () => {
    const client = server.client();
    const start = await client.get('/api/auth/google/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    refusedWith(await client.get(`/api/auth/google/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`), 'cancelled');
  });

  it('is logged with its reason', async () => {
    const lines: string[] = [];
    const original = server.app.deps.logger;
    server.app.deps.logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    try {
      const client = server.client();
      const callback = await pendingCallback(client, (url) => url.searchParams.set('nonce', 'a-nonce-the-app-never-made'));
      refusedWith(await client.get(callback), 'invalid');
    } finally {
      server.app.deps.logger = original;
    }
    const refusal = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'provider sign-in refused');
    expect(refusal).toMatchObject({ level: 40, provider: 'google', code: 'invalid', reason: expect.stringMatching(/nonce|claim/i) });
  });

  it('a callback for another provider than the flow', async () => {
    const client = server.client();
    const callback = await pendingCallback(client);
    refusedWith(await client.get(callback.replace('/google/', '/microsoft/')), 'invalid');
  });
});

describe('a provider that does not answer, and the callback rate limit', () => {
  it('lands on /auth with a message, never a 5xx', async () => {
    const down = await createTestServer({ ...provider.env(), GOOGLE_ISSUER: 'http://127.0.0.1:9', RATE_LIMIT_MULTIPLIER: '0.004' });
    try {
      const client = down.client();
      refusedWith(await client.get('/api/auth/google/start'), 'unavailable');
      refusedWith(await client.get('/api/auth/google/callback?state=x&code=y'), 'expired');
      refusedWith(await client.get('/api/auth/google/callback?state=x&code=y'), 'rate_limited');
    } finally {
      await down.close();
    }
  });
});

describe('linked sign-ins on the profile', () => {
  it('lists them and removes one, never the last way in', async () => {
    const account = provider.addAccount({ email: address() });
    const client = server.client();
    await signInThroughProvider(client, { email: account.email! });
    const listed = await client.get('/api/user/sign-ins');
    expect(listed.body).toMatchObject({ hasPassword: false, signIns: [{ provider: 'google', email: account.email }] });
    const refused = await client.delete('/api/user/sign-ins/google');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only way to sign in/);

    const user = await verifiedUser();
    provider.addAccount({ email: user.email });
    const withPassword = server.client();
    await signInThroughProvider(withPassword, { email: user.email, provider: 'microsoft' });
    // Microsoft did not vouch (no tenant): the existing account is not linked.
    expect((await withPassword.get('/api/user')).status).toBe(401);
    await signIn(withPassword, user, TEST_PASSWORD);
    await signInThroughProvider(withPassword, { email: user.email });
    expect((await withPassword.get('/api/user/sign-ins')).body).toMatchObject({ hasPassword: true, signIns: [{ provider: 'google' }] });
    expect((await withPassword.delete('/api/user/sign-ins/google')).status).toBe(200);
    expect((await withPassword.get('/api/user/sign-ins')).body.signIns).toEqual([]);
    expect((await withPassword.delete('/api/user/sign-ins/google')).status).toBe(404);
    expect((await withPassword.delete('/api/user/sign-ins/yahoo')).status).toBe(400);
  });
});

describe('account deletion', () => {
  it('removes the links, so the next sign-in with that Google account starts a new account', async () => {
    const user = await verifiedUser();
    const account = provider.addAccount({ email: user.email });
    const client = server.client();
    await signIn(client, user, TEST_PASSWORD);
    await signInThroughProvider(client, { email: user.email });
    expect(await identitiesOf(user.id)).toHaveLength(1);
    expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
    expect(await identitiesOf(user.id)).toHaveLength(0);
    const again = server.client();
    await signInThroughProvider(again, { email: account.email! });
    const me = await whoAmI(again);
    expect(me.id).not.toBe(user.id);
    expect(me.email).toBe(user.email);
  });
});

/** "Connect" on /profile: the password first (POST …/link), then the provider round trip. */
async function confirmLink(client: TestClient, body: { password?: string } = { password: TEST_PASSWORD }, provider = 'google') {
  const confirmed = await client.post(`/api/user/sign-ins/${provider}/link`, body);
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.body).toEqual({ url: `/api/auth/${provider}/start?link=1&returnTo=%2Fprofile` });
}

describe('linking a provider from /profile', () => {
  it('links an account with another address to the signed-in person, and it signs them in afterwards (no notice to an unproven address)', async () => {
    const user = await createUser(server.db, { email: address() });
    const account = provider.addAccount({ email: address('gmail.example') });
    const client = server.client();
    await signIn(client, user, TEST_PASSWORD);
    await confirmLink(client);
    const { back } = await signInThroughProvider(client, { email: account.email!, link: true, returnTo: '/profile' });
    expect(back.headers.get('location')).toBe('/profile?linked=google');
    expect((await whoAmI(client)).id).toBe(user.id);
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: 'google', subject: account.sub, email: account.email }]);
    // Nobody proved this account's address: the notice is not mailed to it (someone else's, perhaps).
    expect(await server.db('outbox').where({ toAddress: user.email })).toEqual([]);
    const later = server.client();
    await signInThroughProvider(later, { email: account.email! });
    expect((await whoAmI(later)).id).toBe(user.id);
  });

  it('refuses a provider account linked to someone else, back on the page it started from', async () => {
    const owner = await createUser(server.db, { email: address() });
    const account = provider.addAccount({ email: owner.email });
    await signInThroughProvider(server.client(), { email: owner.email });
    const other = await createUser(server.db, { email: address() });
    const client = server.client();
    await signIn(client, other, TEST_PASSWORD);
    await confirmLink(client);
    const { back } = await signInThroughProvider(client, { email: account.email!, link: true, returnTo: '/profile' });
    expect(back.headers.get('location')).toBe('/profile?signInError=linked_elsewhere');
    expect(await identitiesOf(other.id)).toHaveLength(0);
    expect((await whoAmI(client)).id).toBe(other.id);
  });

  it('refuses when someone else is signed in by the time the provider sends the browser back', async () => {
    const first = await createUser(server.db, { email: address() });
    const second = await createUser(server.db, { email: address() });
    const account = provider.addAccount({ email: address('gmail.example') });
    const client = server.client();
    await signIn(client, first, TEST_PASSWORD);
    await confirmLink(client);
    const start = await client.get('/api/auth/google/start?link=1&returnTo=%2Fprofile');
    await signIn(client, second, TEST_PASSWORD);
    const { callback } = await signInAtProvider(start.headers.get('location')!, account.email!);
    const back = await client.get(callback!.pathname + callback!.search);
    expect(back.headers.get('location')).toBe('/profile?signInError=invalid');
    expect(await identitiesOf(first.id)).toHaveLength(0);
    expect(await identitiesOf(second.id)).toHaveLength(0);
  });

  it('is an ordinary sign-in for a visitor who is not signed in', async () => {
    const account = provider.addAccount({ email: address() });
    const client = server.client();
    const { back } = await signInThroughProvider(client, { email: account.email!, link: true, returnTo: '/profile' });
    expect(back.headers.get('location')).toBe('/profile');
    expect((await whoAmI(client)).email).toBe(account.email);
  });
});

describe('linking asks who it is, tells the address and can be undone everywhere', () => {
  it('needs the password first (single use, for that provider), and mails the account address once linked', async () => {
    const user = await verifiedUser();
    const account = provider.addAccount({ email: address('gmail.example') });
    const client = server.client();
    await signIn(client, user, TEST_PASSWORD);
    // Straight to the provider, as a page or someone at the keyboard for a moment could: refused.
    const unconfirmed = await signInThroughProvider(client, { email: account.email!, link: true, returnTo: '/profile' }).catch(() => null);
    expect(unconfirmed).toBeNull();
    const start = await client.get('/api/auth/google/start?link=1&returnTo=%2Fprofile');
    expect(start.headers.get('location')).toBe('/profile?signInError=reauth_required');
    const wrong = await client.post('/api/user/sign-ins/google/link', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toBe('Your password is not correct');
    expect((await client.post('/api/user/sign-ins/google/link', {})).status).toBe(400);
    // Confirmed for Microsoft, used for Google: refused, and the confirmation is spent.
    await confirmLink(client, { password: TEST_PASSWORD }, 'microsoft');
    expect((await client.get('/api/auth/google/start?link=1&returnTo=%2Fprofile')).headers.get('location')).toBe('/profile?signInError=reauth_required');
    expect((await client.get('/api/auth/microsoft/start?link=1&returnTo=%2Fprofile')).headers.get('location')).toBe('/profile?signInError=reauth_required');
    await confirmLink(client);
    const { back } = await signInThroughProvider(client, { email: account.email!, link: true, returnTo: '/profile' });
    expect(back.headers.get('location')).toBe('/profile?linked=google');
    const mail = await server.db('outbox').where({ toAddress: user.email }).orderBy('id', 'desc').first();
    expect(mail!.subject).toBe('Google sign-in connected to your Atrium School Marketing account');
    expect((await client.get('/api/user/sign-ins')).body.signIns).toMatchObject([{ provider: 'google', email: account.email }]);
  });

  it('needs a sign-in of the last ten minutes from an account without a password', async () => {
    const account = provider.addAccount({ email: address() });
    const other = provider.addAccount({ email: address('gmail.example') });
    const client = server.client();
    await signInThroughProvider(client, { email: account.email! });
    const me = await whoAmI(client);
    await signedInLongAgo(me.id);
    const stale = await client.post('/api/user/sign-ins/microsoft/link', {});
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/sign in again/);
    await signInThroughProvider(client, { email: account.email! });
    await confirmLink(client, {}, 'microsoft');
    const { back } = await signInThroughProvider(client, { provider: 'microsoft', email: other.email!, link: true, returnTo: '/profile' });
    expect(back.headers.get('location')).toBe('/profile?linked=microsoft');
  });

  it('lets an account without a password delete itself within ten minutes of signing in, as it connects a provider', async () => {
    const account = provider.addAccount({ email: address() });
    const client = server.client();
    await signInThroughProvider(client, { email: account.email! });
    const me = await whoAmI(client);
    await signedInLongAgo(me.id);
    const stale = await client.delete('/api/user', { certificates: 'keep' });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe('For your safety, sign in again with the sign-in you already have, then delete your account within 10 minutes.');
    expect((await server.db('users').where({ id: me.id }).first())!.email).toBe(account.email);
    await signInThroughProvider(client, { email: account.email! });
    const deleted = await client.delete('/api/user', { certificates: 'keep' });
    expect(deleted.status).toBe(200);
    expect((await server.db('users').where({ id: me.id }).first())!.email).toMatch(/@deleted\.invalid$/);
    expect(await identitiesOf(me.id)).toHaveLength(0);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('"sign out everywhere" removes the linked sign-ins too when asked, never the last way in', async () => {
    const user = await verifiedUser();
    provider.addAccount({ email: user.email });
    const client = server.client();
    await signInThroughProvider(client, { email: user.email });
    expect(await identitiesOf(user.id)).toHaveLength(1);
    const phone = server.client();
    await signIn(phone, user, TEST_PASSWORD);
    expect((await client.post('/api/user/sign-out-everywhere', { removeSignIns: 'yes' })).status).toBe(400);
    const answer = await client.post('/api/user/sign-out-everywhere', { removeSignIns: true });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/linked Google \/ Microsoft sign-ins were removed/);
    expect(await identitiesOf(user.id)).toHaveLength(0);
    expect((await phone.get('/api/user')).status).toBe(401);

    const passwordless = provider.addAccount({ email: address() });
    const only = server.client();
    await signInThroughProvider(only, { email: passwordless.email! });
    const refused = await only.post('/api/user/sign-out-everywhere', { removeSignIns: true });
    expect(refused.status).toBe(409);
    expect((await only.get('/api/user/sign-ins')).body.signIns).toHaveLength(1);
    expect((await only.post('/api/user/sign-out-everywhere')).status).toBe(200);
  });

  it('a password reset removes the linked sign-ins too when asked', async () => {
    const user = await verifiedUser();
    provider.addAccount({ email: user.email });
    await signInThroughProvider(server.client(), { email: user.email });
    const reset = async (token: string, removeSignIns?: boolean) => {
      await server.db('passwordResets').insert({ userId: user.id, tokenHash: hashToken(token), expiresAt: Date.now() + 60_000, createdAt: Date.now() });
      return server.client().post('/api/reset-password', { token, newPassword: 'a-new-password', ...(removeSignIns === undefined ? {} : { removeSignIns }) });
    };
    expect((await reset('keep-links-token')).status).toBe(200);
    expect(await identitiesOf(user.id)).toHaveLength(1);
    expect((await reset('drop-links-token', true)).status).toBe(200);
    expect(await identitiesOf(user.id)).toHaveLength(0);
  });
});

describe('a school that restricts its domain to its Google Workspace', () => {
  /** A school with a proven claim on a fresh domain; `hd` is the Workspace it requires (null: none). */
  const workspaceSchool = async (hd: string | null) => {
    const domain = `ws-${++sequence}-${Date.now().toString(36)}.sch.uk`;
    const manager = await verifiedUser(address(domain));
    const schoolId = await createSchool(server.db, { name: 'Workspace High', country: 'GB' }, manager.id, Date.now());
    const now = Date.now();
    await server
      .db('schoolDomains')
      .insert({ schoolId, domain, verifiedAt: now, verifiedBy: manager.id, verifiedDomain: domain, proof: 'dns', createdAt: now });
    const restrict = (workspace: string | null) => server.db('schoolDomains').where({ schoolId, domain }).update({ googleWorkspaceDomain: workspace });
    await restrict(hd);
    return { domain, schoolId, restrict };
  };

  it('signs in a Google account that the Workspace manages (its hd), which joins the school', async () => {
    const { domain, schoolId } = await workspaceSchool('workspace-trust.org');
    const account = provider.addAccount({ email: address(domain), hd: 'Workspace-Trust.org' });
    const client = server.client();
    const { back } = await signInThroughProvider(client, { email: account.email! });
    expect(back.headers.get('location')).toBe('/');
    const me = await whoAmI(client);
    expect(me.email).toBe(account.email);
    expect(await server.db('schoolMembers').where({ userId: me.id }).first()).toMatchObject({ schoolId });
  });

  it('refuses a personal Google account or another Workspace with hd_mismatch, creating and linking nothing', async () => {
    const { domain } = await workspaceSchool('workspace-trust.org');
    const personal = provider.addAccount({ email: address(domain) });
    refusedWith((await signInThroughProvider(server.client(), { email: personal.email! })).back, 'hd_mismatch');
    const elsewhere = provider.addAccount({ email: address(domain), hd: 'other-trust.org' });
    refusedWith((await signInThroughProvider(server.client(), { email: elsewhere.email! })).back, 'hd_mismatch');
    expect(await server.db('users').whereIn('email', [personal.email!, elsewhere.email!])).toEqual([]);
    // An account that already has the address is neither linked nor claimed.
    const existing = await createUser(server.db, { email: address(domain) });
    const before = await server.db('users').where({ id: existing.id }).first();
    provider.addAccount({ email: existing.email });
    refusedWith((await signInThroughProvider(server.client(), { email: existing.email })).back, 'hd_mismatch');
    expect(await identitiesOf(existing.id)).toEqual([]);
    expect(await server.db('users').where({ id: existing.id }).first()).toEqual(before);
    expect(await server.db('userIdentities').whereIn('subject', [personal.sub, elsewhere.sub])).toEqual([]);
  });

  it('refuses a link made before the restriction, even when the token is asked for without an address', async () => {
    const { domain, restrict } = await workspaceSchool(null);
    const account = provider.addAccount({ email: address(domain) });
    const first = server.client();
    await signInThroughProvider(first, { email: account.email! });
    expect((await whoAmI(first)).email).toBe(account.email);
    await restrict('workspace-trust.org');
    refusedWith((await signInThroughProvider(server.client(), { email: account.email! })).back, 'hd_mismatch');
    const withoutAddress = await signInThroughProvider(server.client(), {
      email: account.email!,
      alter: (url) => url.searchParams.set('scope', 'openid profile'),
    });
    refusedWith(withoutAddress.back, 'hd_mismatch');
    // Lifted again, the same account signs in as before.
    await restrict(null);
    expect((await signInThroughProvider(server.client(), { email: account.email! })).back.headers.get('location')).toBe('/');
  });

  it('leaves Microsoft sign-in alone', async () => {
    const { domain } = await workspaceSchool('workspace-trust.org');
    const email = address(domain);
    provider.addAccount({ email, preferred_username: email, tid: WORK_TENANT, xms_edov: true });
    const client = server.client();
    const { back } = await signInThroughProvider(client, { provider: 'microsoft', email });
    expect(back.headers.get('location')).toBe('/');
    expect((await whoAmI(client)).email).toBe(email);
  });
});
