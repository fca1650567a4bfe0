import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createUser, signIn } from '../../../test/factories.ts';
import { readPdf } from '../../../test/pdfText.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer({
  stripe: true,
  env: {
    INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd',
    INVOICE_SELLER_ADDRESS: '12 Market Street\\nBristol BS1 4DJ\\nUnited Kingdom',
    INVOICE_SELLER_VAT_NUMBER: 'GB 123 4567 89',
    INVOICE_PAYMENT_TERMS_DAYS: '30',
  },
});

async function signedIn(role: 'learner' | 'admin' = 'learner') {
  // A verified address: invoice requests need one (policies/orders.ts).
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

async function pdf(client: TestClient, path: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const response = await fetch(client.baseUrl + path, { headers: { cookie: client.cookieHeader } });
  if (response.ok) {
    // A PDF is an API answer like any other (Chromium's viewer opens it under this CSP).
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; ?frame-ancestors 'none'$/);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  }
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function order(client: TestClient, courseId: number, extra: Record<string, unknown>) {
  const response = await client.post('/api/orders', { courseId, schoolName: 'Lincoln Park Elementary', billingEmail: 'ap@lincoln.k12.example', ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; reference: string };
}

const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };

describe('invoice requests', () => {
  it('records currency, country, billing address and VAT number; bad shapes are a 400 naming the field', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900, priceEur: 54900 });
    const created = await order(client, course.id, {
      currency: 'EUR',
      country: 'de',
      billingAddress: 'Schulstraße 1\n10115 Berlin',
      vatNumber: 'de 123 456 789',
    });
    expect(created).toMatchObject({
      amount: 54900,
      currency: 'eur',
      country: 'DE',
      billingAddress: 'Schulstraße 1\n10115 Berlin',
      vatNumber: 'de 123 456 789',
      invoice: null,
    });

    const { client: other } = await signedIn();
    const base = { courseId: course.id, schoolName: 'X', billingEmail: 'x@x.example' };
    const wrongShape = await other.post('/api/orders', { ...base, country: 'DE', vatNumber: 'DE12345' });
    expect([wrongShape.status, Object.keys(wrongShape.body.errors)]).toEqual([400, ['vatNumber']]);
    const wrongCountry = await other.post('/api/orders', { ...base, country: 'FR', vatNumber: 'DE123456789' });
    expect([wrongCountry.status, Object.keys(wrongCountry.body.errors)]).toEqual([400, ['vatNumber']]);
    const badCountry = await other.post('/api/orders', { ...base, country: 'XX' });
    expect([badCountry.status, Object.keys(badCountry.body.errors)]).toEqual([400, ['country']]);
    const unknownCurrency = await other.post('/api/orders', { ...base, currency: 'CHF' });
    expect([unknownCurrency.status, Object.keys(unknownCurrency.body.errors)]).toEqual([400, ['currency']]);
    const noUsdPrice = await other.post('/api/orders', { ...base, currency: 'USD' });
    expect([noUsdPrice.status, Object.keys(noUsdPrice.body.errors)]).toEqual([400, ['currency']]);
    // A US district's tax-exemption number has no fixed shape.
    expect((await other.post('/api/orders', { ...base, country: 'US', vatNumber: 'EX-12-3456789' })).status).toBe(201);
  });
});

describe('issuing invoices', () => {
  it('issues a UK invoice with 20 % VAT, idempotently, and its PDF shows the number, PO, lines and totals', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900, title: 'Smartphone Photography' });
    server.clock.set('2026-03-14T10:00:00Z');
    const created = await order(client, course.id, {
      currency: 'GBP',
      country: 'GB',
      billingAddress: "St Mary's Primary\nChurch Lane\nLeeds LS1 1AA",
      purchaseOrderNumber: '2291',
    });
    expect((await pdf(client, `/api/orders/${created.id}/invoice.pdf`)).status).toBe(404);

    const { client: admin } = await signedIn('admin');
    const issued = await admin.post(`/api/admin/orders/${created.id}/invoice`, {});
    expect(issued.status).toBe(200);
    expect(issued.body.invoice).toEqual({
      number: expect.stringMatching(/^INV-2026-\d{6}$/),
      issuedAt: expect.stringMatching(/^2026-03-14T10:00/),
      currency: 'GBP',
      net: 49900,
      tax: 9980,
      gross: 59880,
    });
    const again = await admin.post(`/api/admin/orders/${created.id}/invoice`, {});
    expect(again.body.invoice).toEqual(issued.body.invoice);
    expect((await admin.get('/api/admin/orders')).body.find((o: { id: number }) => o.id === created.id).invoice).toEqual(issued.body.invoice);
    expect((await client.get('/api/orders')).body.find((o: { id: number }) => o.id === created.id).invoice).toEqual(issued.body.invoice);

    for (const reader of [client, admin]) {
      const document = await pdf(reader, `/api/orders/${created.id}/invoice.pdf`);
      expect([document.status, document.type]).toEqual([200, 'application/pdf']);
      expect(Buffer.from(document.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const { pages } = await readPdf(document.bytes);
      expect(pages[0]).toMatchObject(A4);
      const text = pages[0]!.text;
      for (const expected of [
        issued.body.invoice.number,
        'INVOICE',
        'PO 2291',
        created.reference,
        'Smartphone Photography',
        'Atrium School Marketing Ltd',
        'GB123456789',
        'VAT at 20%',
        '£499.00',
        '£99.80',
        '£598.80',
        'Total due (GBP)',
        '14 March 2026',
        'Due 13 April 2026',
        '30 days',
      ]) {
        expect(text).toContain(expected);
      }
    }
    server.clock.reset();
  });

  it('reverse-charges an EU buyer with a VAT number, charges none outside the UK and EU, and prints dollars on Letter', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900, priceUsd: 59900, priceEur: 54900 });
    const { client: admin } = await signedIn('admin');

    const eu = await order(client, course.id, { currency: 'EUR', country: 'IE', vatNumber: 'IE6388047V' });
    const euInvoice = (await admin.post(`/api/admin/orders/${eu.id}/invoice`, {})).body.invoice;
    expect(euInvoice).toMatchObject({ currency: 'EUR', net: 54900, tax: 0, gross: 54900, taxNote: expect.stringMatching(/^Reverse charge/) });
    const euPdf = await readPdf((await pdf(client, `/api/orders/${eu.id}/invoice.pdf`)).bytes);
    expect(euPdf.pages[0]).toMatchObject(A4);
    expect(euPdf.pages[0]!.text).toContain('Reverse charge');
    expect(euPdf.pages[0]!.text).toMatch(/€549\.00/);

    const { client: us } = await signedIn();
    const usOrder = await order(us, course.id, { currency: 'USD', country: 'US', billingAddress: '1 School Rd\nSpringfield, IL 62701' });
    const usInvoice = (await admin.post(`/api/admin/orders/${usOrder.id}/invoice`, {})).body.invoice;
    expect(usInvoice).toMatchObject({ currency: 'USD', net: 59900, tax: 0, gross: 59900 });
    const usPdf = await readPdf((await pdf(us, `/api/orders/${usOrder.id}/invoice.pdf`)).bytes);
    expect(usPdf.pages[0]).toMatchObject(LETTER);
    expect(usPdf.pages[0]!.text).toContain('$599.00');
    expect(usPdf.pages[0]!.text).toContain('Total due (USD)');
  });

  it('prints names outside Windows-1252 (Welsh, Polish, Greek, Cyrillic) as written, and reads them back', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 20000, title: 'Ffotograffiaeth ffôn: Ŵyl yr Haf' });
    const created = await order(client, course.id, {
      currency: 'GBP',
      country: 'GB',
      schoolName: 'Ysgol Bro Ŵyddfa',
      billingAddress: 'Łukasz Wiśniewski, Swyddfa’r ysgol\nΑθηνά Παπαδοπούλου\nИрина Смирнова',
    });
    const { client: admin } = await signedIn('admin');
    expect((await admin.post(`/api/admin/orders/${created.id}/invoice`, {})).status).toBe(200);
    const text = (await readPdf((await pdf(client, `/api/orders/${created.id}/invoice.pdf`)).bytes)).pages[0]!.text;
    for (const expected of ['Ysgol Bro Ŵyddfa', 'Łukasz Wiśniewski', 'Αθηνά Παπαδοπούλου', 'Ирина Смирнова', 'Ffotograffiaeth ffôn: Ŵyl yr Haf'])
      expect(text).toContain(expected);
  });

  it('needs a country, which the admin may add when issuing; other people cannot see or issue it', async () => {
    const { client, user } = await signedIn();
    const course = await createCourse(server, { price: 10000 });
    const created = await order(client, course.id, {});
    const { client: admin } = await signedIn('admin');
    const missing = await admin.post(`/api/admin/orders/${created.id}/invoice`, {});
    expect([missing.status, Object.keys(missing.body.errors)]).toEqual([400, ['country']]);
    const badVat = await admin.post(`/api/admin/orders/${created.id}/invoice`, { country: 'GB', vatNumber: 'GB12' });
    expect([badVat.status, Object.keys(badVat.body.errors)]).toEqual([400, ['vatNumber']]);
    expect((await client.post(`/api/admin/orders/${created.id}/invoice`, { country: 'GB' })).status).toBe(403);
    expect((await server.client().post(`/api/admin/orders/${created.id}/invoice`, { country: 'GB' })).status).toBe(401);
    const issued = await admin.post(`/api/admin/orders/${created.id}/invoice`, { country: 'GB' });
    expect(issued.body).toMatchObject({ country: 'GB', invoice: { net: 10000, tax: 2000, gross: 12000 } });
    expect((await admin.post('/api/admin/orders/999999/invoice', { country: 'GB' })).status).toBe(404);

    const { client: stranger } = await signedIn();
    expect((await pdf(stranger, `/api/orders/${created.id}/invoice.pdf`)).status).toBe(404);
    expect((await pdf(server.client(), `/api/orders/${created.id}/invoice.pdf`)).status).toBe(401);
    // Marking paid works as before and keeps the invoice.
    const paid = await admin.post(`/api/admin/orders/${created.id}/paid`);
    expect(paid.body).toMatchObject({ status: 'paid', invoice: issued.body.invoice });
    expect(await server.db('enrollments').where({ userId: user.id, courseId: course.id })).toHaveLength(1);
  });

  it('never gives two invoices the same number, and leaves no gap, under 20 concurrent issues', async () => {
    const course = await createCourse(server, { price: 1000 });
    const orders: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const { client } = await signedIn();
      orders.push((await order(client, course.id, { country: 'GB' })).id);
    }
    const admins = await Promise.all([signedIn('admin'), signedIn('admin')]);
    server.clock.set('2031-06-01T09:00:00Z');
    const before = await server.db('invoiceCounters').where({ year: 2031 }).first();
    expect(before).toBeUndefined();
    // Every order issued twice at once, by two admins: 40 requests, 20 invoices.
    const answers = await Promise.all(orders.flatMap((id) => admins.map(({ client }) => client.post(`/api/admin/orders/${id}/invoice`, {}))));
    server.clock.reset();
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const byOrder = new Map<number, string>();
    for (const answer of answers) {
      const seen = byOrder.get(answer.body.id);
      if (seen) expect(answer.body.invoice.number).toBe(seen);
      byOrder.set(answer.body.id, answer.body.invoice.number);
    }
    const numbers = [...byOrder.values()].sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `INV-2031-${String(index + 1).padStart(6, '0')}`));
  });
});

describe('card receipts and sales totals', () => {
  it('gives a succeeded card payment a receipt PDF for the buyer and the admin, and totals sales per currency', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900, priceUsd: 59900, title: 'School Videos' });
    const intent = await client.post('/api/create-payment-intent', { courseId: course.id, currency: 'USD' });
    const id = intent.body.paymentIntentId as string;
    expect((await pdf(client, `/api/payments/${id}/receipt.pdf`)).status).toBe(404);
    server.stripe.settle(id, 'succeeded');
    expect((await client.get(`/api/payments/${id}`)).body.status).toBe('succeeded');

    const receipt = await pdf(client, `/api/payments/${id}/receipt.pdf`);
    expect([receipt.status, receipt.type]).toEqual([200, 'application/pdf']);
    const { pages } = await readPdf(receipt.bytes);
    expect(pages[0]).toMatchObject(LETTER);
    for (const expected of ['RECEIPT', 'School Videos', '$599.00', 'Total paid (USD)', id]) expect(pages[0]!.text).toContain(expected);

    const { client: admin } = await signedIn('admin');
    const payment = await server.db('payments').where({ providerReference: id }).first();
    expect((await pdf(admin, `/api/admin/payments/${payment!.id}/receipt.pdf`)).status).toBe(200);
    expect((await pdf(admin, `/api/payments/${id}/receipt.pdf`)).status).toBe(200);
    const { client: stranger } = await signedIn();
    expect((await pdf(stranger, `/api/payments/${id}/receipt.pdf`)).status).toBe(404);
    expect((await pdf(stranger, `/api/admin/payments/${payment!.id}/receipt.pdf`)).status).toBe(403);

    const sales = await admin.get('/api/admin/sales');
    expect(sales.status).toBe(200);
    const usd = sales.body.currencies.find((row: { currency: string }) => row.currency === 'USD');
    expect(usd).toMatchObject({ cardPayments: 1, cardNet: 59900 });
    const gbp = sales.body.currencies.find((row: { currency: string }) => row.currency === 'GBP');
    // Invoices issued in this file in pounds: 598.80 + 240.00 + 120.00 + 20 × 12.00; 120.00 paid.
    expect(gbp).toMatchObject({ invoicedGross: 59880 + 24000 + 12000 + 20 * 1200, invoicedPaid: 12000, invoices: 23 });
    expect(sales.body.currencies.map((row: { currency: string }) => row.currency)).toEqual(['GBP', 'USD', 'EUR']);
    // No INVOICE_PAYMENT_DETAILS here: Issue invoice warns the admin (issue 34 #5).
    expect(sales.body.invoicing).toEqual({ sellerConfigured: true, paymentDetailsConfigured: false });
    expect((await client.get('/api/admin/sales')).status).toBe(403);
  });
});
