import { paymentIntentParams, paymentIntentSchema, type PaymentIntentDto, type PaymentStatusDto } from '@atrium/common';
import { applyPaymentEvent, syncPayment } from '../../../commands/paymentEvents.ts';
import { recordPaymentIntent } from '../../../commands/payments.ts';
import { refuseOwnedPurchase } from '../../../commands/orders.ts';
import { isEnrolled } from '../../../queries/enrollments.ts';
import { purchaser } from '../../../policies/orders.ts';
import { requirePaymentOwner } from '../../../policies/payments.ts';
import { purchasableCourse } from '../../../queries/orders.ts';
import { trustById, trustLicenceInForce } from '../../../queries/trusts.ts';
import { closedAttempts, OPEN_INTENT_STATUSES, openPayment, stripePayment } from '../../../queries/payments.ts';
import { badRequest, HttpError, notFound, serviceUnavailable } from '../../../errors.ts';
import type { PaymentProvider } from '../../../services/payments.ts';
import type { AppContext } from '../../../context.ts';
import { pricesOf } from '../../../models/coursePrices.ts';
import { purchasePrice, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';
import { receiptPdfRoutes } from './receiptPdf.ts';

const OPEN_INTENTS = new Set<string>(OPEN_INTENT_STATUSES);

function provider(ctx: AppContext): PaymentProvider {
  if (!ctx.deps.payments) {
    throw serviceUnavailable('Card payment is not available here. You can request an invoice instead.');
  }
  return ctx.deps.payments;
}

/** A payment provider that does not answer is a 503 with a useful message, not a 500. */
async function callProvider<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    ctx.state.log.error({ err: error }, 'payment provider call failed');
    throw serviceUnavailable('The card payment service could not be reached. Please try again in a moment, or request an invoice.');
  }
}

export function paymentRoutes(routes: Routes): void {
  receiptPdfRoutes(routes);
  routes.add({
    method: 'post',
    path: '/api/create-payment-intent',
    access: 'user',
    body: paymentIntentSchema,
    rateLimit: { limit: 'paymentIntent', by: 'user' },
    policy: purchaser,
    async handler(ctx) {
      const payments = provider(ctx);
      const user = ctx.state.user;
      const { db } = ctx.deps;
      const schoolId = ctx.input.body.schoolId ?? null;
      const trustId = ctx.input.body.trustId ?? null;
      const course = await purchasableCourse(db, ctx.input.body.courseId);
      if (!course) throw notFound('Course not found');
      // For a school or a trust the buyer manages (the policy checked), or for themselves: not owned already.
      await refuseOwnedPurchase(db, user.id, course.id, { schoolId, trustId });
      if (Number(course.price) <= 0) throw badRequest('This course is free: enroll from the course page');
      // The amount and currency come from the server's price list only, never from the client.
      const priced = purchasePrice(pricesOf(course), ctx.input.body.currency, shownCurrency(ctx));
      if (priced.amount <= 0) throw badRequest(`This course is free in ${priced.currency}: enroll from the course page`);
      const amount = priced.amount;
      const currency = priced.currency.toLowerCase();

      // A reload or a double click reuses the open intent instead of creating another.
      const open = await openPayment(db, { userId: user.id, courseId: course.id, amount, currency, schoolId, trustId });
      const openReference = open?.providerReference;
      if (openReference) {
        const existing = await callProvider(ctx, () => payments.retrieveIntent(openReference));
        if (OPEN_INTENTS.has(existing.status) && existing.clientSecret && existing.amount === amount) {
          ctx.body = { clientSecret: existing.clientSecret, paymentIntentId: existing.id, amount, currency: currency } satisfies PaymentIntentDto;
          return;
        }
      }

      // Concurrent requests share Stripe's idempotency key, so they get the same intent.
      // Open payments are reused above, so only closed ones (failed, refunded…) start a new
      // attempt. Counting open rows too would let a request that lands just after its twin's
      // insert pick a new key and create a second intent.
      const attempt = await closedAttempts(db, user.id, course.id);
      const idempotencyKey = `atrium-${user.id}-${course.id}-${amount}-${attempt}${schoolId !== null ? `-school${schoolId}` : ''}${trustId !== null ? `-trust${trustId}` : ''}${currency !== 'gbp' ? `-${currency}` : ''}`;
      const intent = await callProvider(ctx, () =>
        payments.createIntent({
          amount,
          currency: currency,
          description: course.title,
          metadata: {
            userId: String(user.id),
            courseId: String(course.id),
            ...(schoolId !== null ? { schoolId: String(schoolId) } : {}),
            ...(trustId !== null ? { trustId: String(trustId) } : {}),
          },
          idempotencyKey,
        }),
      );
      await recordPaymentIntent(
        db,
        { userId: user.id, courseId: course.id, schoolId, trustId, providerReference: intent.id, idempotencyKey, amount, currency, status: intent.status },
        ctx.deps.clock.now().getTime(),
      );
      if (!intent.clientSecret) throw serviceUnavailable('The card payment service did not return a payment form. Please try again.');
      ctx.body = { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount, currency: currency } satisfies PaymentIntentDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/payments/:paymentIntentId',
    access: 'user',
    params: paymentIntentParams,
    cache: 'no-store',
    async handler(ctx) {
      const { db, logger } = ctx.deps;
      const id = ctx.input.params.paymentIntentId;
      const payment = await stripePayment(db, id);
      requirePaymentOwner(ctx.state.user, payment);
      const payments = provider(ctx);
      const intent = await callProvider(ctx, () => payments.retrieveIntent(id));
      await syncPayment(db, logger, payment, intent, ctx.deps.clock.now().getTime());
      const course = payment.courseId ? await purchasableCourse(db, payment.courseId) : null;
      // A trust's purchase is done when the trust holds the licence (its buyer need not be in a school).
      const trust = payment.trustId ? await trustById(db, Number(payment.trustId)) : undefined;
      const enrolled = !course ? false : trust ? await trustLicenceInForce(db, trust.id, course.id) : await isEnrolled(db, ctx.state.user.id, course.id);
      ctx.body = {
        paymentIntentId: id,
        status: intent.status,
        courseId: course?.id ?? null,
        courseTitle: course?.title ?? null,
        enrolled,
        trustName: trust?.name ?? null,
        failureMessage: intent.failureMessage,
      } satisfies PaymentStatusDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/stripe/webhook',
    access: 'public',
    async handler(ctx) {
      const payments = provider(ctx);
      if (!payments.webhooksEnabled) throw serviceUnavailable('Webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      const raw = (ctx.request as unknown as { rawBody?: string }).rawBody;
      const signature = ctx.get('stripe-signature');
      if (!raw || !signature) throw badRequest('Missing signature');
      let event;
      try {
        event = payments.parseWebhook(raw, signature);
      } catch {
        throw badRequest('Invalid signature');
      }
      await applyPaymentEvent(ctx.deps.db, ctx.deps.logger, event, ctx.deps.clock.now().getTime());
      ctx.body = { received: true };
    },
  });
}
