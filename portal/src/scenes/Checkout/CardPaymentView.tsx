import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { readFailedText } from '../../components/QueryState.tsx';
import { Actions, InlineLoading, Notice, Panel, PanelTitle } from './checkoutStyles.ts';

/**
 * Where card payment stands, from its three reads (the site's Stripe key, the payment's intent,
 * Stripe.js), each judged by the QueryState kit's rule: a refresh that fails on the way keeps the
 * form on screen, so only a read with nothing to show is `failed`.
 * - `preparing`: a read is still on its way.
 * - `notConfigured`: the site has no Stripe keys (or the server says card payment is off).
 * - `failed`: the key or the intent could not be read (Stripe not answering the server, a busy
 *   server): the server's sentence and Try again.
 * - `enrolled`: the server refused the intent because the buyer has had the course meanwhile.
 * - `stripeFailed`: Stripe.js did not load in this browser.
 * - `ready`: the secure card form (`form`, Stripe's Payment Element).
 */
export type CardPaymentState =
  | { state: 'preparing' }
  | { state: 'notConfigured' }
  | { state: 'failed'; error: unknown; retry(): void }
  | { state: 'enrolled'; error: unknown; courseId: number }
  | { state: 'stripeFailed'; retry(): void }
  | { state: 'ready'; form: ReactNode };

/** "Pay by card": the card form, or plainly why it cannot be shown (the invoice route is below it). */
export function CardPaymentView({ card }: { card: CardPaymentState }) {
  return (
    <Panel aria-labelledby="card-title">
      <PanelTitle id="card-title">
        <Icon name="lock" size={20} /> Pay by card
      </PanelTitle>
      <CardBody card={card} />
    </Panel>
  );
}

function CardBody({ card }: { card: CardPaymentState }) {
  switch (card.state) {
    case 'preparing':
      return (
        <InlineLoading role="status" aria-live="polite">
          <Spinner $size={22} aria-hidden="true" />
          Preparing secure card payment…
        </InlineLoading>
      );
    case 'notConfigured':
      return (
        <Notice $tone="warning" role="status">
          <Icon name="alert" size={22} />
          <div>
            <h3>Card payment is not available here</h3>
            <p>Online card payment has not been switched on for this site. Your school can pay by invoice instead: request one below.</p>
          </div>
        </Notice>
      );
    case 'failed':
    case 'enrolled':
      return (
        <>
          <Notice $tone="danger" role="status" aria-live="polite">
            <Icon name="alert" size={22} />
            <div>
              <h3>{card.state === 'enrolled' ? 'You already have this course' : 'Card payment is unavailable right now'}</h3>
              <p>{readFailedText(card.error, 'The payment service could not be reached. Please try again in a moment, or request an invoice below.')}</p>
            </div>
          </Notice>
          <Actions>
            {card.state === 'enrolled' ? (
              <ButtonLink to={`/courses/${card.courseId}`}>Go to the course</ButtonLink>
            ) : (
              <Button variant="secondary" onClick={card.retry}>
                Try again
              </Button>
            )}
          </Actions>
        </>
      );
    case 'stripeFailed':
      return (
        <>
          <Notice $tone="danger" role="status" aria-live="polite">
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
            <Button variant="secondary" onClick={card.retry}>
              Try again
            </Button>
          </Actions>
        </>
      );
    case 'ready':
      return card.form;
  }
}
