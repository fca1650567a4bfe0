import { useEffect, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import styled, { useTheme } from 'styled-components';
import type { CourseDetailDto } from '@atrium/common';
import { useShownCurrency } from '../../api/currency.ts';
import { money, shownPrice } from '../../components/coursePrice.ts';
import { ApiError } from '../../api/client.ts';
import { usePublicConfig } from '../../api/config.ts';
import { usePaymentIntent } from '../../api/payments.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Form } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { Actions, InlineLoading, Muted, Notice, Panel, PanelTitle } from './checkoutStyles.ts';
import { loadStripeOnce } from './stripeLoader.ts';

/** The server's 503 when no Stripe keys are configured (server/src/routes/api/payments). */
const NOT_CONFIGURED = /^Card payment is not available here/;

type StripeJs = { status: 'idle' | 'loading' | 'failed'; stripe: null } | { status: 'ready'; stripe: Stripe };

/**
 * Loads Stripe.js for `publishableKey` (null = card payment off, nothing is loaded). A query, as
 * every load in the portal is: its status follows the key without an effect resetting state.
 * loadStripeOnce keeps the instance for the visit, so the query never goes stale.
 */
function useStripeJs(publishableKey: string | null): StripeJs & { retry(): void } {
  const query = useQuery({
    queryKey: ['stripe.js', publishableKey],
    queryFn: () => loadStripeOnce(publishableKey ?? ''),
    enabled: Boolean(publishableKey),
    staleTime: Infinity,
  });
  const retry = () => void query.refetch();
  if (!publishableKey) return { status: 'idle', stripe: null, retry };
  if (query.isSuccess) return { status: 'ready', stripe: query.data, retry };
  // "Try again" shows the loading state again, as the first load did.
  if (query.isError && !query.isFetching) return { status: 'failed', stripe: null, retry };
  return { status: 'loading', stripe: null, retry };
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
  const config = usePublicConfig();
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const priced = shownPrice(course, useShownCurrency());
  const intent = usePaymentIntent(course.id, publishableKey !== null, buyer, priced.currency);
  const stripeJs = useStripeJs(publishableKey);

  const notConfigured =
    (config.isSuccess && publishableKey === null) ||
    (intent.error instanceof ApiError && intent.error.status === 503 && NOT_CONFIGURED.test(intent.error.serverMessage ?? ''));
  const unavailable = notConfigured || config.isError || intent.isError || stripeJs.status === 'failed';
  useEffect(() => {
    if (unavailable) onUnavailable();
  }, [unavailable, onUnavailable]);

  let body;
  if (config.isPending) {
    body = <Preparing />;
  } else if (notConfigured) {
    body = (
      <Notice $tone="warning" role="status">
        <Icon name="alert" size={22} />
        <div>
          <h3>Card payment is not available here</h3>
          <p>Online card payment has not been switched on for this site. Your school can pay by invoice instead: request one below.</p>
        </div>
      </Notice>
    );
  } else if (config.isError || intent.isError) {
    const error = config.error ?? intent.error;
    const enrolledMeanwhile = error instanceof ApiError && error.status === 409;
    body = (
      <>
        <Notice $tone="danger" role="alert">
          <Icon name="alert" size={22} />
          <div>
            <h3>{enrolledMeanwhile ? 'You already have this course' : 'Card payment is unavailable right now'}</h3>
            <p>
              {error instanceof ApiError && error.serverMessage
                ? error.serverMessage
                : 'The payment service could not be reached. Please try again in a moment, or request an invoice below.'}
            </p>
          </div>
        </Notice>
        <Actions>
          {enrolledMeanwhile ? (
            <ButtonLink to={`/courses/${course.id}`}>Go to the course</ButtonLink>
          ) : (
            <Button variant="secondary" onClick={() => void (config.isError ? config.refetch() : intent.refetch())}>
              Try again
            </Button>
          )}
        </Actions>
      </>
    );
  } else if (stripeJs.status === 'failed') {
    body = (
      <>
        <Notice $tone="danger" role="alert">
          <Icon name="wifiOff" size={22} />
          <div>
            <h3>The secure card form could not be loaded</h3>
            <p>
              Stripe.js, which shows the card form, could not be reached from this browser. You may be offline, or your school&apos;s network may block
              js.stripe.com. Nothing has been charged. Try again, or request an invoice below.
            </p>
          </div>
        </Notice>
        <Actions>
          <Button variant="secondary" onClick={stripeJs.retry}>
            Try again
          </Button>
        </Actions>
      </>
    );
  } else if (stripeJs.status !== 'ready' || !intent.data) {
    body = <Preparing />;
  } else {
    body = (
      <StripeForm
        key={intent.data.clientSecret}
        stripe={stripeJs.stripe}
        clientSecret={intent.data.clientSecret}
        amount={intent.data.amount}
        currency={intent.data.currency}
        chargeNote={chargeNote}
      />
    );
  }

  return (
    <Panel aria-labelledby="card-title">
      <PanelTitle id="card-title">
        <Icon name="lock" size={20} /> Pay by card
      </PanelTitle>
      {body}
    </Panel>
  );
}

function Preparing() {
  return (
    <InlineLoading role="status" aria-live="polite">
      <Spinner $size={22} aria-hidden="true" />
      Preparing secure card payment…
    </InlineLoading>
  );
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
