import { describe, expect, it } from 'vitest';
import { createCourse, createUser, signIn } from '../test/factories.ts';
import { createTestServer } from '../test/server.ts';
import { useTestServer } from '../test/useTestServer.ts';

// 0.01 of each limit: one call per account (or per typed address) before 429. Login per address
// allows 1000 × 0.01 = 10 sign-ins from the test's one address, enough for this file.
const server = useTestServer({ stripe: true, env: { RATE_LIMIT_MULTIPLIER: '0.01' } });

async function signedIn(verified = false) {
  const user = await createUser(server.db);
  if (verified) await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

describe('calls that cost mail, money or a password check are limited per account', () => {
  it('founding schools', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/schools', { name: 'Oak Academy' })).status).toBe(201);
    const again = await client.post('/api/schools', { name: 'Oak Academy 2' });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
  });

  it('invoice requests, per account', async () => {
    const { client } = await signedIn(true);
    const first = await createCourse(server, { price: 19900 });
    const second = await createCourse(server, { price: 19900 });
    const order = (courseId: number, billingEmail: string) => ({ courseId, schoolName: 'Oak Academy', billingEmail });
    expect((await client.post('/api/orders', order(first.id, 'office@oak.sch.uk'))).status).toBe(201);
    expect((await client.post('/api/orders', order(second.id, 'other@oak.sch.uk'))).status).toBe(429);
    // The billing address typed in gets no mail until an admin issues the invoice, so another
    // account naming it is not capped by it (a stranger cannot lock a school's address out).
    const other = await signedIn(true);
    expect((await other.client.post('/api/orders', order(second.id, 'Office@Oak.sch.uk'))).status).toBe(201);
    expect(await server.db('outbox').where({ toAddress: 'office@oak.sch.uk' })).toEqual([]);
  });

  it('founding a school with an invoice request, under the same limit as POST /api/schools (issue 50 #1)', async () => {
    const { client, user } = await signedIn(true);
    // A refused founding still counts, as it does on POST /api/schools.
    expect((await client.post('/api/schools', { name: ' ' })).status).toBe(400);
    const course = await createCourse(server, { price: 19900 });
    const founding = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: 'Elm Academy',
      billingEmail: 'office@elm.sch.uk',
      createSchool: true,
    });
    expect(founding.status).toBe(429);
    expect(await server.db('schoolMembers').where({ userId: user.id })).toEqual([]);
  });

  it('payment intents', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900 });
    expect((await client.post('/api/create-payment-intent', { courseId: course.id })).status).toBe(200);
    expect((await client.post('/api/create-payment-intent', { courseId: course.id })).status).toBe(429);
  });

  it('accepting invitations (guessing tokens)', async () => {
    const { client } = await signedIn();
    // A made-up token is refused (404), and the second guess within the hour is refused unread.
    const first = await client.post('/api/invites/not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaa/accept', {});
    expect(first.status).not.toBe(429);
    const again = await client.post('/api/invites/not-a-real-token-bbbbbbbbbbbbbbbbbbbbbbbbbbb/accept', {});
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
  });

  it('password guesses through account deletion', async () => {
    const { client, user } = await signedIn();
    expect((await client.delete('/api/user', { password: 'not-the-password', certificates: 'keep' })).status).toBe(400);
    expect((await client.delete('/api/user', { password: 'another-guess', certificates: 'keep' })).status).toBe(429);
    expect((await server.db('users').where({ id: user.id }).first())!.deletedAt).toBeNull();
  });
});

describe('limits per address count an IPv6 caller by its /64', () => {
  it('a caller who takes a new address of its /64 for each call stays within one budget', async () => {
    // Behind a proxy, as in production; 0.05 of the contact form's 20 an hour is one message.
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '0.05', TRUST_PROXY: 'true' });
    try {
      const send = (address: string) =>
        limited.client().request('POST', '/api/contact', {
          body: { name: 'Lin', email: 'lin@school.test', message: 'Hello' },
          headers: { 'x-forwarded-for': address },
        });
      expect((await send('2001:db8:5:6::1')).status).toBe(201);
      expect((await send('2001:db8:5:6:ffff::2')).status).toBe(429);
      // Another /64 is another caller, and so is another IPv4 address.
      expect((await send('2001:db8:5:7::1')).status).toBe(201);
      expect((await send('203.0.113.7')).status).toBe(201);
      expect((await send('::ffff:203.0.113.7')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
