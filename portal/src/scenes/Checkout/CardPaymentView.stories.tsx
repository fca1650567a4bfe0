import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { ApiError } from '../../api/client.ts';
import { CardPaymentView } from './CardPaymentView.tsx';
import { Muted } from './checkoutStyles.ts';

const meta = {
  title: 'Portal/CardPaymentView',
  component: CardPaymentView,
  decorators: [portalTheme],
  args: {
    // Stripe's Payment Element is drawn by Stripe.js in an iframe of its own: the story shows where it stands.
    card: { state: 'ready', form: <Muted>Stripe&apos;s secure card form (card number, expiry, CVC) and the Pay button stand here.</Muted> },
  },
} satisfies Meta<typeof CardPaymentView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};

export const Preparing: Story = { args: { card: { state: 'preparing' } } };

/** The site has no Stripe keys: the invoice request below leads. */
export const NotConfigured: Story = { args: { card: { state: 'notConfigured' } } };

/** Stripe did not answer the server: the server's sentence and Try again. */
export const StripeNotAnswering: Story = {
  args: {
    card: {
      state: 'failed',
      error: new ApiError(
        503,
        'Service Unavailable',
        JSON.stringify({
          message: 'The card payment service could not be reached. Please try again in a moment, or request an invoice.',
          id: 'payment_unavailable',
        }),
      ),
      retry: fn(),
    },
  },
};

/** The server did not answer at all. */
export const Failed: Story = { args: { card: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

/** The buyer had the course meanwhile (another tab, a school licence): the way to it instead. */
export const EnrolledMeanwhile: Story = {
  args: {
    card: {
      state: 'enrolled',
      error: new ApiError(409, 'Conflict', JSON.stringify({ message: 'You are already enrolled in this course.', id: 'already_enrolled' })),
      courseId: 5,
    },
  },
};

/** Stripe.js did not load in this browser (offline, or js.stripe.com blocked by the school's network). */
export const StripeJsBlocked: Story = { args: { card: { state: 'stripeFailed', retry: fn() } } };
