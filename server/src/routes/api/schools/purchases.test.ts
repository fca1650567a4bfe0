import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, signIn } from '../../../test/factories.ts';
import { enrollmentsOf, inviteToken, learner, schoolWithManager } from '../../../test/schools.ts';

const server = useTestServer({ stripe: true });

async function pricedCourse() {
  const course = await createCourse(server, { price: 49900 });
  await createModule(server, course.id);
  return course;
}

const deliver = (event: { payload: string; header: string }) =>
  server
    .client()
    .request('POST', '/api/stripe/webhook', { raw: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': event.header } });

describe('buying for a school by card', () => {
  it('a payment completing after the buyer was removed from the school licenses it without making them a manager again', async () => {
    const { client: manager, user: buyer, schoolId } = await schoolWithManager(server);
    const colleague = await learner(server);
    expect((await colleague.client.post(`/api/invites/${await inviteToken(manager, schoolId)}/accept`)).status).toBe(201);
    const course = await pricedCourse();
    const created = await manager.post('/api/create-payment-intent', { courseId: course.id, schoolId });
    expect(created.status).toBe(200);
    // The colleague becomes a manager and removes the buyer before the payment completes.
    expect((await manager.post(`/api/schools/${schoolId}/managers`, { userId: colleague.user.id })).status).toBe(200);
    expect((await colleague.client.delete(`/api/schools/${schoolId}/members/${buyer.id}`)).status).toBe(200);

    const intentId = created.body.paymentIntentId as string;
    expect((await deliver(server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(intentId, 'succeeded')))).status).toBe(200);
    expect(await server.db('schoolLicences').where({ schoolId, courseId: course.id })).toHaveLength(1);
    expect(await server.db('schoolMembers').where({ userId: buyer.id }).first()).toBeUndefined();
    // The money is not for nothing: the buyer has the course personally.
    expect((await enrollmentsOf(server.db, buyer.id)).map((e) => [e.courseId, e.source])).toEqual([[course.id, 'payment']]);
  });

  it('licenses the school once paid, enrolls its members and keeps the buyer a manager; a redelivery changes nothing', async () => {
    const { client: manager, user: buyer, schoolId } = await schoolWithManager(server);
    const colleague = await learner(server);
    expect((await colleague.client.post(`/api/invites/${await inviteToken(manager, schoolId)}/accept`)).status).toBe(201);
    const course = await pricedCourse();

    const created = await manager.post('/api/create-payment-intent', { courseId: course.id, schoolId });
    expect(created.status).toBe(200);
    const intentId = created.body.paymentIntentId as string;
    expect(server.stripe.intents.get(intentId)!.metadata).toEqual({ userId: String(buyer.id), courseId: String(course.id), schoolId: String(schoolId) });
    expect((await server.db('payments').where({ providerReference: intentId }).first())!.schoolId).toBe(schoolId);
    // Not paid yet: nothing licensed.
    expect(await server.db('schoolLicences').where({ schoolId })).toHaveLength(0);

    const event = server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(intentId, 'succeeded'));
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const licence = await server.db('schoolLicences').where({ schoolId, courseId: course.id });
    expect(licence).toHaveLength(1);
    expect(licence[0]).toMatchObject({ source: 'payment', revokedAt: null });
    for (const id of [buyer.id, colleague.user.id]) {
      expect((await enrollmentsOf(server.db, id)).map((e) => [e.courseId, e.source])).toEqual([[course.id, 'licence']]);
    }
    expect((await manager.get('/api/schools/mine')).body).toMatchObject({ role: 'manager', courses: [{ courseId: course.id }] });
    const status = await manager.get(`/api/payments/${intentId}`);
    expect(status.body).toMatchObject({ status: 'succeeded', enrolled: true });
    // Already licensed: a second purchase for the school is refused.
    expect((await manager.post('/api/create-payment-intent', { courseId: course.id, schoolId })).status).toBe(409);
  });

  it('licenses through the return page too, when the webhook has not arrived', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const course = await pricedCourse();
    const created = await manager.post('/api/create-payment-intent', { courseId: course.id, schoolId });
    server.stripe.settle(created.body.paymentIntentId, 'succeeded');
    expect((await manager.get(`/api/payments/${created.body.paymentIntentId}`)).body.enrolled).toBe(true);
    expect(await server.db('schoolLicences').where({ schoolId, courseId: course.id })).toHaveLength(1);
  });

  it('a buyer without a school creates one and pays by card for it, as the checkout does', async () => {
    const buyer = await learner(server);
    const course = await pricedCourse();
    const school = await buyer.client.post('/api/schools', { name: 'Hill Primary School' });
    expect(school.status).toBe(201);
    const created = await buyer.client.post('/api/create-payment-intent', { courseId: course.id, schoolId: school.body.id });
    expect(created.status).toBe(200);
    server.stripe.settle(created.body.paymentIntentId, 'succeeded');
    expect((await buyer.client.get(`/api/payments/${created.body.paymentIntentId}`)).body.enrolled).toBe(true);
    expect((await buyer.client.get('/api/schools/mine')).body).toMatchObject({
      school: { name: 'Hill Primary School' },
      role: 'manager',
      courses: [{ courseId: course.id }],
    });
  });

  it('a manager who bought the course personally can still license it for the school', async () => {
    const { client: manager, user, schoolId } = await schoolWithManager(server);
    const course = await pricedCourse();
    const personal = await manager.post('/api/create-payment-intent', { courseId: course.id });
    server.stripe.settle(personal.body.paymentIntentId, 'succeeded');
    expect((await manager.get(`/api/payments/${personal.body.paymentIntentId}`)).body.enrolled).toBe(true);
    expect((await manager.post('/api/create-payment-intent', { courseId: course.id })).status).toBe(409);

    const forSchool = await manager.post('/api/create-payment-intent', { courseId: course.id, schoolId });
    expect(forSchool.status).toBe(200);
    server.stripe.settle(forSchool.body.paymentIntentId, 'succeeded');
    expect((await manager.get(`/api/payments/${forSchool.body.paymentIntentId}`)).body.enrolled).toBe(true);
    expect(await server.db('schoolLicences').where({ schoolId, courseId: course.id })).toHaveLength(1);
    // Still one enrollment: the personal one stands.
    expect((await enrollmentsOf(server.db, user.id)).filter((e) => e.courseId === course.id)).toHaveLength(1);
  });

  it('refuses to buy for a school the buyer does not manage', async () => {
    const { client: manager, schoolId } = await schoolWithManager(server);
    const course = await pricedCourse();
    const colleague = await learner(server);
    await colleague.client.post(`/api/invites/${await inviteToken(manager, schoolId)}/accept`);
    expect((await colleague.client.post('/api/create-payment-intent', { courseId: course.id, schoolId })).status).toBe(403);
    const stranger = await learner(server);
    expect((await stranger.client.post('/api/create-payment-intent', { courseId: course.id, schoolId })).status).toBe(403);
    expect((await stranger.client.post('/api/create-payment-intent', { courseId: course.id, schoolId: 'x' })).status).toBe(400);
    // Without a school the purchase stays personal, as before.
    const personal = await stranger.client.post('/api/create-payment-intent', { courseId: course.id });
    expect(personal.status).toBe(200);
    expect((await server.db('payments').where({ providerReference: personal.body.paymentIntentId }).first())!.schoolId).toBeNull();
  });
});

describe('invoice orders for a school', () => {
  it('creates the school on the fly, and licensing happens when an admin marks the order paid', async () => {
    const { client, user } = await learner(server, { verified: true });
    const course = await pricedCourse();
    const ordered = await client.post('/api/orders', {
      courseId: course.id,
      schoolName: 'Beech Primary',
      billingEmail: 'bursar@beech.sch.uk',
      createSchool: true,
    });
    expect(ordered.status).toBe(201);
    const mine = (await client.get('/api/schools/mine')).body;
    expect(mine).toMatchObject({ role: 'manager', school: { name: 'Beech Primary' }, courses: [] });
    expect(ordered.body.schoolId).toBe(mine.school.id);
    const colleague = await learner(server);
    await colleague.client.post(`/api/invites/${await inviteToken(client, mine.school.id)}/accept`);
    expect(await server.db('enrollments').where({ courseId: course.id })).toHaveLength(0);

    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    expect((await admin.post(`/api/admin/orders/${ordered.body.id}/paid`)).status).toBe(200);
    expect((await admin.post(`/api/admin/orders/${ordered.body.id}/paid`)).status).toBe(200);
    expect(await server.db('schoolLicences').where({ schoolId: mine.school.id, courseId: course.id, source: 'order' })).toHaveLength(1);
    for (const id of [user.id, colleague.user.id]) {
      expect((await enrollmentsOf(server.db, id)).map((e) => [e.courseId, e.source])).toEqual([[course.id, 'licence']]);
    }
  });

  it('orders for an existing school only by its manager; personal orders behave as before', async () => {
    const { client: manager, user, schoolId } = await schoolWithManager(server);
    const course = await pricedCourse();
    const body = { courseId: course.id, schoolName: "St Mary's", billingEmail: 'office@stmarys.sch.uk', schoolId };
    // Invoice requests need a verified address of one's own (policies/orders.ts).
    await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
    const stranger = await learner(server, { verified: true });
    expect((await stranger.client.post('/api/orders', body)).status).toBe(403);
    // Someone already in a school cannot create another on the fly.
    expect((await manager.post('/api/orders', { ...body, schoolId: undefined, createSchool: true })).status).toBe(409);
    const ordered = await manager.post('/api/orders', body);
    expect(ordered.status).toBe(201);
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    await admin.post(`/api/admin/orders/${ordered.body.id}/paid`);
    expect((await enrollmentsOf(server.db, user.id)).map((e) => e.source)).toEqual(['licence']);

    const personal = await stranger.client.post('/api/orders', { ...body, schoolId: undefined });
    expect(personal.status).toBe(201);
    expect(personal.body.schoolId).toBeNull();
    await admin.post(`/api/admin/orders/${personal.body.id}/paid`);
    expect((await enrollmentsOf(server.db, stranger.user.id)).map((e) => e.source)).toEqual(['order']);
    expect((await stranger.client.get('/api/schools/mine')).body.school).toBeNull();
  });
});
