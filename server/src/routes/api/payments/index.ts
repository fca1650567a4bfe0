import {
  paymentIntentDtoSchema,
  paymentIntentParams,
  paymentIntentSchema,
  paymentStatusDtoSchema,
  webhookReceivedDtoSchema,
  type PaymentIntentDto,
  type PaymentStatusDto,
  type WebhookReceivedDto,
} from '@atrium/common';
import { applyPaymentEvent } from '../../../commands/paymentEvents.ts';
import { reconcileCardPayment, startCardPayment } from '../../../commands/checkout.ts';
import { purchaser } from '../../../policies/orders.ts';
import { paymentOutcome, paymentOwner } from '../../../policies/payments.ts';
import { presentPaymentStatus } from '../../../presenters/orders.ts';
import type { StoredPayment } from '../../../queries/payments.ts';
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
    // Each check asks Stripe: limited per buyer, so nobody can spend the agency's Stripe request budget.
    rateLimit: { limit: 'paymentStatus', by: 'user' },
    policy: paymentOwner,
    cache: 'no-store',
    async handler(ctx) {
      const { db, logger } = ctx.deps;
      // Loaded by the paymentOwner policy, which refuses anyone but its buyer.
      const payment = (ctx.state as { payment?: StoredPayment }).payment!;
      const call = <T>(request: () => Promise<T>) => callProvider(ctx, request);
      const intent = await reconcileCardPayment(db, logger, { payments: provider(ctx), call }, payment, ctx.now());
      ctx.body = presentPaymentStatus(ctx.input.params.paymentIntentId, intent, await paymentOutcome(db, ctx.state.user, payment)) satisfies PaymentStatusDto;
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
      ctx.body = { received: true } satisfies WebhookReceivedDto;
    },
  });
}
