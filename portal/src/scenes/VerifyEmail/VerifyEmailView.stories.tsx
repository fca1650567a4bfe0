import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { VerifyEmailView } from './VerifyEmailView.tsx';

const meta = {
  title: 'Portal/VerifyEmailView',
  component: VerifyEmailView,
  decorators: [portalTheme],
  args: { verification: { state: 'verified', schoolName: null }, resend: { state: 'signedIn', pending: false, send: fn() } },
} satisfies Meta<typeof VerifyEmailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verified: Story = {};
export const VerifiedIntoSchool: Story = { args: { verification: { state: 'verified', schoolName: 'St Mary’s Primary School' } } };
export const Verifying: Story = { args: { verification: { state: 'verifying' } } };
export const SignInFirst: Story = {
  args: {
    verification: { state: 'signIn', signInHref: '/auth?next=%2Fverify-email%3Ftoken%3Dabc' },
    resend: { state: 'signedOut', signInToResendHref: '/auth' },
  },
};
export const Failed: Story = { args: { verification: { state: 'failed', reason: 'This verification link is not valid or has already been used.' } } };
export const FailedSending: Story = {
  args: { ...Failed.args, resend: { state: 'signedIn', pending: true, send: fn() } },
};
export const FailedSignedOut: Story = {
  args: { ...Failed.args, resend: { state: 'signedOut', signInToResendHref: '/auth?next=%2Fprofile' } },
};
