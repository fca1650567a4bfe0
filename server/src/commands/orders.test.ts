import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '../services/mail.ts';
import type { PaymentIntentSummary } from '../services/payments.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createCourse, createUser } from '../test/factories.ts';
import { isEnrolled } from '../queries/enrollments.ts';
import { requestInvoice } from './checkout.ts';
import { markOrderPaid } from './orders.ts';
import { applyPaymentEvent } from './paymentEvents.ts';

let database: TestDatabase;
let mailer: Mailer;
const logger = pino({ level: 'silent' });
const brand = { brandName: 'Atrium', publicUrl: 'https://atrium.test', supportEmail: 'support@atrium.test' };

beforeAll(async () => {
  database = await createTestDatabase();
  mailer = new Mailer(database.db, logger, { smtpUrl: null, from: 'Atrium <noreply@atrium.test>' });
});
afterAll(() => database.destroy());

const buyer = async () =>
  (await database
    .db('users')
    .where({ id: (await createUser(database.db)).id })
    .first())!;
const order = (courseId: number, billingEmail: string) => ({
  courseId,
  schoolName: 'Oak School',
  billingEmail,
  purchaseOrderNumber: 'PO-7',
  createSchool: false,
});

describe('requestInvoice and markOrderPaid', () => {
  it("records the request, mails support and the buyer's own address (never the billing address), and enrolls the buyer once paid", async () => {
    const user = await buyer();
    const course = await createCourse(database, { price: 9900 });
    const placed = await requestInvoice(database.db, { mailer, brand }, user, order(course.id, 'bursar@oak.test'), 'GBP', Date.now());
    expect(placed).toMatchObject({ status: 'requested', amount: 9900, schoolId: null, paidAt: null });
    const toSupport = (await database.db('outbox').where({ toAddress: 'support@atrium.test' }).orderBy('id', 'desc').first())!;
    expect(toSupport.text).toContain(`Order reference: ORD-${String(placed.id).padStart(6, '0')}`);
    expect(toSupport.html).toContain('PO-7');
    expect(await database.db('outbox').where({ toAddress: 'bursar@oak.test' })).toEqual([]);
    const receipt = (await database.db('outbox').where({ toAddress: user.email }).first())!;
    expect(receipt.subject).toBe(`Your invoice request for ${course.title}`);
    expect(receipt.html).toContain('£99.00');

    await expect(requestInvoice(database.db, { mailer, brand }, user, order(course.id, 'bursar@oak.test'), 'GBP', Date.now())).rejects.toMatchObject({
      status: 409,
    });
    const admin = await createUser(database.db, { role: 'admin' });
    const paid = await markOrderPaid(database.db, logger, { mailer, brand }, placed.id, admin.id, Date.now());
    expect(paid.status).toBe('paid');
    expect(await isEnrolled(database.db, user.id, course.id)).toBe(true);
    // Marking it again changes nothing and does not fail.
    expect((await markOrderPaid(database.db, logger, { mailer, brand }, placed.id, admin.id, Date.now())).paidAt).toEqual(paid.paidAt);
  });

  it('refuses a cancelled order and an unknown one', async () => {
    const user = await buyer();
    const course = await createCourse(database, { price: 500 });
    const placed = await requestInvoice(database.db, { mailer, brand }, user, order(course.id, 'b2@oak.test'), 'GBP', Date.now());
    await database.db('orders').where({ id: placed.id }).update({ status: 'cancelled' });
    await expect(markOrderPaid(database.db, logger, { mailer, brand }, placed.id, user.id, Date.now())).rejects.toMatchObject({ status: 409 });
    await expect(markOrderPaid(database.db, logger, { mailer, brand }, 999_999, user.id, Date.now())).rejects.toMatchObject({ status: 404 });
    expect(await isEnrolled(database.db, user.id, course.id)).toBe(false);
  });
});

describe('applyPaymentEvent', () => {
  const intent = (id: string, amount: number, status = 'succeeded'): PaymentIntentSummary => ({
    id,
    status,
    amount,
    currency: 'gbp',
    clientSecret: null,
    metadata: {},
    failureMessage: null,
  });

  it('fulfils a success once, ignores its redelivery, and keeps a paid payment paid when a failure arrives late', async () => {
    const user = await buyer();
    const course = await createCourse(database, { price: 1200 });
    await database.db('payments').insert({
      userId: user.id,
      courseId: course.id,
      provider: 'stripe',
      providerReference: 'pi_1',
      amount: 1200,
      currency: 'gbp',
      status: 'processing',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    const succeeded = { id: 'evt_1', type: 'payment_intent.succeeded', intent: intent('pi_1', 1200), charge: null };
    expect(await applyPaymentEvent(database.db, logger, succeeded, Date.now())).toBe(true);
    expect(await applyPaymentEvent(database.db, logger, succeeded, Date.now())).toBe(false);
    expect(await isEnrolled(database.db, user.id, course.id)).toBe(true);
    await applyPaymentEvent(
      database.db,
      logger,
      {
        id: 'evt_2',
        type: 'payment_intent.payment_failed',
        intent: intent('pi_1', 1200, 'requires_payment_method'),
        charge: null,
      },
      Date.now(),
    );
    expect((await database.db('payments').where({ providerReference: 'pi_1' }).first())!.status).toBe('succeeded');
    await applyPaymentEvent(
      database.db,
      logger,
      {
        id: 'evt_3',
        type: 'charge.refunded',
        intent: null,
        charge: { paymentIntentId: 'pi_1', amountRefunded: 1200, refunded: true },
      },
      Date.now(),
    );
    expect(await database.db('payments').where({ providerReference: 'pi_1' }).first()).toMatchObject({ status: 'refunded', amountRefunded: 1200 });
    // A refund is recorded, not an unenrollment.
    expect(await isEnrolled(database.db, user.id, course.id)).toBe(true);
  });

  it('does not enroll when the amount paid differs from the one recorded', async () => {
    const user = await buyer();
    const course = await createCourse(database, { price: 1500 });
    await database.db('payments').insert({
      userId: user.id,
      courseId: course.id,
      provider: 'stripe',
      providerReference: 'pi_2',
      amount: 1500,
      currency: 'gbp',
      status: 'processing',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    await applyPaymentEvent(database.db, logger, { id: 'evt_4', type: 'payment_intent.succeeded', intent: intent('pi_2', 1), charge: null }, Date.now());
    expect(await isEnrolled(database.db, user.id, course.id)).toBe(false);
  });
});
