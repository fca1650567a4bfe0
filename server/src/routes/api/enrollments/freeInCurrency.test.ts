import { describe, expect, it } from 'vitest';
import { createCourse, createUser, signIn } from '../../../test/factories.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// Issue 50 #10: one rule (common/rules/pricing.ts) decides whether a course is free for a
// currency, and the invoice request, the card payment and the enrollment all ask it.
const server = useTestServer({ stripe: true });

async function buyer(currency?: 'GBP' | 'USD' | 'EUR') {
  const user = await createUser(server.db);
  await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  const client = server.client();
  await signIn(client, user);
  // The header switcher's choice: the caller's shown currency from now on.
  if (currency) expect((await client.put('/api/currency', { currency })).status).toBe(200);
  return { client, user };
}

const order = (courseId: number, currency?: string) => ({
  courseId,
  schoolName: 'Oak Academy',
  billingEmail: 'office@oak.sch.uk',
  country: 'GB',
  ...(currency ? { currency } : {}),
});

describe('a price of zero gets one answer on every path', () => {
  it('a course priced {GBP: 49900, USD: 0} is free in dollars everywhere and £499 in pounds everywhere', async () => {
    const course = await createCourse(server, { price: 49900, priceUsd: 0 });

    // In dollars: no order, no card payment, enroll at once; named or as the shown currency.
    const dollars = await buyer('USD');
    const refused = await dollars.client.post('/api/orders', order(course.id));
    expect([refused.status, refused.body.message]).toEqual([400, 'This course is free in US dollars: enroll from the course page']);
    expect((await dollars.client.post('/api/create-payment-intent', { courseId: course.id })).body.message).toBe(
      'This course is free in US dollars: enroll from the course page',
    );
    const enrolled = await dollars.client.post('/api/enrollments', { courseId: course.id });
    expect(enrolled.status).toBe(201);
    const named = await buyer();
    expect((await named.client.post('/api/enrollments', { courseId: course.id, currency: 'USD' })).status).toBe(201);

    // In pounds: enrolling alone is a 402, an order and a card payment are for £499.
    const pounds = await buyer('GBP');
    const notFree = await pounds.client.post('/api/enrollments', { courseId: course.id });
    expect([notFree.status, notFree.body.id]).toEqual([402, 'payment_required']);
    const intent = await pounds.client.post('/api/create-payment-intent', { courseId: course.id });
    expect([intent.status, intent.body.amount, intent.body.currency]).toEqual([200, 49900, 'gbp']);
    const placed = await pounds.client.post('/api/orders', order(course.id));
    expect([placed.status, placed.body.amount, placed.body.currency]).toEqual([201, 49900, 'gbp']);

    // In euros, which the course has no price in: its pound price, as the screens show it.
    const euros = await buyer('EUR');
    expect((await euros.client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);
    // A currency named explicitly that the course is not offered in is a 400 on every path.
    expect((await euros.client.post('/api/enrollments', { courseId: course.id, currency: 'EUR' })).body.errors).toMatchObject({ currency: expect.any(String) });
  });

  it('a course free in pounds but priced in dollars costs a buyer in dollars $599', async () => {
    const course = await createCourse(server, { price: 0, priceUsd: 59900 });
    const dollars = await buyer('USD');
    expect((await dollars.client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);
    const placed = await dollars.client.post('/api/orders', order(course.id));
    expect([placed.status, placed.body.amount, placed.body.currency]).toEqual([201, 59900, 'usd']);

    const pounds = await buyer('GBP');
    expect((await pounds.client.post('/api/orders', order(course.id, 'GBP'))).status).toBe(400);
    expect((await pounds.client.post('/api/create-payment-intent', { courseId: course.id, currency: 'GBP' })).status).toBe(400);
    expect((await pounds.client.post('/api/enrollments', { courseId: course.id })).status).toBe(201);
  });
});
