// The "pure" entry injects Stripe.js only when loadStripe is called; the default entry would
// fetch it as soon as this chunk is evaluated, even when card payment is switched off.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/** Stripe.js that has not arrived by then is treated as unreachable (a blocked or offline network). */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

const loads = new Map<string, Promise<Stripe>>();

/**
 * One Stripe instance per publishable key for the visit (Stripe asks for it to be created
 * once, not per render). A failed or timed-out load is forgotten, so "Try again" really
 * tries again.
 */
export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  const cached = loads.get(publishableKey);
  if (cached) return cached;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Stripe.js did not load in time')), STRIPE_LOAD_TIMEOUT_MS);
  });
  const load = Promise.race([
    loadStripe(publishableKey).then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available in this environment');
      return stripe;
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
  loads.set(publishableKey, load);
  load.catch(() => loads.delete(publishableKey));
  return load;
}
