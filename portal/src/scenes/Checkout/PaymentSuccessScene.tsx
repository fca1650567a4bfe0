import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { PaymentStatusDto } from '@atrium/common';
import { errorText, isNotFound } from '../../api/client.ts';
import { isPaymentSettling, usePaymentStatus, useRefreshAfterEnrollment } from '../../api/payments.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState, Spinner } from '../../components/Loading.tsx';
import { readState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/**
 * /payment-success, where Stripe returns after confirming a card payment. It believes only
 * the server (GET /api/payments/:id), which verifies the intent with Stripe and enrolls; the
 * redirect and its query string prove nothing. "Payment Successful" shows only once the server
 * says the learner is enrolled.
 */
export function PaymentSuccessScene() {
  usePageTitle('Payment');
  const [params] = useSearchParams();
  const raw = params.get('payment_intent');
  const paymentIntentId = raw && INTENT_ID.test(raw) ? raw : null;
  const payment = usePaymentStatus(paymentIntentId);
  const read = readState(payment);

  let content;
  if (!paymentIntentId) {
    content = (
      <StatusMessage icon="alert" headingLevel={1} title="No payment to confirm" actions={<ButtonLink to="/">Go to Dashboard</ButtonLink>}>
        <p>This link does not identify a card payment. If you have just paid, your course appears on the dashboard as soon as the payment is confirmed.</p>
      </StatusMessage>
    );
  } else if (read.state === 'loading') {
    return <LoadingState label="Confirming your payment" />;
  } else if (read.state === 'failed') {
    content = isNotFound(read.error) ? (
      <StatusMessage icon="alert" headingLevel={1} title="Payment not found" actions={<ButtonLink to="/">Go to Dashboard</ButtonLink>}>
        <p>We could not find this payment on your account. If you have been charged, please contact support.</p>
      </StatusMessage>
    ) : (
      <StatusMessage
        icon="alert"
        tone="danger"
        headingLevel={1}
        title="We could not check your payment"
        actions={
          <>
            <Button onClick={read.retry} disabled={payment.isFetching}>
              Check again
            </Button>
            <ButtonLink to="/" variant="secondary">
              Go to Dashboard
            </ButtonLink>
          </>
        }
      >
        <p>{errorText(read.error, 'The payment service could not be reached. Please try again in a moment.')}</p>
      </StatusMessage>
    );
  } else {
    content = <Outcome payment={read.data} rechecksDone={payment.rechecksDone} checking={payment.isFetching} onCheckAgain={() => void payment.refetch()} />;
  }
  return <Container $narrow>{content}</Container>;
}

function Outcome({
  payment,
  rechecksDone,
  checking,
  onCheckAgain,
}: {
  payment: PaymentStatusDto;
  rechecksDone: boolean;
  checking: boolean;
  onCheckAgain(): void;
}) {
  if (payment.enrolled) return <Success payment={payment} />;
  const course = payment.courseTitle ?? 'the course';
  if (isPaymentSettling(payment)) {
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
  const { toast } = useToast();
  // A trust's purchase licenses its schools; the buyer is not enrolled by it (they may be in none).
  const done = payment.trustName
    ? `Every school of ${payment.trustName} now has ${payment.courseTitle ?? 'the course'}.`
    : payment.courseTitle
      ? `You are now enrolled in ${payment.courseTitle}.`
      : 'You are now enrolled.';
  const refresh = useRefreshAfterEnrollment();
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    toast({
      title: 'Payment Successful!',
      description: done,
      variant: 'success',
    });
    void refresh(payment.courseId);
  }, [toast, refresh, payment.courseId, done]);
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
