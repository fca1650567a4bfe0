import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, isNotFound } from '../../api/client.ts';
import { isPaymentSettling, usePaymentStatus, useRefreshAfterEnrollment } from '../../api/payments.ts';
import { readState } from '../../components/QueryState.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PaymentSuccessView, paymentDoneText, type PaymentCheck } from './PaymentSuccessView.tsx';

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
  const { toast } = useToast();
  const refresh = useRefreshAfterEnrollment();
  const announced = useRef(false);
  const enrolled = read.state === 'ready' && read.data.enrolled ? read.data : null;

  // Once, when the server says the learner is enrolled: the toast, and every list that shows the course read again.
  useEffect(() => {
    if (!enrolled || announced.current) return;
    announced.current = true;
    toast({ title: 'Payment Successful!', description: paymentDoneText(enrolled), variant: 'success' });
    void refresh(enrolled.courseId);
  }, [toast, refresh, enrolled]);

  const check: PaymentCheck = !paymentIntentId
    ? { state: 'no-payment' }
    : read.state === 'loading'
      ? read
      : read.state === 'failed'
        ? isNotFound(read.error)
          ? { state: 'not-found' }
          : { state: 'failed', message: errorText(read.error, 'The payment service could not be reached. Please try again in a moment.'), retry: read.retry }
        : { state: 'ready', payment: read.data, settling: isPaymentSettling(read.data) };

  return <PaymentSuccessView check={check} rechecksDone={payment.rechecksDone} checking={payment.isFetching} onCheckAgain={() => void payment.refetch()} />;
}
