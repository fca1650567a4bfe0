import { useEffect, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import styled, { useTheme } from 'styled-components';
import type { CourseDetailDto, PaymentIntentDto, PublicConfigDto } from '@atrium/common';
import { useShownCurrency } from '../../api/currency.ts';
import { money, shownPrice } from '../../components/coursePrice.ts';
import { ApiError } from '../../api/client.ts';
import { usePublicConfig } from '../../api/config.ts';
import { usePaymentIntent } from '../../api/payments.ts';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { readState, type ReadState } from '../../components/QueryState.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { CardPaymentView, type CardPaymentState } from './CardPaymentView.tsx';
import { Muted, Notice } from './checkoutStyles.ts';
import { loadStripeOnce } from './stripeLoader.ts';

/** The server's 503 when no Stripe keys are configured (server/src/routes/api/payments). */
const NOT_CONFIGURED = /^Card payment is not available here/;

/**
 * Loads Stripe.js for `publishableKey` (null = card payment off, nothing is loaded). A query, as
 * every load in the portal is: its status follows the key without an effect resetting state.
 * loadStripeOnce keeps the instance for the visit, so the query never goes stale.
 */
function useStripeJs(publishableKey: string | null): ReadState<Stripe> | null {
  const query = useQuery({
    queryKey: ['stripe.js', publishableKey],
    queryFn: () => loadStripeOnce(publishableKey ?? ''),
    enabled: Boolean(publishableKey),
    staleTime: Infinity,
  });
  const read = readState(query);
  if (!publishableKey) return null;
  // "Try again" shows the loading state again, as the first load did.
  return read.state === 'failed' && query.isFetching ? { state: 'loading' } : read;
}

/**
 * "Pay by card": the Stripe Payment Element for an intent created when the page loads (SPEC §4).
 * Every way it can be unavailable (no keys, Stripe unreachable from the server, Stripe.js
 * blocked in the browser) says so plainly and calls `onUnavailable` so the page opens the
 * invoice route instead.
 */
export function CardPayment({
  course,
  buyer = null,
  onUnavailable,
  chargeNote,
}: {
  course: CourseDetailDto;
  /** The school or trust this purchase licenses (the buyer manages it); null for a personal purchase. */
  buyer?: { schoolId: number } | { trustId: number } | null;
  onUnavailable(): void;
  /** What the charge adds for tax (nothing): "with no VAT added" (checkoutTax.ts). */
  chargeNote: string;
}) {
  const configQuery = usePublicConfig();
  const publishableKey = configQuery.data?.stripePublishableKey ?? null;
  const priced = shownPrice(course, useShownCurrency());
  const config = readState(configQuery);
  const intent = readState(usePaymentIntent(course.id, publishableKey !== null, buyer, priced.currency));
  const stripeJs = useStripeJs(publishableKey);

  const card = cardState(course.id, config, intent, stripeJs, chargeNote);
  const unavailable = card.state === 'notConfigured' || card.state === 'failed' || card.state === 'enrolled' || card.state === 'stripeFailed';
  useEffect(() => {
    if (unavailable) onUnavailable();
  }, [unavailable, onUnavailable]);

  return <CardPaymentView card={card} />;
}

/** The three reads as one state, in the order the page has always decided them. */
function cardState(
  courseId: number,
  config: ReadState<PublicConfigDto>,
  intent: ReadState<PaymentIntentDto>,
  stripeJs: ReadState<Stripe> | null,
  chargeNote: string,
): CardPaymentState {
  if (config.state === 'loading') return { state: 'preparing' };
  const intentRefused = intent.state === 'failed' ? intent.error : null;
  const notConfigured =
    (config.state === 'ready' && !config.data.stripePublishableKey) ||
    (intentRefused instanceof ApiError && intentRefused.status === 503 && NOT_CONFIGURED.test(intentRefused.serverMessage ?? ''));
  if (notConfigured) return { state: 'notConfigured' };
  const failed = config.state === 'failed' ? config : intent.state === 'failed' ? intent : null;
  if (failed) {
    return failed.error instanceof ApiError && failed.error.status === 409
      ? { state: 'enrolled', error: failed.error, courseId }
      : { state: 'failed', error: failed.error, retry: failed.retry };
  }
  if (stripeJs?.state === 'failed') return { state: 'stripeFailed', retry: stripeJs.retry };
  if (stripeJs?.state !== 'ready' || intent.state !== 'ready') return { state: 'preparing' };
  const { clientSecret, amount, currency } = intent.data;
  return {
    state: 'ready',
    form: <StripeForm key={clientSecret} stripe={stripeJs.data} clientSecret={clientSecret} amount={amount} currency={currency} chargeNote={chargeNote} />,
  };
}

function StripeForm({
  stripe,
  clientSecret,
  amount,
  currency,
  chargeNote,
}: {
  stripe: Stripe;
  clientSecret: string;
  amount: number;
  currency: string;
  chargeNote: string;
}) {
  const theme = useTheme();
  const appearance: Appearance = {
    theme: 'stripe',
    variables: {
      colorPrimary: theme.colors.accent,
      colorText: theme.colors.text,
      colorDanger: theme.colors.danger,
      colorBackground: theme.colors.surface,
      fontFamily: theme.font.body,
      borderRadius: theme.radius.md,
    },
  };
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance }}>
      <PaymentForm amount={amount} currency={currency} chargeNote={chargeNote} />
    </Elements>
  );
}

/** Inside <Elements>: the Payment Element and the pay button (SPEC §4 "Processing", §8 errors). */
function PaymentForm({ amount, currency, chargeNote }: { amount: number; currency: string; chargeNote: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    try {
      // On success Stripe leaves for return_url; the promise only settles when it did not go through.
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/payment-success` },
      });
      toast({
        title: 'Payment Failed',
        description: error.message ?? 'Your payment could not be completed. Nothing has been charged.',
        variant: 'destructive',
      });
    } catch {
      toast({ title: 'Payment Error', description: 'An unexpected error occurred.', variant: 'destructive' });
    }
    setProcessing(false);
  };

  if (loadError) {
    return (
      <Notice $tone="danger" role="alert">
        <Icon name="alert" size={22} />
        <div>
          <h3>The secure card form could not be loaded</h3>
          <p>{loadError} You can request an invoice below instead.</p>
        </div>
      </Notice>
    );
  }

  return (
    <Form onSubmit={submit} aria-busy={processing} aria-label="Card payment">
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={(event) => setLoadError(event.error.message ?? 'The card form did not load.')}
      />
      {/* The intent's own amount: what Stripe will charge, to the penny. */}
      <Muted>
        Your card is charged <strong>{money(amount, currency)}</strong>, {chargeNote}.
      </Muted>
      <Button type="submit" size="lg" block disabled={!stripe || !elements || !ready || processing}>
        {processing ? (
          <>
            <ButtonSpinner $size={18} aria-hidden="true" /> Processing…
          </>
        ) : (
          <>
            <Icon name="lock" size={18} /> Pay {money(amount, currency)}
          </>
        )}
      </Button>
      <Reassurance>Payments are handled by Stripe; card details never reach our servers.</Reassurance>
    </Form>
  );
}

const Reassurance = styled(Muted)`
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: center;
`;

const ButtonSpinner = styled(Spinner)`
  border-width: 2px;
  border-color: rgba(255, 255, 255, 0.35);
  border-top-color: ${({ theme }) => theme.colors.onAccent};
`;
