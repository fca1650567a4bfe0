import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string } | null;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export const WEBHOOK_SECRET = 'whsec_test_atrium';

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A loopback stand-in for the part of Stripe's API the server uses (create and retrieve
 * PaymentIntents, with idempotency keys), plus helpers to settle intents and sign webhooks
 * with the real SDK's test-header generator.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  let createCalls = 0;
  let available = true;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(body));
    };
    if (!available) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.headers.authorization !== 'Bearer sk_test_atrium') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = await readBody(request);
      const key = request.headers['idempotency-key'] as string | undefined;
      if (key && byIdempotencyKey.has(key)) return send(200, intents.get(byIdempotencyKey.get(key)!));
      createCalls += 1;
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'gbp',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        description: form.get('description'),
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, id);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const intent = intents.get(match[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${match[1]}'` } });
      return send(200, intent);
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe('sk_test_atrium');

  return {
    url,
    env: { STRIPE_SECRET_KEY: 'sk_test_atrium', STRIPE_PUBLISHABLE_KEY: 'pk_test_atrium', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: url },
    intents,
    get createCalls() {
      return createCalls;
    },
    /** Simulates the network being down between the server and Stripe. */
    setAvailable(value: boolean) {
      available = value;
    },
    settle(id: string, status: 'succeeded' | 'requires_payment_method' | 'processing', failureMessage?: string): FakeIntent {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
      intent.last_payment_error = failureMessage ? { message: failureMessage } : null;
      return intent;
    },
    /** A webhook body and a Stripe-Signature header for it; `secret` defaults to the right one. */
    signedEvent(type: string, object: unknown, options: { id?: string; secret?: string } = {}) {
      const payload = JSON.stringify({
        id: options.id ?? `evt_${randomBytes(10).toString('hex')}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
      return { payload, header };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
