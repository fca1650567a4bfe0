import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../../../test/server.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createUser, signIn } from '../../../test/factories.ts';
import { decodeMailBody, mailParts } from '../../../test/smtp.ts';

const THANKS = "Thank you for your message! We'll get back to you within 30 minutes.";
const SCHOOL_SITE = 'https://www.school.example';

const server = useTestServer({ smtp: true, env: { CORS_ORIGINS: `${SCHOOL_SITE}, https://other.example` } });

/**
 * A mail server that hangs up on every connection, held for the whole test: a port merely
 * closed after probing could be taken by another test's server meanwhile, which would then
 * leave the delivery waiting for a greeting.
 */
async function hangingUpMailServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * What the server's 30-second outbox timer does, now: a kick() that arrives while an earlier
 * delivery run is still going joins that run, so a test must not rely on its own kick alone.
 */
async function deliverOutbox(): Promise<void> {
  await server.app.deps.mailer.flush();
  await server.app.deps.mailer.flush();
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/contact', () => {
  it('stores the message and mails it to the support address with the reply-to details', async () => {
    const response = await server.client().post('/api/contact', {
      name: 'Grace Hopper',
      email: ' Grace@Harbour-School.test ',
      company: 'Harbour Primary',
      phone: '+44 20 7946 0000',
      message: 'Do you offer invoices for\nthe whole staff?',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: THANKS });

    const stored = await server.db('contactMessages').where({ email: 'grace@harbour-school.test' }).first();
    expect(stored).toMatchObject({ name: 'Grace Hopper', company: 'Harbour Primary', phone: '+44 20 7946 0000', source: 'landing' });
    expect(stored!.message).toBe('Do you offer invoices for\nthe whole staff?');
    expect(stored!.handledAt).toBeNull();

    await deliverOutbox();
    const mail = await server.smtp.waitFor((m) => m.to.includes('support@atrium.test') && /Grace Hopper/.test(m.raw));
    const body = decodeMailBody(mail.raw);
    expect(body).toContain('Reply to: Grace Hopper <grace@harbour-school.test>');
    expect(body).toContain('Harbour Primary');
    expect(body).toContain('the whole staff?');
    const parts = mailParts(mail.raw);
    expect(parts.text).toContain('Do you offer invoices for\nthe whole staff?');
    expect(parts.html).toContain('Do you offer invoices for<br/>the whole staff?');
    expect(parts.html).toContain('Reply to: Grace Hopper &lt;grace@harbour-school.test&gt;');
    await waitUntil(
      () => server.db('outbox').where({ toAddress: 'support@atrium.test' }).first(),
      (row) => row?.status === 'sent',
    );
  });

  it('takes the shorter widget form (no company or phone)', async () => {
    const response = await server.client().post('/api/contact', { name: 'Ada', email: 'ada@school.test', message: 'Hi there', source: 'widget' });
    expect(response.status).toBe(201);
    const stored = await server.db('contactMessages').where({ email: 'ada@school.test' }).first();
    expect(stored).toMatchObject({ source: 'widget', company: null, phone: null });
  });

  it('answers 400 with a readable message and the field errors', async () => {
    const empty = await server.client().post('/api/contact', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Name is required');
    expect(empty.body.errors).toMatchObject({ name: 'Name is required', email: 'Email is required', message: 'Message is required' });

    const badEmail = await server.client().post('/api/contact', { name: 'A', email: 'not-an-address', message: 'hello' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address');

    const blank = await server.client().post('/api/contact', { name: 'A', email: 'a@b.test', message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Message is required');

    const long = await server.client().post('/api/contact', { name: 'A', email: 'a@b.test', message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Message can be at most 5,000 characters');

    const source = await server.client().post('/api/contact', { name: 'A', email: 'a@b.test', message: 'hi', source: 'fax' });
    expect(source.status).toBe(400);
    expect(await server.db('contactMessages').where({ email: 'a@b.test' }).first()).toBeUndefined();
  });

  it('keeps a message whose name would forge a mail header to one subject line', async () => {
    const response = await server.client().post('/api/contact', {
      name: 'Mallory\r\nBcc: victim@evil.test',
      email: 'mallory@school.test',
      message: 'hello',
    });
    expect(response.status).toBe(201);
    const row = await server.db('outbox').where('text', 'like', '%mallory@school.test%').first();
    expect(row!.subject).not.toMatch(/[\r\n]/);
    await deliverOutbox();
    const mail = await server.smtp.waitFor((m) => /mallory@school\.test/.test(m.raw));
    expect(mail.to).toEqual(['support@atrium.test']);
  });

  it('rate limits per address with the contact limit', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await limited.client().post('/api/contact', { name: 'Spam', email: 'spam@x.test', message: `#${i}` })).status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(
        await limited
          .db('contactMessages')
          .count({ n: '*' })
          .then((r) => Number(r[0]!.n)),
      ).toBe(20);
    } finally {
      await limited.close();
    }
  });
});

describe('when the mail server is down', () => {
  it('still answers 201, keeps the message and leaves the mail pending in the outbox', async () => {
    const mailServer = await hangingUpMailServer();
    const broken = await createTestServer({ SMTP_URL: mailServer.url });
    try {
      const response = await broken.client().post('/api/contact', { name: 'Lin', email: 'lin@school.test', message: 'Is anyone there?' });
      expect(response.status).toBe(201);
      expect(response.body.message).toBe(THANKS);
      expect(await broken.db('contactMessages').where({ email: 'lin@school.test' }).first()).toBeTruthy();
      // The commit's kick may still be delivering: a flush joins it and returns once a run has
      // started after it, so the failed attempt is recorded by then.
      await broken.app.deps.mailer.flush();
      const row = await broken.db('outbox').where({ toAddress: 'support@atrium.test' }).first();
      expect(Number(row!.attempts)).toBe(1);
      expect(row!.status).toBe('pending');
      expect(row!.lastError).toBeTruthy();
      expect(row!.text).toContain('Is anyone there?');
    } finally {
      await broken.close();
      await mailServer.close();
    }
  });
});

describe('CORS for the widgets', () => {
  it('answers a preflight for POST /api/contact from an allowed origin, without credentials', async () => {
    const response = await server.client().request('OPTIONS', '/api/contact', {
      headers: { origin: SCHOOL_SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SCHOOL_SITE);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/origin/i);
  });

  it('lets an allowed origin post a message and read the answer, including a 400', async () => {
    const ok = await server
      .client()
      .post('/api/contact', { name: 'Widget', email: 'w@school.test', message: 'from the chat', source: 'widget' }, { origin: SCHOOL_SITE });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SCHOOL_SITE);
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const invalid = await server.client().post('/api/contact', { name: '' }, { origin: SCHOOL_SITE });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('access-control-allow-origin')).toBe(SCHOOL_SITE);
  });

  it('gives an origin that is not listed no CORS headers', async () => {
    const preflight = await server.client().request('OPTIONS', '/api/contact', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const post = await server.client().post('/api/contact', { name: 'X', email: 'x@evil.test', message: 'hi' }, { origin: 'https://evil.example' });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('covers the public read endpoints but not the session or admin ones', async () => {
    const config = await server.client().get('/api/config', { origin: SCHOOL_SITE });
    expect(config.headers.get('access-control-allow-origin')).toBe(SCHOOL_SITE);

    const user = await createUser(server.db);
    const client = server.client();
    await signIn(client, user);
    const me = await client.get('/api/user', { origin: SCHOOL_SITE });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
    const loginPreflight = await server.client().request('OPTIONS', '/api/login', {
      headers: { origin: SCHOOL_SITE, 'access-control-request-method': 'POST' },
    });
    expect(loginPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const adminPreflight = await server.client().request('OPTIONS', '/api/admin/students', {
      headers: { origin: SCHOOL_SITE, 'access-control-request-method': 'GET' },
    });
    expect(adminPreflight.headers.get('access-control-allow-origin')).toBeNull();
    // A widget endpoint's path with a method the widgets never use is not opened either.
    const deletePreflight = await server.client().request('OPTIONS', '/api/contact', {
      headers: { origin: SCHOOL_SITE, 'access-control-request-method': 'DELETE' },
    });
    expect(deletePreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("allows any origin with CORS_ORIGINS='*' (the default), still without credentials", async () => {
    const open = await createTestServer();
    try {
      const preflight = await open.client().request('OPTIONS', '/api/contact', {
        headers: { origin: 'https://any-school.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      const post = await open.client().post('/api/contact', { name: 'Any', email: 'any@school.test', message: 'hi' }, { origin: 'https://any-school.example' });
      expect(post.status).toBe(201);
      expect(post.headers.get('access-control-allow-origin')).toBe('*');
      expect(post.headers.get('access-control-allow-credentials')).toBeNull();
      expect((await open.client().get('/api/user', { origin: 'https://any-school.example' })).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await open.close();
    }
  });
});
