import styled from 'styled-components';
import type { PaymentStatusDto } from '@atrium/common';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState, Spinner } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';

/** What the page can say: no payment named, checking, not found, the check failed (the server's sentence), or the payment's outcome. */
export type PaymentCheck =
  | { state: 'no-payment' }
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'ready'; payment: PaymentStatusDto; settling: boolean };

export interface PaymentSuccessViewProps {
  check: PaymentCheck;
  /** The automatic re-checks of a settling payment are over: the learner is offered "Check again". */
  rechecksDone: boolean;
  checking: boolean;
  onCheckAgain: () => void;
}

/** What paying did: enrolled (or the trust's schools licensed), still settling, or failed. */
export function paymentDoneText(payment: PaymentStatusDto): string {
  // A trust's purchase licenses its schools; the buyer is not enrolled by it (they may be in none).
  return payment.trustName
    ? `Every school of ${payment.trustName} now has ${payment.courseTitle ?? 'the course'}.`
    : payment.courseTitle
      ? `You are now enrolled in ${payment.courseTitle}.`
      : 'You are now enrolled.';
}

/** /payment-success: the server's word on the payment, never the redirect's. */
export function PaymentSuccessView({ check, rechecksDone, checking, onCheckAgain }: PaymentSuccessViewProps) {
  if (check.state === 'loading') return <LoadingState label="Confirming your payment" />;
  let content;
  if (check.state === 'no-payment') {
    content = (
      <StatusMessage icon="alert" headingLevel={1} title="No payment to confirm" actions={<ButtonLink to="/">Go to Dashboard</ButtonLink>}>
        <p>This link does not identify a card payment. If you have just paid, your course appears on the dashboard as soon as the payment is confirmed.</p>
      </StatusMessage>
    );
  } else if (check.state === 'not-found') {
    content = (
      <StatusMessage icon="alert" headingLevel={1} title="Payment not found" actions={<ButtonLink to="/">Go to Dashboard</ButtonLink>}>
        <p>We could not find this payment on your account. If you have been charged, please contact support.</p>
      </StatusMessage>
    );
  } else if (check.state === 'failed') {
    content = (
      <StatusMessage
        icon="alert"
        tone="danger"
        headingLevel={1}
        title="We could not check your payment"
        actions={
          <>
            <Button onClick={check.retry} disabled={checking}>
              Check again
            </Button>
            <ButtonLink to="/" variant="secondary">
              Go to Dashboard
            </ButtonLink>
          </>
        }
      >
        <p>{check.message}</p>
      </StatusMessage>
    );
  } else {
    content = <Outcome payment={check.payment} settling={check.settling} rechecksDone={rechecksDone} checking={checking} onCheckAgain={onCheckAgain} />;
  }
  return <Container $narrow>{content}</Container>;
}

function Outcome({
  payment,
  settling,
  rechecksDone,
  checking,
  onCheckAgain,
}: {
  payment: PaymentStatusDto;
  settling: boolean;
  rechecksDone: boolean;
  checking: boolean;
  onCheckAgain(): void;
}) {
  if (payment.enrolled) return <Success payment={payment} />;
  const course = payment.courseTitle ?? 'the course';
  if (settling) {
    if (!rechecksDone) {
      return (
        <StatusMessage icon="clock" headingLevel={1} title="Confirming your payment…">
          <Pending role="status" aria-live="polite">
            <Spinner $size={22} aria-hidden="true" />
            <span>We are waiting for the payment provider to confirm your payment for {course}. This usually takes a few seconds.</span>
          </Pending>
        </StatusMessage>
      );
    }
    return (
      <StatusMessage
        icon="clock"
        headingLevel={1}
        title="Your payment is still being confirmed"
        actions={
          <>
            <Button onClick={onCheckAgain} disabled={checking}>
              {checking ? 'Checking…' : 'Check again'}
            </Button>
            <ButtonLink to="/" variant="secondary">
              Go to Dashboard
            </ButtonLink>
          </>
        }
      >
        <p>
          The payment provider has not confirmed your payment for {course} yet. You will be enrolled automatically once it does; you do not need to pay again.
        </p>
      </StatusMessage>
    );
  }
  return (
    <StatusMessage
      icon="alert"
      tone="danger"
      headingLevel={1}
      title="Payment Failed"
      actions={
        <>
          {payment.courseId ? <ButtonLink to={`/checkout/${payment.courseId}`}>Back to checkout</ButtonLink> : null}
          <ButtonLink to="/" variant="secondary">
            Go to Dashboard
          </ButtonLink>
        </>
      }
    >
      <p>
        {payment.failureMessage ? <strong>{payment.failureMessage} </strong> : null}
        Your payment for {course} was not completed and you have not been charged. You can try again with another card, or ask for an invoice, from the checkout
        page.
      </p>
    </StatusMessage>
  );
}

function Success({ payment }: { payment: PaymentStatusDto }) {
  const done = paymentDoneText(payment);
  return (
    <StatusMessage
      icon="checkCircle"
      headingLevel={1}
      title="Payment Successful"
      actions={
        <>
          <ButtonLink to="/">Go to Dashboard</ButtonLink>
          {payment.trustName ? (
            // The buyer is not enrolled by a trust's purchase: where it shows is the trust's page.
            <ButtonLink to="/trust" variant="secondary">
              Go to {payment.trustName}
            </ButtonLink>
          ) : payment.courseId ? (
            <ButtonLink to={`/courses/${payment.courseId}`} variant="secondary">
              Go to the course
            </ButtonLink>
          ) : null}
        </>
      }
    >
      <p>
        Thank you. {done} {payment.trustName ? 'Its staff find the course on their dashboard.' : 'The course is on your dashboard.'}
      </p>
      {payment.status === 'succeeded' ? (
        <p>
          <a href={`/api/payments/${payment.paymentIntentId}/receipt.pdf`} target="_blank" rel="noreferrer">
            Download your receipt (PDF)
          </a>
        </p>
      ) : null}
    </StatusMessage>
  );
}

const Pending = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
