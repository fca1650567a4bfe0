import {
  paymentIntentDtoSchema,
  paymentIntentParams,
  paymentIntentSchema,
  paymentStatusDtoSchema,
  webhookReceivedDtoSchema,
  type PaymentIntentDto,
  type PaymentStatusDto,
} from '@atrium/common';
import { applyPaymentEvent, syncPayment } from '../../../commands/paymentEvents.ts';
import { startCardPayment } from '../../../commands/checkout.ts';
import { isEnrolled } from '../../../queries/enrollments.ts';
import { purchaser } from '../../../policies/orders.ts';
import { requirePaymentOwner } from '../../../policies/payments.ts';
import { purchasableCourse } from '../../../queries/orders.ts';
import { trustLicenceInForce } from '../../../queries/licences.ts';
import { trustById } from '../../../queries/trusts.ts';
import { stripePayment } from '../../../queries/payments.ts';
import { badRequest, HttpError, serviceUnavailable } from '../../../errors.ts';
import type { PaymentProvider } from '../../../services/payments.ts';
import type { AppContext } from '../../../context.ts';
import { shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';
import { receiptPdfRoutes } from './receiptPdf.ts';

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
    answer: { body: paymentIntentDtoSchema },
    body: paymentIntentSchema,
    rateLimit: { limit: 'paymentIntent', by: 'user' },
    policy: purchaser,
    async handler(ctx) {
      const payments = provider(ctx);
      const call = <T>(request: () => Promise<T>) => callProvider(ctx, request);
      const now = ctx.now();
      const started = await startCardPayment(ctx.deps.db, { payments, call }, ctx.state.user, ctx.input.body, shownCurrency(ctx), now);
      ctx.body = started satisfies PaymentIntentDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/payments/:paymentIntentId',
    access: 'user',
    answer: { body: paymentStatusDtoSchema },
    params: paymentIntentParams,
    cache: 'no-store',
    async handler(ctx) {
      const { db, logger } = ctx.deps;
      const id = ctx.input.params.paymentIntentId;
      const payment = await stripePayment(db, id);
      requirePaymentOwner(ctx.state.user, payment);
      const payments = provider(ctx);
      const intent = await callProvider(ctx, () => payments.retrieveIntent(id));
      await syncPayment(db, logger, payment, intent, ctx.now());
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
    answer: { body: webhookReceivedDtoSchema },
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
      await applyPaymentEvent(ctx.deps.db, ctx.deps.logger, event, ctx.now());
      ctx.body = { received: true };
    },
  });
}
