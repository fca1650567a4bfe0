import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createUser, signIn } from '../../../test/factories.ts';
import { readPdf } from '../../../test/pdfText.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer({
  smtp: true,
  env: {
    INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd',
    INVOICE_SELLER_ADDRESS: '12 Market Street\\nBristol BS1 4DJ\\nUnited Kingdom',
    INVOICE_PAYMENT_DETAILS: 'Bank: Example Bank\\nSort code 12-34-56, account 12345678',
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

async function pdfText(client: TestClient, path: string): Promise<string> {
  const response = await fetch(client.baseUrl + path, { headers: { cookie: client.cookieHeader } });
  expect(response.status).toBe(200);
  const { pages } = await readPdf(new Uint8Array(await response.arrayBuffer()));
  return pages.map((page) => page.text).join('\n');
}

async function order(client: TestClient, courseId: number, extra: Record<string, unknown>) {
  const response = await client.post('/api/orders', { courseId, schoolName: 'Lincoln Park Elementary', billingEmail: 'ap@lincoln.k12.example', ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; reference: string; vatNumber: string | null };
}

describe('the buyer’s tax number', () => {
  it('is stored and printed as the buyer typed it; only the check normalises it', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900, priceUsd: 59900, priceEur: 54900 });
    const us = await order(client, course.id, { currency: 'USD', country: 'US', vatNumber: 'IL-EX-99812' });
    expect(us.vatNumber).toBe('IL-EX-99812');
    const { client: admin } = await signedIn('admin');
    expect((await admin.post(`/api/admin/orders/${us.id}/invoice`, {})).status).toBe(200);
    const text = await pdfText(client, `/api/orders/${us.id}/invoice.pdf`);
    expect(text).toContain('IL-EX-99812');
    expect(text).not.toContain('ILEX99812');

    // An EU number typed with spaces is checked in its normalised shape and printed as typed.
    const { client: irish } = await signedIn();
    const eu = await order(irish, course.id, { currency: 'EUR', country: 'IE' });
    const issued = await admin.post(`/api/admin/orders/${eu.id}/invoice`, { vatNumber: 'ie 6388047 v' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ vatNumber: 'ie 6388047 v', invoice: { tax: 0, taxNote: expect.stringMatching(/^Reverse charge/) } });
    expect(await pdfText(irish, `/api/orders/${eu.id}/invoice.pdf`)).toContain('ie 6388047 v');
  });
});

/** The PDF attached to a raw MIME message, decoded from its base64 part. */
function attachedPdf(raw: string): { filename: string; bytes: Buffer } {
  const part = /Content-Type: application\/pdf;?\s*(?:name="?([^"\r\n]+)"?)?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  expect(part, 'a PDF attachment').not.toBeNull();
  return { filename: part![1] ?? '', bytes: Buffer.from(part![2]!.replace(/\s+/g, ''), 'base64') };
}

describe('invoice mail', () => {
  it('sends the buyer the invoice PDF on issue and the receipt PDF on payment, once each', async () => {
    const { client } = await signedIn();
    const course = await createCourse(server, { price: 49900 });
    const placed = await order(client, course.id, { currency: 'GBP', country: 'GB', billingEmail: 'bursar@mail-test.example' });
    const { client: admin } = await signedIn('admin');
    expect((await admin.get('/api/admin/sales')).body.invoicing).toEqual({ sellerConfigured: true, paymentDetailsConfigured: true });
    const issued = await admin.post(`/api/admin/orders/${placed.id}/invoice`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const number = (issued.body as { invoice: { number: string } }).invoice.number;

    const invoiceMail = await server.smtp.waitFor((mail) => mail.to.includes('bursar@mail-test.example') && mail.raw.includes(`Invoice ${number}`));
    const invoice = attachedPdf(invoiceMail.raw);
    expect(invoice.filename).toBe(`${number}.pdf`);
    expect(invoice.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const invoiceText = (await readPdf(new Uint8Array(invoice.bytes))).pages.map((page) => page.text).join('\n');
    expect(invoiceText).toContain(number);
    expect(invoiceText).toContain('Sort code 12-34-56');

    // Issuing again answers the same invoice and sends nothing more.
    expect((await admin.post(`/api/admin/orders/${placed.id}/invoice`, {})).status).toBe(200);

    expect((await admin.post(`/api/admin/orders/${placed.id}/paid`, {})).status).toBe(200);
    const receiptMail = await server.smtp.waitFor((mail) => mail.to.includes('bursar@mail-test.example') && mail.raw.includes(`Receipt for invoice ${number}`));
    const receipt = attachedPdf(receiptMail.raw);
    expect(receipt.filename).toBe(`RCT-${number}.pdf`);
    expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const receiptText = (await readPdf(new Uint8Array(receipt.bytes))).pages.map((page) => page.text).join('\n');
    expect(receiptText).toContain(`RCT-${number}`);
    expect(receiptText).toContain('Total paid');

    const sent = await server.db('outbox').where({ toAddress: 'bursar@mail-test.example' }).select('subject', 'attachments');
    expect(sent.filter((row) => row.attachments !== null).map((row) => row.subject)).toEqual([
      expect.stringContaining(`Invoice ${number}`),
      `Receipt for invoice ${number}`,
    ]);
    // The outbox keeps a reference to make the PDF again, not the document itself.
    expect(sent.every((row) => row.attachments === null || row.attachments.length < 300)).toBe(true);
  });
});
