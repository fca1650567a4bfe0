import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createCourse, createModule } from '../../../test/factories.ts';
import { addMember } from '../../../test/deadlines.ts';
import { readPdf } from '../../../test/pdfText.ts';
import { enrollmentsOf, learner, schoolWithManager } from '../../../test/schools.ts';
import { adminClient, trustManagerOf, trustOf } from '../../../test/trusts.ts';
import type { TestClient } from '../../../test/client.ts';

// One purchase for a trust (issue 39, item 2): the trust's licence covers every school in it,
// also schools attached later; detaching a school ends what it had only through the trust.

const server = useTestServer({ stripe: true, env: { INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd' } });
const now = () => server.clock.now().getTime();

const deliver = (event: { payload: string; header: string }) =>
  server
    .client()
    .request('POST', '/api/stripe/webhook', { raw: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': event.header } });

async function pricedCourse(title?: string) {
  const course = await createCourse(server, { price: 49900, ...(title ? { title } : {}) });
  await createModule(server, course.id);
  return course;
}

/** A trust of two schools (each with a manager and a member of staff) and a signed-in trust manager. */
async function trustOfTwo(name: string) {
  const admin = await adminClient(server);
  const oak = await schoolWithManager(server, `${name} Oak`);
  const elm = await schoolWithManager(server, `${name} Elm`);
  const oakStaff = await addMember(server.db, oak.schoolId, now());
  const elmStaff = await addMember(server.db, elm.schoolId, now());
  const trustId = await trustOf(admin, name, [oak.schoolId, elm.schoolId]);
  const manager = await trustManagerOf(server, admin, trustId);
  return { admin, oak, elm, oakStaff, elmStaff, trustId, manager };
}

/** Buys the course for the trust by card and delivers Stripe's success webhook. */
async function buyByCard(manager: TestClient, trustId: number, courseId: number): Promise<string> {
  const created = await manager.post('/api/create-payment-intent', { courseId, trustId });
  expect(created.status, created.text).toBe(200);
  const intentId = created.body.paymentIntentId as string;
  expect((await deliver(server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(intentId, 'succeeded')))).status).toBe(200);
  return intentId;
}

const courseIdsOf = async (userId: number) => (await enrollmentsOf(server.db, userId)).map((e) => Number(e.courseId));
const licenceOf = (schoolId: number, courseId: number) => server.db('schoolLicences').where({ schoolId, courseId }).first();

describe('who may buy for a trust', () => {
  it("is the trust's managers only: a school manager in it, another trust's manager, a learner and a visitor are refused, and nothing is written", async () => {
    const { admin, oak, trustId, manager } = await trustOfTwo('Harbour Trust');
    const other = await trustOf(admin, 'Rival Trust', []);
    const otherManager = await trustManagerOf(server, admin, other);
    const plain = await learner(server);
    const course = await pricedCourse();
    const order = { courseId: course.id, trustId, schoolName: 'Typed name', billingEmail: 'finance@harbour.example' };
    const refusals: Array<[string, TestClient, number]> = [
      ['school manager of a school in the trust', oak.client, 403],
      ["another trust's manager", otherManager.client, 403],
      ['plain learner', plain.client, 403],
      ['visitor', server.client(), 401],
    ];
    for (const [who, client, status] of refusals) {
      const card = await client.post('/api/create-payment-intent', { courseId: course.id, trustId });
      expect([who, card.status]).toEqual([who, status]);
      const invoice = await client.post('/api/orders', order);
      expect([who, invoice.status]).toEqual([who, status]);
    }
    expect(await server.db('payments').where({ trustId })).toHaveLength(0);
    expect(await server.db('orders').where({ trustId })).toHaveLength(0);
    expect(server.stripe.createCalls).toBe(0);

    // A school and a trust at once is bad input, named, and nothing is written.
    const both = await manager.client.post('/api/create-payment-intent', { courseId: course.id, trustId, schoolId: oak.schoolId });
    expect(both.status).toBe(400);
    expect(both.body.errors.trustId).toBe('Buy for a school or for a trust, not both');
    const bothOrder = await manager.client.post('/api/orders', { ...order, createSchool: true });
    expect([bothOrder.status, bothOrder.body.errors?.trustId]).toEqual([400, 'Buy for a school or for a trust, not both']);
    expect(await server.db('orders').where({ userId: manager.user.id })).toHaveLength(0);

    // The trust's own manager may, and the intent names the trust.
    const mine = await manager.client.post('/api/create-payment-intent', { courseId: course.id, trustId });
    expect(mine.status, mine.text).toBe(200);
    expect(server.stripe.intents.get(mine.body.paymentIntentId)!.metadata).toMatchObject({ trustId: String(trustId) });
    expect(Number((await server.db('payments').where({ providerReference: mine.body.paymentIntentId }).first())!.trustId)).toBe(trustId);
  });
});

describe("a trust's licence", () => {
  it('licenses every school of the trust once paid by card, once; a second purchase is refused', async () => {
    const { oak, elm, oakStaff, elmStaff, trustId, manager } = await trustOfTwo('Meadow Trust');
    const course = await pricedCourse();
    const intentId = await buyByCard(manager.client, trustId, course.id);
    // Redelivering the same success changes nothing.
    expect((await deliver(server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(intentId, 'succeeded')))).status).toBe(200);
    expect(await server.db('trustLicences').where({ trustId })).toMatchObject([{ courseId: course.id, source: 'payment', revokedAt: null }]);
    for (const schoolId of [oak.schoolId, elm.schoolId]) expect(await licenceOf(schoolId, course.id)).toMatchObject({ source: 'trust', revokedAt: null });
    for (const user of [oak.user, elm.user, oakStaff, elmStaff]) expect(await courseIdsOf(user.id)).toEqual([course.id]);
    // Each school's manager sees the course as their school's.
    expect((await oak.client.get('/api/schools/mine')).body.courses).toEqual([expect.objectContaining({ courseId: course.id })]);
    const again = await manager.client.post('/api/create-payment-intent', { courseId: course.id, trustId });
    expect([again.status, again.body.id]).toEqual([409, 'already_licensed']);
    // A school of the trust buying it again is refused too: it has it already.
    expect((await oak.client.post('/api/create-payment-intent', { courseId: course.id, schoolId: oak.schoolId })).status).toBe(409);
    // The return page says the purchase is done (the buyer is in no school), and checkout knows the trust has it.
    expect((await manager.client.get(`/api/payments/${intentId}`)).body).toMatchObject({ status: 'succeeded', enrolled: true, trustName: 'Meadow Trust' });
    expect((await manager.client.get('/api/trusts/mine')).body).toEqual({
      trust: { id: trustId, name: 'Meadow Trust', courseIds: [course.id], api: `/api/trusts/${trustId}` },
    });
    // The receipt names the trust.
    const receipt = await fetch(`${manager.client.baseUrl}/api/payments/${intentId}/receipt.pdf`, { headers: { cookie: manager.client.cookieHeader } });
    expect(receipt.status).toBe(200);
    expect((await readPdf(new Uint8Array(await receipt.arrayBuffer()))).pages[0]!.text).toContain('Meadow Trust');
  });

  it('a school attached later gets the course; detaching ends it but keeps its own purchase; attaching again restores it', async () => {
    const { admin, oak, oakStaff, trustId, manager } = await trustOfTwo('River Trust');
    const course = await pricedCourse();
    const ownCourse = await pricedCourse();
    await buyByCard(manager.client, trustId, course.id);

    // Ash joins the trust later and buys another course itself before that.
    const ash = await schoolWithManager(server, 'River Ash');
    const ashStaff = await addMember(server.db, ash.schoolId, now());
    const own = await ash.client.post('/api/create-payment-intent', { courseId: ownCourse.id, schoolId: ash.schoolId });
    expect((await deliver(server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(own.body.paymentIntentId, 'succeeded')))).status).toBe(
      200,
    );
    expect(await courseIdsOf(ashStaff.id)).toEqual([ownCourse.id]);
    expect((await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: ash.schoolId })).status).toBe(200);
    expect(await licenceOf(ash.schoolId, course.id)).toMatchObject({ source: 'trust', revokedAt: null });
    expect(await courseIdsOf(ashStaff.id)).toEqual([course.id, ownCourse.id].sort((a, b) => a - b));
    // The school's manager sees both as the school's courses.
    expect((await ash.client.get('/api/schools/mine')).body.courses.map((c: { courseId: number }) => c.courseId).sort()).toEqual(
      [course.id, ownCourse.id].sort(),
    );

    // The trust buys the course Ash already owns: Ash keeps its own licence (not turned into the trust's).
    await buyByCard(manager.client, trustId, ownCourse.id);
    expect(await licenceOf(ash.schoolId, ownCourse.id)).toMatchObject({ source: 'payment', revokedAt: null });
    expect(await licenceOf(oak.schoolId, ownCourse.id)).toMatchObject({ source: 'trust' });

    // Detached: Ash loses what it had through the trust, keeps what it bought; progress is not touched.
    await server.db('progress').insert({
      userId: ashStaff.id,
      moduleId: (await server.db('modules').where({ courseId: course.id }).first())!.id,
      courseId: course.id,
      watchedDuration: 30,
      position: 30,
      isCompleted: false,
      updatedAt: now(),
    });
    expect((await admin.delete(`/api/admin/trusts/${trustId}/schools/${ash.schoolId}`)).status).toBe(200);
    expect(await licenceOf(ash.schoolId, course.id)).toBeUndefined();
    expect(await licenceOf(ash.schoolId, ownCourse.id)).toMatchObject({ source: 'payment', revokedAt: null });
    expect(await courseIdsOf(ashStaff.id)).toEqual([ownCourse.id]);
    expect(await server.db('progress').where({ userId: ashStaff.id, courseId: course.id })).toHaveLength(1);
    // The other schools keep the trust's licence.
    expect(await courseIdsOf(oakStaff.id)).toEqual([course.id, ownCourse.id].sort((a, b) => a - b));

    // Attached again: the trust's course is back.
    expect((await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: ash.schoolId })).status).toBe(200);
    expect(await licenceOf(ash.schoolId, course.id)).toMatchObject({ source: 'trust', revokedAt: null });
    expect(await courseIdsOf(ashStaff.id)).toEqual([course.id, ownCourse.id].sort((a, b) => a - b));
  });

  it("an admin revoking a school's licence that comes through the trust is told to act on the trust; a revoked own licence gives way to the trust's", async () => {
    const { admin, oak, oakStaff, trustId, manager } = await trustOfTwo('Valley Trust');
    const course = await pricedCourse();
    // Oak had the course granted before; an admin revoked it.
    expect((await admin.post(`/api/admin/schools/${oak.schoolId}/licences`, { courseId: course.id })).status).toBe(200);
    expect((await admin.post(`/api/admin/schools/${oak.schoolId}/licences/${course.id}/revoke`)).status).toBe(200);
    expect(await courseIdsOf(oakStaff.id)).toEqual([]);
    await buyByCard(manager.client, trustId, course.id);
    expect(await licenceOf(oak.schoolId, course.id)).toMatchObject({ source: 'trust', revokedAt: null });
    expect(await courseIdsOf(oakStaff.id)).toEqual([course.id]);
    const refused = await admin.post(`/api/admin/schools/${oak.schoolId}/licences/${course.id}/revoke`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/through its trust's licence/);
    expect(await courseIdsOf(oakStaff.id)).toEqual([course.id]);
  });

  it("an admin revokes the trust's licence (a refund) and restores it, like a school's: schools that bought it themselves keep it", async () => {
    const { admin, oak, oakStaff, elmStaff, trustId, manager } = await trustOfTwo('Brook Trust');
    const course = await pricedCourse();
    // Oak bought the course itself before the trust did.
    const own = await oak.client.post('/api/create-payment-intent', { courseId: course.id, schoolId: oak.schoolId });
    expect((await deliver(server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(own.body.paymentIntentId, 'succeeded')))).status).toBe(
      200,
    );
    await buyByCard(manager.client, trustId, course.id);
    expect(await courseIdsOf(elmStaff.id)).toEqual([course.id]);

    const revoked = await admin.post(`/api/admin/trusts/${trustId}/licences/${course.id}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.licences).toEqual([expect.objectContaining({ courseId: course.id, source: 'payment', revokedAt: expect.any(String) })]);
    expect(await courseIdsOf(elmStaff.id)).toEqual([]);
    expect(await courseIdsOf(oakStaff.id)).toEqual([course.id]);
    expect((await manager.client.get('/api/trusts/mine')).body.trust.courseIds).toEqual([]);

    const restored = await admin.post(`/api/admin/trusts/${trustId}/licences/${course.id}/restore`);
    expect(restored.body.licences).toEqual([expect.objectContaining({ courseId: course.id, revokedAt: null })]);
    expect(await courseIdsOf(elmStaff.id)).toEqual([course.id]);

    // Granting is an admin's too; an unknown course or a trust without that licence is a 404, nothing written.
    const other = await pricedCourse();
    expect((await admin.post(`/api/admin/trusts/${trustId}/licences`, { courseId: other.id })).status).toBe(200);
    expect(await licenceOf(oak.schoolId, other.id)).toMatchObject({ source: 'trust', revokedAt: null });
    expect((await admin.post(`/api/admin/trusts/${trustId}/licences`, { courseId: 99_999_999 })).status).toBe(404);
    const missing = await admin.post(`/api/admin/trusts/${trustId}/licences/${(await pricedCourse()).id}/revoke`);
    expect([missing.status, missing.body.message]).toEqual([404, 'This trust has no licence for that course']);
    expect((await admin.post(`/api/admin/trusts/${trustId}/licences`, { courseId: 'x' })).status).toBe(400);
    expect(await server.db('trustLicences').where({ trustId })).toHaveLength(2);
  });

  it('an invoice for the trust names the trust, whatever was typed, and licenses every school once marked paid', async () => {
    const { admin, elmStaff, trustId, manager } = await trustOfTwo('Orchard Trust');
    // Invoice requests need a verified address of one's own (policies/orders.ts).
    await server.db('users').where({ id: manager.user.id }).update({ emailVerifiedAt: Date.now() });
    const course = await pricedCourse('Safeguarding Essentials');
    const created = await manager.client.post('/api/orders', {
      courseId: course.id,
      trustId,
      schoolName: 'Something else',
      billingEmail: 'finance@orchard.example',
      country: 'GB',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ trustId, schoolId: null, schoolName: 'Orchard Trust' });
    // A second request for the same course is refused while the first is open.
    expect((await manager.client.post('/api/orders', { courseId: course.id, trustId, schoolName: 'x', billingEmail: 'finance@orchard.example' })).status).toBe(
      409,
    );
    const sales = await admin.get('/api/admin/orders');
    expect(sales.body.find((o: { id: number }) => o.id === created.body.id)).toMatchObject({ schoolName: 'Orchard Trust', trustId });

    expect((await admin.post(`/api/admin/orders/${created.body.id}/invoice`, {})).status).toBe(200);
    const invoice = await fetch(`${manager.client.baseUrl}/api/orders/${created.body.id}/invoice.pdf`, { headers: { cookie: manager.client.cookieHeader } });
    expect(invoice.status).toBe(200);
    const text = (await readPdf(new Uint8Array(await invoice.arrayBuffer()))).pages[0]!.text;
    expect(text).toContain('Orchard Trust');
    expect(text).not.toContain('Something else');
    expect(await courseIdsOf(elmStaff.id)).toEqual([]);

    expect((await admin.post(`/api/admin/orders/${created.body.id}/paid`)).status).toBe(200);
    expect(await server.db('trustLicences').where({ trustId })).toMatchObject([{ courseId: course.id, source: 'order', revokedAt: null }]);
    expect(await courseIdsOf(elmStaff.id)).toEqual([course.id]);
  });
});
