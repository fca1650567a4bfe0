import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { decodeMailBody, mailParts, startSmtpCapture } from '../../../test/smtp.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A "first name" that is really a message to whoever reads the mail. */
const PHISHING = 'Visit https://evil.example now';

describe('register', () => {
  it('creates a learner, signs them in and never returns the password hash', async () => {
    const client = server.client();
    const response = await client.post('/api/register', {
      email: '  New.Teacher@School.test ',
      password: 'secret1',
      firstName: 'Nia',
      lastName: 'Patel',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: 'new.teacher@school.test', firstName: 'Nia', role: 'learner' });
    expect(JSON.stringify(response.body)).not.toMatch(/hash|argon/i);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('new.teacher@school.test');
  });

  it('needs an email and a password of at least 6 characters', async () => {
    const client = server.client();
    const missing = await client.post('/api/register', { password: 'secret1' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.email).toBeTruthy();
    const short = await client.post('/api/register', { email: 'a@school.test', password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters long.');
  });

  it('answers 409 for an address that already has an account, whatever its case', async () => {
    const user = await createUser(server.db);
    const response = await server.client().post('/api/register', { email: user.email.toUpperCase(), password: 'secret12' });
    expect(response.status).toBe(409);
    expect(response.body.id).toBe('email_taken');
    expect(response.body.message).toMatch(/already exists/);
  });

  it('never prints the typed first name in the verification mail: nobody has proven the address it goes to', async () => {
    const email = `victim-${Date.now()}@corp.test`;
    const response = await server.client().post('/api/register', { email, password: 'secret12', firstName: PHISHING });
    expect(response.status).toBe(201);
    const { text, html } = mailParts((await smtp.waitFor((m) => m.to.includes(email) && /verify-email/.test(decodeMailBody(m.raw)))).raw);
    expect(text).toMatch(/^Hello,\n/);
    expect(text).not.toContain('evil.example');
    expect(html).not.toContain('evil.example');
  });

  it('ignores a role sent by the client', async () => {
    const response = await server.client().post('/api/register', { email: 'sneaky@school.test', password: 'secret12', role: 'admin' });
    expect(response.status).toBe(201);
    expect(response.body.role).toBe('learner');
  });
});

describe('login and logout', () => {
  it('signs in with the right password and changes the session id', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.get('/api/courses');
    const before = client.cookieHeader;
    const response = await client.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(user.id);
    expect(client.cookieHeader).not.toBe(before);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
  });

  it('keeps only a random id in the cookie and the session in the database', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await signIn(client, user);
    const sid = /atrium\.sid=([^;]+)/.exec(client.cookieHeader)?.[1];
    expect(sid).toBeTruthy();
    expect(Buffer.from(sid!, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await server.db('sessions').where({ id: sid }).first();
    expect(row!.userId).toBe(user.id);
  });

  it('refuses a wrong password or an unknown account with the same 401', async () => {
    const user = await createUser(server.db);
    const wrong = await server.client().post('/api/login', { email: user.email, password: 'nope-nope' });
    const unknown = await server.client().post('/api/login', { email: 'nobody@school.test', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.id).toBe('invalid_credentials');
  });

  it('needs email and password', async () => {
    const response = await server.client().post('/api/login', { email: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ email: expect.any(String), password: expect.any(String) });
  });

  it('treats GET /api/user without a session as 401, and logout ends the session', async () => {
    const client = server.client();
    expect((await client.get('/api/user')).status).toBe(401);
    const user = await createUser(server.db);
    await signIn(client, user);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses a non-JSON body with 415 and malformed JSON with 400', async () => {
    const client = server.client();
    const form = await client.request('POST', '/api/login', { raw: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const broken = await client.request('POST', '/api/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await server.client().post('/api/login', { email: 'a@b.test', password: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
  });
});

describe('secure cookies behind HTTPS', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https and the proxy says so', async () => {
    const behindProxy = await createTestServer({ PUBLIC_URL: 'https://atrium.example', TRUST_PROXY: 'true' });
    try {
      const user = await createUser(behindProxy.db);
      const response = await behindProxy.client().post('/api/login', { email: user.email, password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/;\s*secure/i);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('origin check', () => {
  it('refuses a state-changing request with a session from another origin', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await signIn(client, user);
    const foreign = await client.request('PATCH', '/api/user/profile', { body: { firstName: 'X' }, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const own = await client.request('PATCH', '/api/user/profile', { body: { firstName: 'Y' }, headers: { origin: server.url } });
    expect(own.status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('mails a working single-use link, ends every session and never reveals who has an account', async () => {
    const user = await createUser(server.db);
    const otherDevice = server.client();
    await signIn(otherDevice, user);

    const known = await server.client().post('/api/forgot-password', { email: user.email });
    const unknown = await server.client().post('/api/forgot-password', { email: 'nobody-here@school.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe("If an account exists with that email, you'll receive a password reset link.");

    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /reset-password\?token=/.test(decodeMailBody(m.raw)));
    const link = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([\\w-]+)`).exec(decodeMailBody(mail.raw));
    expect(link).toBeTruthy();
    const token = link![1]!;
    // One template, two parts: the same link as text and as an anchor in the HTML.
    const parts = mailParts(mail.raw);
    expect(parts.text).toContain(`${server.url}/reset-password?token=${token}`);
    expect(parts.html).toContain(`href="${server.url}/reset-password?token=${token}"`);

    const stored = await server.db('passwordResets').where({ userId: user.id }).first();
    expect(stored!.tokenHash).not.toContain(token);

    const short = await server.client().post('/api/reset-password', { token, newPassword: '123' });
    expect(short.status).toBe(400);

    const reset = await server.client().post('/api/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    expect(
      await server
        .db('sessions')
        .where({ userId: user.id })
        .count({ n: '*' })
        .then((r) => Number(r[0]!.n)),
    ).toBe(0);

    const again = await server.client().post('/api/reset-password', { token, newPassword: 'another-pass' });
    expect(again.status).toBe(400);

    const client = server.client();
    expect((await client.post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await client.post('/api/login', { email: user.email, password: 'brand-new-pass' })).status).toBe(200);
    const changed = mailParts((await smtp.waitFor((m) => m.to.includes(user.email) && /password was changed/.test(m.raw))).raw);
    expect(changed.text).toContain('every device was signed out');
    expect(changed.html).toContain('every device was signed out');
  });

  it('answers before the link is made or mailed, the same for an address with an account and one without', async () => {
    const user = await createUser(server.db);
    const held: Array<() => Promise<unknown>> = [];
    const run = vi.spyOn(server.app.deps.afterAnswer, 'run').mockImplementation((_label, work) => void held.push(work));
    try {
      for (const email of [user.email, 'nobody-here@school.test']) expect((await server.client().post('/api/forgot-password', { email })).status).toBe(200);
      // Both answers were sent with the same work still to do and nothing written for the address.
      expect(held).toHaveLength(2);
      const resets = async () => Number((await server.db('passwordResets').where({ userId: user.id }).count({ n: '*' }).first())!.n);
      expect(await resets()).toBe(0);
      for (const work of held) await work();
      expect(await resets()).toBe(1);
    } finally {
      run.mockRestore();
    }
  });

  it('greets by first name only an account whose address is verified', async () => {
    const resetMail = async (email: string) => {
      expect((await server.client().post('/api/forgot-password', { email })).status).toBe(200);
      return mailParts((await smtp.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(decodeMailBody(m.raw)))).raw);
    };
    const unverified = await createUser(server.db, { firstName: PHISHING });
    const stranger = await resetMail(unverified.email);
    expect(stranger.text).toMatch(/^Hello,\n/);
    expect(stranger.text).not.toContain('evil.example');
    expect(stranger.html).not.toContain('evil.example');

    const verified = await createUser(server.db, { firstName: 'Ada' });
    await server.db('users').where({ id: verified.id }).update({ emailVerifiedAt: Date.now() });
    expect((await resetMail(verified.email)).text).toMatch(/^Hello Ada,\n/);
  });

  it('refuses an expired token and a missing one', async () => {
    const user = await createUser(server.db);
    const { hashToken } = await import('../../../services/tokens.ts');
    await server
      .db('passwordResets')
      .insert({ userId: user.id, tokenHash: hashToken('expired-token'), expiresAt: Date.now() - 1, createdAt: Date.now() - 3_600_001 });
    expect((await server.client().post('/api/reset-password', { token: 'expired-token', newPassword: 'whatever1' })).status).toBe(400);
    const missing = await server.client().post('/api/reset-password', { newPassword: 'whatever1' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The password reset link is invalid or missing.');
  });
});

describe('rate limits', () => {
  it('mails one address at most three verification links a day, however many accounts are made and deleted for it', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const victim = `someone-else-${Date.now()}@school.test`;
      const verificationMails = async () =>
        (await limited.db('outbox').where({ toAddress: victim }).where('subject', 'like', 'Confirm your e-mail address%')).length;
      for (let round = 0; round < 5; round += 1) {
        const client = limited.client();
        expect((await client.post('/api/register', { email: victim, password: TEST_PASSWORD })).status).toBe(201);
        if (round === 4) {
          // The account is made all the same; asking for the link again says why none comes.
          const resend = await client.post('/api/user/verify-email');
          expect(resend.status).toBe(429);
          expect(resend.body.message).toMatch(/several verification links .* today/);
          expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(3600);
          break;
        }
        expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
      }
      expect(await verificationMails()).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('stops repeated wrong passwords for an account from one address with 429 and Retry-After', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const user = await createUser(limited.db);
      const client = limited.client();
      let last = 0;
      let retryAfter: string | null = null;
      for (let i = 0; i < 11; i += 1) {
        const response = await client.post('/api/login', { email: user.email, password: 'wrong-password' });
        last = response.status;
        retryAfter = response.headers.get('retry-after');
      }
      expect(last).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('slows a guesser down without locking the owner out: the budget is per account and address, spelling-proof', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: 'true' });
    try {
      const user = await createUser(limited.db, { email: `owner-${Date.now()}@school.test` });
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const attempt = (email: string, password: string, ip: string) =>
        limited.client().request('POST', '/api/login', { body: { email, password }, headers: from(ip) });
      // Ten wrong guesses from one address, in every spelling of the address: one budget.
      const spellings = [user.email, user.email.toUpperCase(), ` ${user.email} `];
      for (let i = 0; i < 10; i += 1) expect((await attempt(spellings[i % spellings.length]!, 'wrong-password', '203.0.113.7')).status).toBe(401);
      expect((await attempt(user.email.toUpperCase(), 'wrong-password', '203.0.113.7')).status).toBe(429);
      expect((await attempt(user.email, TEST_PASSWORD, '203.0.113.7')).status).toBe(429);
      // The owner, from anywhere else, signs in.
      expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.20')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('address spellings', () => {
  it('refuses accented variants of an address instead of reaching (or missing) an account with them', async () => {
    const user = await createUser(server.db, { email: `jose-${Date.now()}@school.test` });
    const variant = user.email.replace('jose', 'josé');
    const login = await server.client().post('/api/login', { email: variant, password: TEST_PASSWORD });
    expect(login.status).toBe(400);
    expect(login.body.errors.email).toMatch(/ASCII/);
    expect((await server.client().post('/api/register', { email: variant, password: 'secret-123' })).status).toBe(400);
    expect((await server.client().post('/api/forgot-password', { email: variant })).status).toBe(400);
    expect((await server.client().post('/api/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('password login timing', () => {
  it('runs one full hash for an account without a password and for an unknown address, as for a wrong password', async () => {
    const passwords = server.app.deps.passwords;
    const calls: string[] = [];
    const original = { verify: passwords.verify, verifyNothing: passwords.verifyNothing };
    passwords.verify = async (hash, password) => (calls.push(hash ? 'verify' : 'verify-empty'), original.verify(hash, password));
    passwords.verifyNothing = async (password) => (calls.push('dummy'), original.verifyNothing(password));
    try {
      const withoutPassword = await createUser(server.db, { email: `nopass-${Date.now()}@school.test` });
      await server.db('users').where({ id: withoutPassword.id }).update({ passwordHash: '' });
      const withPassword = await createUser(server.db);
      expect((await server.client().post('/api/login', { email: withoutPassword.email, password: 'a-guess' })).status).toBe(401);
      expect((await server.client().post('/api/login', { email: `nobody-${Date.now()}@school.test`, password: 'a-guess' })).status).toBe(401);
      expect((await server.client().post('/api/login', { email: withPassword.email, password: 'a-guess' })).status).toBe(401);
      expect(calls).toEqual(['dummy', 'dummy', 'verify']);
    } finally {
      Object.assign(passwords, original);
    }
  });
});
