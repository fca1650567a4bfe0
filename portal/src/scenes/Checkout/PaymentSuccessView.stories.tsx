import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { PaymentStatusDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { PaymentSuccessView } from './PaymentSuccessView.tsx';

const paid: PaymentStatusDto = {
  paymentIntentId: 'pi_3Qx7Example',
  status: 'succeeded',
  courseId: 5,
  courseTitle: 'Smartphone photography for school marketing',
  enrolled: true,
  trustName: null,
  failureMessage: null,
};

const meta = {
  title: 'Portal/PaymentSuccessView',
  component: PaymentSuccessView,
  decorators: [portalTheme],
  args: { check: { state: 'ready', payment: paid, settling: false }, rechecksDone: false, checking: false, onCheckAgain: fn() },
} satisfies Meta<typeof PaymentSuccessView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Enrolled: Story = {};

/** A trust's purchase: its schools have the course, the buyer is sent to the trust's page. */
export const TrustPurchase: Story = { args: { check: { state: 'ready', payment: { ...paid, trustName: 'Greenway Learning Trust' }, settling: false } } };

/** The provider has not confirmed yet: the page checks again by itself, then offers "Check again". */
export const StillSettling: Story = {
  args: { check: { state: 'ready', payment: { ...paid, status: 'processing', enrolled: false }, settling: true }, rechecksDone: true },
};

export const Declined: Story = {
  args: {
    check: {
      state: 'ready',
      payment: { ...paid, status: 'requires_payment_method', enrolled: false, failureMessage: 'Your card was declined.' },
      settling: false,
    },
  },
};

export const Checking: Story = { args: { check: { state: 'loading' } } };
export const NoPayment: Story = { args: { check: { state: 'no-payment' } } };
export const CheckFailed: Story = {
  args: { check: { state: 'failed', message: 'The payment service could not be reached. Please try again in a moment.', retry: fn() } },
};
