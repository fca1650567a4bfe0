import Stripe from 'stripe';
import type { Config } from '../config.ts';

export interface PaymentIntentSummary {
  id: string;
  status: string;
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  failureMessage: string | null;
}

export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntentSummary | null;
  /** For charge events: the intent the charge belongs to, and how much was refunded. */
  charge: { paymentIntentId: string | null; amountRefunded: number; refunded: boolean } | null;
}

/** The card-payment provider as the rest of the server needs it; Stripe behind it. */
export interface PaymentProvider {
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    description: string;
  }): Promise<PaymentIntentSummary>;
  retrieveIntent(id: string): Promise<PaymentIntentSummary>;
  /** Verifies the signature over the raw body; throws when it does not match. */
  parseWebhook(rawBody: string, signature: string): PaymentEvent;
  readonly webhooksEnabled: boolean;
}

function summarise(intent: Stripe.PaymentIntent): PaymentIntentSummary {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe, optionally pointed at another host (STRIPE_API_URL) so tests use a loopback fake. */
export function createStripeProvider(stripeConfig: NonNullable<Config['stripe']>): PaymentProvider {
  const api = stripeConfig.apiUrl ? new URL(stripeConfig.apiUrl) : null;
  const stripe = new Stripe(stripeConfig.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  return {
    webhooksEnabled: Boolean(stripeConfig.webhookSecret),
    async createIntent({ amount, currency, metadata, idempotencyKey, description }) {
      const intent = await stripe.paymentIntents.create(
        { amount, currency, metadata, description, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      return summarise(intent);
    },
    async retrieveIntent(id) {
      return summarise(await stripe.paymentIntents.retrieve(id));
    },
    parseWebhook(rawBody, signature) {
      if (!stripeConfig.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const event = stripe.webhooks.constructEvent(rawBody, signature, stripeConfig.webhookSecret);
      const object = event.data.object as { object?: string };
      if (object.object === 'payment_intent') {
        return { id: event.id, type: event.type, intent: summarise(object as Stripe.PaymentIntent), charge: null };
      }
      if (object.object === 'charge') {
        const charge = object as Stripe.Charge;
        const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
        return { id: event.id, type: event.type, intent: null, charge: { paymentIntentId, amountRefunded: charge.amount_refunded, refunded: charge.refunded } };
      }
      return { id: event.id, type: event.type, intent: null, charge: null };
    },
  };
}
