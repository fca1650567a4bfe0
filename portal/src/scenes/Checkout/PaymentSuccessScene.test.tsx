import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatusDto } from '@atrium/common';
import { PAYMENT_RECHECK_MS, PAYMENT_RECHECKS } from '../../api/payments.ts';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { PaymentSuccessScene } from './PaymentSuccessScene.tsx';

const ID = 'pi_3abcDEF123';
const paid: PaymentStatusDto = {
  paymentIntentId: ID,
  status: 'succeeded',
  courseId: 5,
  courseTitle: 'Smartphone Photography for School Marketing',
  enrolled: true,
  failureMessage: null,
};

function setup(answer: Parameters<typeof mockApi>[0][string]) {
  return mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), [`GET /api/payments/${ID}`]: answer });
}

const renderReturn = (search = `?payment_intent=${ID}&payment_intent_client_secret=${ID}_secret_x&redirect_status=succeeded`) =>
  renderScene(<PaymentSuccessScene />, { route: `/payment-success${search}`, path: '/payment-success' });

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentSuccessScene', () => {
  it('shows "Payment Successful" with the toast and links once the server says enrolled', async () => {
    setup(ok(paid));
    renderReturn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to the course' })).toHaveAttribute('href', '/courses/5');
  });

  it("says every school of the trust has the course after a trust's purchase, not that the buyer is enrolled", async () => {
    setup(ok({ ...paid, trustName: 'Greenway Trust' }));
    renderReturn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(
      screen.getByText(/Every school of Greenway Trust now has Smartphone Photography for School Marketing\. Its staff find the course on their dashboard\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You are now enrolled/)).not.toBeInTheDocument();
    // The buyer is not enrolled: the way on is the trust's page, not the course's.
    expect(screen.getByRole('link', { name: 'Go to Greenway Trust' })).toHaveAttribute('href', '/trust');
    expect(screen.queryByRole('link', { name: 'Go to the course' })).not.toBeInTheDocument();
  });

  it('never shows success the server has not confirmed, even with redirect_status=succeeded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup(ok({ ...paid, status: 'succeeded', enrolled: false }));
    renderReturn();
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    for (let check = 0; check < PAYMENT_RECHECKS + 2; check += 1) {
      await act(() => vi.advanceTimersByTimeAsync(PAYMENT_RECHECK_MS));
    }
    expect(await screen.findByRole('heading', { name: 'Your payment is still being confirmed' })).toBeInTheDocument();
    // The first answer plus a bounded number of re-checks, then it stops asking.
    expect(api.callsTo('GET', `/api/payments/${ID}`)).toHaveLength(1 + PAYMENT_RECHECKS);
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('re-checks while the payment is processing, then shows success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const api = setup(() => {
      calls += 1;
      return ok(calls < 3 ? { ...paid, status: 'processing', enrolled: false } : paid);
    });
    renderReturn();
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_RECHECK_MS));
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_RECHECK_MS));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_RECHECK_MS * 3));
    expect(api.callsTo('GET', `/api/payments/${ID}`)).toHaveLength(3);
  });

  it("shows the provider's message and a way back to checkout when the payment failed", async () => {
    setup(ok({ ...paid, status: 'requires_payment_method', enrolled: false, failureMessage: 'Your card was declined.' }));
    renderReturn('?payment_intent=' + ID + '&redirect_status=failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout/5');
  });

  it('says so when the link carries no payment, without asking the server', async () => {
    const api = setup(ok(paid));
    renderReturn('');
    expect(await screen.findByRole('heading', { name: 'No payment to confirm' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/payments'))).toHaveLength(0);
  });

  it('rejects a malformed payment id', async () => {
    const api = setup(ok(paid));
    renderReturn('?payment_intent=../../admin');
    expect(await screen.findByRole('heading', { name: 'No payment to confirm' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/payments'))).toHaveLength(0);
  });

  it('says "Payment not found" for someone else\'s or an unknown payment', async () => {
    setup(fail(404, 'Payment not found'));
    renderReturn();
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
  });

  it("shows the server's message when Stripe cannot be reached", async () => {
    setup(fail(503, 'The card payment service could not be reached. Please try again in a moment, or request an invoice.'));
    renderReturn();
    expect(await screen.findByRole('heading', { name: 'We could not check your payment' })).toBeInTheDocument();
    expect(screen.getByText(/could not be reached/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });
});
