import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createUser, signIn } from '../../../test/factories.ts';
import { readPdf } from '../../../test/pdfText.ts';
import type { TestClient } from '../../../test/client.ts';

// Issue 34 #4: an admin agrees a discount (percent or amount, with a reason) on an invoice order
// before issuing it, and the invoice, its PDF and its mail show the discounted figures.

const server = useTestServer({
  env: {
    INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd',
    INVOICE_SELLER_ADDRESS: '12 Market Street\\nBristol BS1 4DJ\\nUnited Kingdom',
    INVOICE_PAYMENT_TERMS_DAYS: '30',
  },
});

async function signedIn(role: 'learner' | 'admin') {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

/** An invoice order awaiting its invoice, as checkout records it. */
async function placeOrder(extra: Record<string, unknown> = {}): Promise<number> {
  const buyer = await createUser(server.db);
  const [id] = await server.db('orders').insert({
    userId: buyer.id,
    courseTitle: 'Smartphone Photography',
    schoolName: 'Oak Trust',
    billingEmail: `bursar-${buyer.id}@oak.example`,
    amount: 49900,
    currency: 'gbp',
    status: 'requested',
    createdAt: Date.now(),
    country: 'GB',
    ...extra,
  });
  return Number(id);
}

async function pdfText(client: TestClient, orderId: number): Promise<string> {
  const response = await fetch(`${client.baseUrl}/api/orders/${orderId}/invoice.pdf`, { headers: { cookie: client.cookieHeader } });
  expect(response.status).toBe(200);
  const { pages } = await readPdf(new Uint8Array(await response.arrayBuffer()));
  // Lines wrap in the description column: read it as one run of words.
  return pages
    .map((page) => page.text)
    .join('\n')
    .replace(/\s+/g, ' ');
}

const tenPercent = { kind: 'percent', value: 10, reason: 'A trust of five schools' };

describe('PUT and DELETE /api/admin/orders/:id/discount', () => {
  it('takes 10% off £499 before VAT: the order, the issued invoice, its PDF and its mail all say £538.92', async () => {
    const { client: admin, user } = await signedIn('admin');
    const orderId = await placeOrder();
    server.clock.set('2026-03-14T10:00:00Z');
    const set = await admin.put(`/api/admin/orders/${orderId}/discount`, tenPercent);
    expect(set.status).toBe(200);
    expect(set.headers.get('cache-control')).toBe('no-store');
    expect(set.body.amount).toBe(49900);
    expect(set.body.discount).toEqual({
      kind: 'percent',
      value: 10,
      reason: 'A trust of five schools',
      amountOff: 4990,
      net: 44910,
      setAt: expect.stringMatching(/^2026-03-14T10:00/),
    });
    const stored = await server.db('orders').where({ id: orderId }).first();
    expect([stored!.discountSetBy, Number(stored!.discountSetAt)]).toEqual([user.id, new Date(set.body.discount.setAt).getTime()]);
    const listed = (await admin.get('/api/admin/orders')).body.find((order: { id: number }) => order.id === orderId);
    expect(listed.discount).toEqual(set.body.discount);

    const issued = await admin.post(`/api/admin/orders/${orderId}/invoice`, {});
    expect(issued.status).toBe(200);
    expect(issued.body.invoice).toMatchObject({ net: 44910, tax: 8982, gross: 53892 });
    const text = await pdfText(admin, orderId);
    for (const expected of ['Smartphone Photography', '£499.00', '£99.80', 'Discount (10% off): A trust of five schools', '-£49.90', '-£9.98', '-£59.88']) {
      expect(text).toContain(expected);
    }
    // The totals: net after the discount, VAT on it, what is due.
    expect(text).toMatch(/Net\s+£449\.10/);
    expect(text).toMatch(/VAT at 20%\s+£89\.82/);
    expect(text).toMatch(/Total due \(GBP\)\s+£538\.92/);
    const mails: Array<{ subject: string; text: string }> = await server.db('outbox').where({ toAddress: stored!.billingEmail }).select('subject', 'text');
    expect(mails.find((mail) => mail.subject.includes('Invoice'))?.text).toContain('£538.92');
    expect((await admin.get('/api/admin/sales')).body.currencies).toContainEqual(expect.objectContaining({ currency: 'GBP', invoicedGross: 53892 }));

    // An issued invoice never changes.
    const late = await admin.put(`/api/admin/orders/${orderId}/discount`, { ...tenPercent, value: 20 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already issued/);
    expect((await admin.delete(`/api/admin/orders/${orderId}/discount`)).status).toBe(409);
    expect((await server.db('orders').where({ id: orderId }).first())!.discountValue).toBe(10);
    server.clock.reset();
  });

  it('takes an amount off (no more than the price), replaces a discount, and removes it', async () => {
    const { client: admin } = await signedIn('admin');
    const orderId = await placeOrder({ currency: 'usd', amount: 59900, country: 'US' });
    const amount = await admin.put(`/api/admin/orders/${orderId}/discount`, { kind: 'amount', value: 10000, reason: 'District pilot' });
    expect(amount.body.discount).toMatchObject({ kind: 'amount', value: 10000, amountOff: 10000, net: 49900 });
    const whole = await admin.put(`/api/admin/orders/${orderId}/discount`, { kind: 'amount', value: 59900, reason: 'Free pilot' });
    expect(whole.body.discount).toMatchObject({ amountOff: 59900, net: 0 });
    const replaced = await admin.put(`/api/admin/orders/${orderId}/discount`, { kind: 'percent', value: 25, reason: '  Second school  ' });
    expect(replaced.body.discount).toMatchObject({ kind: 'percent', value: 25, reason: 'Second school', amountOff: 14975, net: 44925 });

    const removed = await admin.delete(`/api/admin/orders/${orderId}/discount`);
    expect([removed.status, removed.body.discount]).toEqual([200, null]);
    expect((await admin.delete(`/api/admin/orders/${orderId}/discount`)).status).toBe(200);
    const issued = await admin.post(`/api/admin/orders/${orderId}/invoice`, {});
    expect(issued.body.invoice).toMatchObject({ net: 59900, tax: 0, gross: 59900 });
    expect(await pdfText(admin, orderId)).not.toContain('Discount');
  });

  it('refuses bad input with a 400 naming the field, saving nothing', async () => {
    const { client: admin } = await signedIn('admin');
    const orderId = await placeOrder();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...tenPercent, value: 0 }, 'value', /more than zero/],
      [{ ...tenPercent, value: 101 }, 'value', /from 1 to 100/],
      [{ ...tenPercent, value: 12.5 }, 'value', /whole number/],
      [{ ...tenPercent, value: '10' }, 'value', /whole number/],
      [{ kind: 'amount', value: -100, reason: 'x' }, 'value', /more than zero/],
      [{ kind: 'amount', value: 49901, reason: 'x' }, 'value', /£499\.00/],
      [{ ...tenPercent, kind: 'coupon' }, 'kind', /percentage or an amount/],
      [{ kind: 'percent', value: 10 }, 'reason', /Say why/],
      [{ ...tenPercent, reason: '   ' }, 'reason', /Say why/],
      [{ ...tenPercent, reason: 'x'.repeat(201) }, 'reason', /^Reason can be at most 200 characters$/],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.put(`/api/admin/orders/${orderId}/discount`, body);
      expect([response.status, Object.keys(response.body.errors ?? {})], JSON.stringify(body)).toEqual([400, [field]]);
      expect(response.body.errors[field]).toMatch(message);
    }
    expect((await admin.put(`/api/admin/orders/${orderId}/discount`, { ...tenPercent, reason: 'x'.repeat(200) })).status).toBe(200);
    expect((await admin.put(`/api/admin/orders/${orderId}/discount`, { kind: 'amount', value: 49900, reason: 'x' })).status).toBe(200);
    expect((await admin.put('/api/admin/orders/abc/discount', tenPercent)).status).toBe(400);
  });

  it('answers 404 for an unknown order and 409 for one paid or cancelled', async () => {
    const { client: admin } = await signedIn('admin');
    expect((await admin.put('/api/admin/orders/999999/discount', tenPercent)).status).toBe(404);
    expect((await admin.delete('/api/admin/orders/999999/discount')).status).toBe(404);
    const paid = await placeOrder({ status: 'paid', paidAt: Date.now() });
    const refused = await admin.put(`/api/admin/orders/${paid}/discount`, tenPercent);
    expect([refused.status, refused.body.message]).toEqual([409, 'This order is already paid: its discount can no longer change']);
    const cancelled = await placeOrder({ status: 'cancelled' });
    expect((await admin.put(`/api/admin/orders/${cancelled}/discount`, tenPercent)).status).toBe(409);
    expect((await server.db('orders').whereIn('id', [paid, cancelled]).whereNotNull('discountKind')).length).toBe(0);
  });

  it('is for admins only: 401 for a visitor, 403 for a learner (even the buyer)', async () => {
    const orderId = await placeOrder();
    const visitor = server.client();
    expect((await visitor.put(`/api/admin/orders/${orderId}/discount`, tenPercent)).status).toBe(401);
    expect((await visitor.delete(`/api/admin/orders/${orderId}/discount`)).status).toBe(401);
    const buyer = server.client();
    const order = await server.db('orders').where({ id: orderId }).first();
    await signIn(buyer, (await server.db('users').where({ id: order!.userId }).first())!);
    expect((await buyer.put(`/api/admin/orders/${orderId}/discount`, tenPercent)).status).toBe(403);
    expect((await buyer.delete(`/api/admin/orders/${orderId}/discount`)).status).toBe(403);
    expect((await server.db('orders').where({ id: orderId }).first())!.discountKind).toBeNull();
  });
});
