import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { startFakeStripe } from '../../../test/fakeStripe.ts';
import type { TestClient } from '../../../test/client.ts';

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await createTestServer(stripe.env);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

async function buyer(): Promise<{ client: TestClient; user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function pricedCourse(price = 49900) {
  const course = await createCourse(server, { price });
  await createModule(server, course.id);
  return course;
}

const enrollmentCount = async (userId: number, courseId: number) =>
  Number((await server.db('enrollments').where({ userId, courseId }).count({ n: '*' }).first())!.n);

function deliver(event: { payload: string; header: string }) {
  return server.client().request('POST', '/api/stripe/webhook', {
    raw: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
  });
}

describe('POST /api/create-payment-intent', () => {
  it('creates an intent for the course price from the database, whatever the client sends', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse(49900);
    const response = await client.post('/api/create-payment-intent', { courseId: course.id, amount: 1, price: 1 });
    expect(response.status).toBe(200);
    expect(response.body.clientSecret).toMatch(/^pi_\w+_secret_/);
    const intent = stripe.intents.get(response.body.paymentIntentId)!;
    expect(intent.amount).toBe(49900);
    expect(intent.currency).toBe('gbp');
    expect(intent.metadata).toEqual({ userId: String(user.id), courseId: String(course.id) });
    const row = await server.db('payments').where({ providerReference: intent.id }).first();
    expect(row).toMatchObject({ userId: user.id, courseId: course.id, amount: 49900, currency: 'gbp' });
  });

  it('gives a double click the same intent', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const before = stripe.createCalls;
    const [a, b] = await Promise.all([
      client.post('/api/create-payment-intent', { courseId: course.id }),
      client.post('/api/create-payment-intent', { courseId: course.id }),
    ]);
    const c = await client.post('/api/create-payment-intent', { courseId: course.id });
    expect(a.body.paymentIntentId).toBe(b.body.paymentIntentId);
    expect(c.body.paymentIntentId).toBe(a.body.paymentIntentId);
    expect(stripe.createCalls - before).toBe(1);
    expect(Number((await server.db('payments').where({ userId: user.id }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it('answers 409 when already enrolled, 404 for an unknown course, 400 for a free one or bad input, 401 without a session', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    await enroll(server.db, user.id, course.id);
    const enrolled = await client.post('/api/create-payment-intent', { courseId: course.id });
    expect([enrolled.status, enrolled.body.id]).toEqual([409, 'already_enrolled']);
    expect((await client.post('/api/create-payment-intent', { courseId: 999999 })).status).toBe(404);
    const free = await createCourse(server, { price: 0 });
    expect((await client.post('/api/create-payment-intent', { courseId: free.id })).status).toBe(400);
    expect((await client.post('/api/create-payment-intent', { courseId: 'abc' })).status).toBe(400);
    expect((await server.client().post('/api/create-payment-intent', { courseId: course.id })).status).toBe(401);
  });

  it('answers 503 with a clear message when Stripe cannot be reached', async () => {
    const { client } = await buyer();
    const course = await pricedCourse();
    stripe.setAvailable(false);
    try {
      const response = await client.post('/api/create-payment-intent', { courseId: course.id });
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/could not be reached/);
    } finally {
      stripe.setAvailable(true);
    }
  });
});

describe('enrollment only on a verified payment', () => {
  it('does not enroll on a client claim of success while the intent is unpaid', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const status = await client.get(`/api/payments/${body.paymentIntentId}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'requires_payment_method', enrolled: false });
    expect((await client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);
    expect(await enrollmentCount(user.id, course.id)).toBe(0);
  });

  it('enrolls once the server sees the intent succeeded (return page before the webhook)', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    stripe.settle(body.paymentIntentId, 'succeeded');
    const status = await client.get(`/api/payments/${body.paymentIntentId}`);
    expect(status.body).toMatchObject({ status: 'succeeded', enrolled: true, courseId: course.id });
    expect(await enrollmentCount(user.id, course.id)).toBe(1);
    // The webhook arriving afterwards changes nothing.
    const event = stripe.signedEvent('payment_intent.succeeded', stripe.intents.get(body.paymentIntentId));
    expect((await deliver(event)).status).toBe(200);
    expect(await enrollmentCount(user.id, course.id)).toBe(1);
    const payment = await server.db('payments').where({ providerReference: body.paymentIntentId }).first();
    expect(payment!.status).toBe('succeeded');
  });

  it('lets only the payer ask about a payment', async () => {
    const { client } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const { client: stranger } = await buyer();
    expect((await stranger.get(`/api/payments/${body.paymentIntentId}`)).status).toBe(404);
    expect((await server.client().get(`/api/payments/${body.paymentIntentId}`)).status).toBe(401);
    expect((await client.get('/api/payments/not-an-intent')).status).toBe(400);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('enrolls on payment_intent.succeeded exactly once, however often the event comes', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const intent = stripe.settle(body.paymentIntentId, 'succeeded');
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const responses = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    // A different event for the same intent (Stripe may send both) enrolls once too.
    expect((await deliver(stripe.signedEvent('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await enrollmentCount(user.id, course.id)).toBe(1);
    expect(Number((await server.db('paymentEvents').where({ providerReference: intent.id }).count({ n: '*' }).first())!.n)).toBe(2);
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const intent = { ...stripe.intents.get(body.paymentIntentId)!, status: 'succeeded' };
    const forged = stripe.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_wrong' });
    expect((await deliver(forged)).status).toBe(400);
    const unsigned = await server.client().request('POST', '/api/stripe/webhook', { raw: forged.payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect(await enrollmentCount(user.id, course.id)).toBe(0);
    expect(Number((await server.db('paymentEvents').count({ n: '*' }).where({ providerReference: intent.id }).first())!.n)).toBe(0);
  });

  it('does not enroll when the paid amount differs from what was recorded', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const intent = { ...stripe.settle(body.paymentIntentId, 'succeeded'), amount: 100 };
    expect((await deliver(stripe.signedEvent('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await enrollmentCount(user.id, course.id)).toBe(0);
  });

  it('records failures and refunds; a refund does not unenroll', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const failed = stripe.settle(body.paymentIntentId, 'requires_payment_method', 'Your card was declined.');
    await deliver(stripe.signedEvent('payment_intent.payment_failed', failed));
    let payment = await server.db('payments').where({ providerReference: body.paymentIntentId }).first();
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });

    const paid = stripe.settle(body.paymentIntentId, 'succeeded');
    await deliver(stripe.signedEvent('payment_intent.succeeded', paid));
    await deliver(
      stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: paid.id, amount_refunded: paid.amount, refunded: true }),
    );
    payment = await server.db('payments').where({ providerReference: body.paymentIntentId }).first();
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: paid.amount });
    expect(await enrollmentCount(user.id, course.id)).toBe(1);

    // The return page read again (a reload, a bookmark) only reads: a payment already fulfilled is
    // not fulfilled again, so the refund stays recorded and an enrollment an admin removed stays removed.
    await server.db('enrollments').where({ userId: user.id, courseId: course.id }).delete();
    const reread = await client.get(`/api/payments/${body.paymentIntentId}`);
    expect(reread.body).toMatchObject({ status: 'succeeded', enrolled: false, courseId: course.id });
    payment = await server.db('payments').where({ providerReference: body.paymentIntentId }).first();
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: paid.amount });
    expect(await enrollmentCount(user.id, course.id)).toBe(0);
  });

  it('ignores success and failure events Stripe delivers late, after the refund: the refund stands and the learner stays removed', async () => {
    const { client, user } = await buyer();
    const course = await pricedCourse();
    const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
    const paid = stripe.settle(body.paymentIntentId, 'succeeded');
    // The return page fulfilled it; the webhook's deliveries failed (a deploy) and Stripe retries them later.
    expect((await client.get(`/api/payments/${body.paymentIntentId}`)).body).toMatchObject({ status: 'succeeded', enrolled: true });
    await deliver(
      stripe.signedEvent('charge.refunded', { id: 'ch_late', object: 'charge', payment_intent: paid.id, amount_refunded: paid.amount, refunded: true }),
    );
    await server.db('enrollments').where({ userId: user.id, courseId: course.id }).delete();

    expect((await deliver(stripe.signedEvent('payment_intent.succeeded', paid))).status).toBe(200);
    const declined = { ...paid, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } };
    expect((await deliver(stripe.signedEvent('payment_intent.payment_failed', declined))).status).toBe(200);

    const payment = await server.db('payments').where({ providerReference: body.paymentIntentId }).first();
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: paid.amount });
    expect(await enrollmentCount(user.id, course.id)).toBe(0);
    // Nor does the late failure reopen the payment for the return page to fulfil again.
    expect((await client.get(`/api/payments/${body.paymentIntentId}`)).body).toMatchObject({ enrolled: false });
    expect(await enrollmentCount(user.id, course.id)).toBe(0);
  });
});

describe('without Stripe keys', () => {
  it('answers 503 "Card payment is not available here" and config has no publishable key', async () => {
    const plain = await createTestServer();
    try {
      const user = await createUser(plain.db);
      const client = plain.client();
      await signIn(client, user);
      const course = await createCourse(plain, { price: 49900 });
      const response = await client.post('/api/create-payment-intent', { courseId: course.id });
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/Card payment is not available here/);
      expect((await client.get('/api/config')).body.stripePublishableKey).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
