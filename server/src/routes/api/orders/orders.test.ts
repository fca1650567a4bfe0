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

/** A signed-in caller; with a verified address unless said otherwise (invoice requests need one). */
async function signedIn(role: 'learner' | 'admin' = 'learner', verified = true) {
  const user = role === 'admin' ? await createAdmin(server.db) : await createUser(server.db);
  if (verified) await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

describe('invoice orders', () => {
  it("stores the request, mails support and the buyer's own address, and enrolls once an admin marks it paid", async () => {
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
    const reference = `ORD-${String(response.body.id).padStart(6, '0')}`;
    const toSupport = mailParts((await smtp.waitFor((m) => m.to.includes('support@atrium.test') && m.raw.includes(reference))).raw);
    expect(toSupport.text).toContain(`asked to pay for "Podcasting for Schools" (£499.00) by invoice.`);
    expect(toSupport.text).toContain(`School or organisation: "St Mary's Primary"`);
    expect(toSupport.text).toContain('Purchase order number: "PO-1234"');
    expect(toSupport.html).toContain('School or organisation: &quot;St Mary&#x27;s Primary&quot;');
    const receipt = mailParts((await smtp.waitFor((m) => m.to.includes(user.email))).raw);
    expect(receipt.text).toContain('We will e-mail the invoice to the billing address once we have prepared it.');
    expect(receipt.text).toContain('Send the invoice to: "bursar@stmarys.sch.uk"');
    // Named the same way everywhere: in the answer, in both e-mails and in the admin list.
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

  it('makes one order of requests sent at once: the others are 409, and support and the buyer hear once', async () => {
    const { client, user } = await signedIn();
    const course = await createCourse(server, { price: 19900 });
    const body = { courseId: course.id, schoolName: 'Birch Academy', billingEmail: 'office@birch.sch.uk' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/orders', body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.id).toBe('invoice_already_requested');
    expect(await server.db('orders').where({ userId: user.id, courseId: course.id })).toHaveLength(1);
    expect(await server.db('outbox').where({ toAddress: user.email })).toHaveLength(1);
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

// Issue 50 #1: the agency's mail goes only to people the caller has proven.
describe('an invoice request mails nobody the caller has not proven', () => {
  const outboxTo = (address: string) => server.db('outbox').where({ toAddress: address });

  it('is refused, and sends nothing, until the caller has verified their own address', async () => {
    const { client, user } = await signedIn('learner', false);
    const course = await createCourse(server, { price: 19900 });
    const refused = await client.post('/api/orders', { courseId: course.id, schoolName: 'Oak Academy', billingEmail: 'victim@elsewhere.test' });
    expect([refused.status, refused.body.id]).toEqual([403, 'forbidden']);
    expect(refused.body.message).toMatch(/^Confirm your own e-mail address before requesting an invoice/);
    expect(await server.db('orders').where({ userId: user.id })).toEqual([]);
    expect(await outboxTo('victim@elsewhere.test')).toEqual([]);
    // Founding a school with the order is refused with it: nothing is created.
    const founding = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: 'Oak Academy',
      billingEmail: 'victim@elsewhere.test',
      createSchool: true,
    });
    expect(founding.status).toBe(403);
    expect(await server.db('schoolMembers').where({ userId: user.id })).toEqual([]);
  });

  it('mails the billing address only once an admin issues the invoice, and keeps typed words out of every Subject', async () => {
    const { client, user } = await signedIn();
    const course = await createCourse(server, { price: 19900, title: 'Safeguarding Basics' });
    const words = 'URGENT: your account is locked, call 0800 000 000';
    const placed = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: words,
      billingEmail: 'stranger@elsewhere.test',
      purchaseOrderNumber: 'Reply to win',
      country: 'GB',
    });
    expect(placed.status).toBe(201);
    expect(await outboxTo('stranger@elsewhere.test')).toEqual([]);
    const sent = await server.db('outbox').whereIn('toAddress', [user.email, 'support@atrium.test']);
    const mine = sent.filter((row) => row.text.includes(placed.body.reference));
    expect(mine.map((row) => row.toAddress).sort()).toEqual(['support@atrium.test', user.email].sort());
    for (const row of mine) {
      expect(row.subject).not.toContain('URGENT');
      expect(row.subject).not.toContain('Reply to win');
      // In the body only as the buyer's quoted words.
      expect(row.text).toContain(`"${words}"`);
      expect(row.text).toContain('"Reply to win"');
      expect(row.text.replace(`"${words}"`, '')).not.toContain(words);
    }

    const { client: admin } = await signedIn('admin');
    expect((await admin.post(`/api/admin/orders/${placed.body.id}/invoice`, {})).status).toBe(200);
    const issued = await outboxTo('stranger@elsewhere.test');
    expect(issued).toHaveLength(1);
    expect(issued[0]!.subject).not.toContain('URGENT');
  });

  it('founds a school under the same rules as POST /api/schools', async () => {
    const { client, user } = await signedIn();
    const course = await createCourse(server, { price: 19900 });
    const long = await client.post('/api/orders', { courseId: course.id, schoolName: 'x'.repeat(201), billingEmail: 'office@oak.sch.uk', createSchool: true });
    expect(long.status).toBe(400);
    const placed = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: 'Oak Academy',
      billingEmail: 'office@oak.sch.uk',
      createSchool: true,
      country: 'IE',
    });
    expect(placed.status).toBe(201);
    const membership = await server.db('schoolMembers').where({ userId: user.id }).first();
    expect(membership).toMatchObject({ role: 'manager' });
    expect(await server.db('schools').where({ id: membership!.schoolId }).first()).toMatchObject({ name: 'Oak Academy', country: 'IE' });
  });
});
