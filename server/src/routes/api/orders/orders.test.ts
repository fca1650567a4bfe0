import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createUser, enroll, signIn } from '../../../test/factories.ts';
import { mailParts, startSmtpCapture } from '../../../test/smtp.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function signedIn(role: 'learner' | 'admin' = 'learner') {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

describe('invoice orders', () => {
  it('stores the request, mails support and the billing address, and enrolls once an admin marks it paid', async () => {
    const { client, user } = await signedIn();
    const course = await createCourse(server, { price: 49900, title: 'Podcasting for Schools' });
    const response = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: "St Mary's Primary",
      billingEmail: 'Bursar@StMarys.sch.uk',
      purchaseOrderNumber: 'PO-1234',
      amount: 1,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'requested', amount: 49900, billingEmail: 'bursar@stmarys.sch.uk', purchaseOrderNumber: 'PO-1234' });
    const toSupport = mailParts(
      (await smtp.waitFor((m) => m.to.includes('support@atrium.test') && /Invoice request/.test(m.raw) && /PO-1234/.test(m.raw))).raw,
    );
    expect(toSupport.text).toContain(`St Mary's Primary asked to pay for "Podcasting for Schools" (£499.00) by invoice.`);
    expect(toSupport.html).toContain('St Mary&#x27;s Primary asked to pay');
    const receipt = mailParts((await smtp.waitFor((m) => m.to.includes('bursar@stmarys.sch.uk'))).raw);
    expect(receipt.text).toContain('We will send the invoice to this address.');
    expect(receipt.html).toContain('We will send the invoice to this address.');
    // Named the same way everywhere: in the answer, in both e-mails and in the admin list.
    const reference = `ORD-${String(response.body.id).padStart(6, '0')}`;
    expect(response.body.reference).toBe(reference);
    expect(toSupport.text).toContain(`Order reference: ${reference}`);
    expect(receipt.text).toContain(`Order reference: ${reference}.`);
    expect(receipt.text).not.toContain(`#${response.body.id}`);
    expect((await client.get('/api/orders')).body).toMatchObject([{ reference }]);

    expect((await client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);
    const { client: admin } = await signedIn('admin');
    const list = await admin.get('/api/admin/orders');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBeTruthy();
    expect(list.body.find((o: { id: number }) => o.id === response.body.id)).toMatchObject({ buyerEmail: user.email, reference });

    const paid = await admin.post(`/api/admin/orders/${response.body.id}/paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect((await admin.post(`/api/admin/orders/${response.body.id}/paid`)).status).toBe(200);
    const enrollments = await server.db('enrollments').where({ userId: user.id, courseId: course.id });
    expect(enrollments).toHaveLength(1);
    expect(enrollments[0]!.source).toBe('order');
  });

  it('refuses duplicates, free courses, enrolled buyers and bad input', async () => {
    const { client, user } = await signedIn();
    const course = await createCourse(server, { price: 19900 });
    const body = { courseId: course.id, schoolName: 'Oak Academy', billingEmail: 'office@oak.sch.uk' };
    expect((await client.post('/api/orders', body)).status).toBe(201);
    const duplicate = await client.post('/api/orders', body);
    expect([duplicate.status, duplicate.body.id]).toEqual([409, 'invoice_already_requested']);
    const free = await createCourse(server, { price: 0 });
    expect((await client.post('/api/orders', { ...body, courseId: free.id })).status).toBe(400);
    const owned = await createCourse(server, { price: 100 });
    await enroll(server.db, user.id, owned.id);
    const enrolled = await client.post('/api/orders', { ...body, courseId: owned.id });
    expect([enrolled.status, enrolled.body.id]).toEqual([409, 'already_enrolled']);
    const invalid = await client.post('/api/orders', { courseId: course.id, schoolName: ' ', billingEmail: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ schoolName: expect.any(String), billingEmail: expect.any(String) });
    expect((await client.post('/api/orders', { ...body, courseId: 999999 })).status).toBe(404);
  });

  it('keeps admin order and payment lists and the paid action to admins', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/admin/orders')).status).toBe(403);
    expect((await client.get('/api/admin/payments')).status).toBe(403);
    expect((await client.post('/api/admin/orders/1/paid')).status).toBe(403);
    expect((await server.client().get('/api/admin/orders')).status).toBe(401);
    expect((await server.client().post('/api/orders', {})).status).toBe(401);
    const { client: admin } = await signedIn('admin');
    expect((await admin.post('/api/admin/orders/999999/paid')).status).toBe(404);
    expect((await admin.get('/api/admin/payments')).status).toBe(200);
  });
});
