import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createUser, signIn } from '../../../test/factories.ts';
import { readPdf } from '../../../test/pdfText.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer({
  env: {
    INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd',
    INVOICE_SELLER_ADDRESS: '12 Market Street\\nBristol BS1 4DJ\\nUnited Kingdom',
    INVOICE_PAYMENT_DETAILS: 'Bank: Example Bank\\nSort code 12-34-56, account 12345678',
  },
});

async function signedIn(role: 'learner' | 'admin' = 'learner') {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
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
