import { describe, expect, it } from 'vitest';
import { createCourse, createUser, signIn } from '../../../test/factories.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// 0.01 of each limit: one call per account before 429.
const server = useTestServer({ stripe: true, env: { RATE_LIMIT_MULTIPLIER: '0.01' } });

describe('GET /api/payments/:paymentIntentId', () => {
  it('is limited per buyer, since each check asks Stripe again: 429 with Retry-After, and another buyer is untouched', async () => {
    const course = await createCourse(server, { price: 49900 });
    const buyers = [];
    for (let index = 0; index < 2; index += 1) {
      const user = await createUser(server.db);
      const client = server.client();
      await signIn(client, user);
      const { body } = await client.post('/api/create-payment-intent', { courseId: course.id });
      buyers.push({ client, paymentIntentId: body.paymentIntentId as string });
    }
    const [first, second] = buyers as [(typeof buyers)[number], (typeof buyers)[number]];
    expect((await first.client.get(`/api/payments/${first.paymentIntentId}`)).status).toBe(200);
    const limited = await first.client.get(`/api/payments/${first.paymentIntentId}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(limited.body.message).toBeTruthy();
    expect((await second.client.get(`/api/payments/${second.paymentIntentId}`)).status).toBe(200);
  });
});
