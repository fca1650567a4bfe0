import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, signIn } from '../../../test/factories.ts';

const server = useTestServer({ stripe: true });

async function signedIn(role: 'learner' | 'admin' = 'learner') {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function pricedCourse(columns: { price: number; priceUsd?: number | null; priceEur?: number | null }) {
  const course = await createCourse(server, columns);
  await createModule(server, course.id);
  return course;
}

describe('price lists', () => {
  it('creates, lists and updates a course priced per currency, price staying GBP pence', async () => {
    const { client } = await signedIn('admin');
    const created = await client.post('/api/courses', { title: 'Podcasting', description: 'Sound', prices: { GBP: 49900, USD: 59900 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ price: 49900, prices: { GBP: 49900, USD: 59900 } });
    expect(created.body.prices).not.toHaveProperty('EUR');

    const list = await server.client().get('/api/courses');
    expect(list.body.find((c: { id: number }) => c.id === created.body.id)).toMatchObject({ price: 49900, prices: { GBP: 49900, USD: 59900 } });
    const detail = await server.client().get(`/api/courses/${created.body.id}`);
    expect(detail.body).toMatchObject({ price: 49900, prices: { GBP: 49900, USD: 59900 } });

    // The whole list replaces the old one: USD left out is no longer offered.
    const updated = await client.put(`/api/courses/${created.body.id}`, { prices: { GBP: 39900, EUR: 45900 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ price: 39900, prices: { GBP: 39900, EUR: 45900 } });
    expect(updated.body.prices).not.toHaveProperty('USD');

    // `price` alone still sets GBP and keeps the other currencies.
    const priceOnly = await client.put(`/api/courses/${created.body.id}`, { price: 29900 });
    expect(priceOnly.body.prices).toEqual({ GBP: 29900, EUR: 45900 });
    const legacy = await client.post('/api/courses', { title: 'Legacy', description: 'Old client', price: 19900 });
    expect(legacy.body.prices).toEqual({ GBP: 19900 });
  });

  it('answers 400 naming the field for an unknown currency, a missing GBP, a negative or fractional price', async () => {
    const { client } = await signedIn('admin');
    const base = { title: 'Bad', description: 'Prices' };
    const unknown = await client.post('/api/courses', { ...base, prices: { GBP: 100, JPY: 100 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.prices).toMatch(/Unknown currency JPY/);
    const noGbp = await client.post('/api/courses', { ...base, prices: { USD: 100 } });
    expect([noGbp.status, noGbp.body.errors['prices.GBP']]).toEqual([400, 'A GBP price is required']);
    const negative = await client.post('/api/courses', { ...base, prices: { GBP: 100, USD: -1 } });
    expect([negative.status, negative.body.errors['prices.USD']]).toEqual([400, 'The USD price cannot be negative']);
    const fraction = await client.post('/api/courses', { ...base, prices: { GBP: 99.5 } });
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors['prices.GBP']).toMatch(/whole number/);
    const disagree = await client.post('/api/courses', { ...base, price: 100, prices: { GBP: 200 } });
    expect([disagree.status, Object.keys(disagree.body.errors)]).toEqual([400, ['price']]);
    expect((await server.client().post('/api/courses', { ...base, prices: { GBP: 1 } })).status).toBe(401);
  });
});

describe('the shown currency', () => {
  it('defaults from Accept-Language and says which currency it showed', async () => {
    const course = await pricedCourse({ price: 49900, priceUsd: 59900, priceEur: 54900 });
    const ask = (language: string) => server.client().request('GET', `/api/courses/${course.id}`, { headers: { 'accept-language': language } });
    const us = await ask('en-US,en;q=0.9');
    expect([us.body.currency, us.headers.get('x-currency')]).toEqual(['USD', 'USD']);
    expect(us.headers.get('vary')).toMatch(/Accept-Language/);
    expect((await ask('de-DE,de;q=0.9')).body.currency).toBe('EUR');
    expect((await ask('fr')).body.currency).toBe('EUR');
    expect((await ask('en-GB')).body.currency).toBe('GBP');
    expect((await ask('ja-JP')).body.currency).toBe('GBP');
    expect((await ask('')).body.currency).toBe('GBP');
    const list = await server.client().request('GET', '/api/courses', { headers: { 'accept-language': 'en-US' } });
    expect(list.headers.get('x-currency')).toBe('USD');
  });

  it("keeps a visitor's choice in a cookie and a signed-in user's on their profile", async () => {
    const visitor = server.client();
    const headers = { 'accept-language': 'en-US' };
    expect((await visitor.request('GET', '/api/currency', { headers })).body).toEqual({ currency: 'USD' });
    const chosen = await visitor.request('PUT', '/api/currency', { headers, body: { currency: 'GBP' } });
    expect([chosen.status, chosen.body]).toEqual([200, { currency: 'GBP' }]);
    expect(visitor.cookieHeader).toContain('atrium_currency=GBP');
    expect((await visitor.request('GET', '/api/currency', { headers })).body).toEqual({ currency: 'GBP' });

    const { client, user } = await signedIn();
    expect((await client.put('/api/currency', { currency: 'eur' })).body).toEqual({ currency: 'EUR' });
    expect((await server.db('users').where({ id: user.id }).first())!.currency).toBe('EUR');
    expect((await client.get('/api/user')).body.currency).toBe('EUR');
    // Another browser of the same user, without the cookie, starts from the profile.
    const elsewhere = server.client();
    await signIn(elsewhere, user);
    const dashboard = await elsewhere.request('GET', '/api/dashboard', { headers });
    expect([dashboard.body.currency, dashboard.headers.get('x-currency')]).toEqual(['EUR', 'EUR']);

    const bad = await visitor.put('/api/currency', { currency: 'JPY' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['currency']]);
  });
});

describe('card checkout in the chosen currency', () => {
  it("charges the server's price in the chosen currency and keeps it on the payment", async () => {
    const { client, user } = await signedIn();
    const course = await pricedCourse({ price: 49900, priceUsd: 59900 });
    await client.put('/api/currency', { currency: 'USD' });
    const response = await client.post('/api/create-payment-intent', { courseId: course.id, amount: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ amount: 59900, currency: 'usd' });
    const intent = server.stripe.intents.get(response.body.paymentIntentId)!;
    expect([intent.amount, intent.currency]).toEqual([59900, 'usd']);
    expect(await server.db('payments').where({ providerReference: intent.id }).first()).toMatchObject({ userId: user.id, amount: 59900, currency: 'usd' });

    // An explicit currency wins over the chosen one; one the course has no price in is a 400.
    const { client: other } = await signedIn();
    const gbp = await other.post('/api/create-payment-intent', { courseId: course.id, currency: 'GBP' });
    expect([server.stripe.intents.get(gbp.body.paymentIntentId)!.amount, server.stripe.intents.get(gbp.body.paymentIntentId)!.currency]).toEqual([
      49900,
      'gbp',
    ]);
    const eur = await other.post('/api/create-payment-intent', { courseId: course.id, currency: 'EUR' });
    expect([eur.status, Object.keys(eur.body.errors)]).toEqual([400, ['currency']]);
    const unknown = await other.post('/api/create-payment-intent', { courseId: course.id, currency: 'JPY' });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([400, ['currency']]);
  });

  it('charges GBP, as shown, when the chosen currency has no price for the course', async () => {
    const { client } = await signedIn();
    const course = await pricedCourse({ price: 19900 });
    await client.put('/api/currency', { currency: 'EUR' });
    const response = await client.post('/api/create-payment-intent', { courseId: course.id });
    expect(response.body).toMatchObject({ amount: 19900, currency: 'gbp' });
  });
});
