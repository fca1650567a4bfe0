import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { overPanel } from '../../../../storybook/portalFixtures.tsx';
import type { FieldBinding } from '../../components/useForm.ts';
import { ForgotPasswordDialogView } from './ForgotPasswordDialogView.tsx';

const email = (value = '', error: string | null = null): FieldBinding => ({ name: 'email', value, error, onChange: fn() });

const meta = {
  title: 'Portal/ForgotPasswordDialogView',
  component: ForgotPasswordDialogView,
  // The dialog opens over the sign-in form (its "Forgot your password?" link), which its scrim dims.
  decorators: [overPanel('sign-in', 'Sign in', 'Your e-mail address and password, or Google or Microsoft.'), portalTheme],
  parameters: { route: '/auth' },
  args: { open: true, onOpenChange: fn(), email: email(), sending: false, refusal: null, onSubmit: fn() },
} satisfies Meta<typeof ForgotPasswordDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the sign-in form with its address carried over. */
export const Prefilled: Story = { args: { email: email('priya@school.example') } };

/** Opened with nothing typed in the sign-in form. */
export const Empty: Story = {};

/** Sent with an address that is not one: the shared schema's sentence on the field, nothing sent. */
export const InvalidAddress: Story = { args: { email: email('priya@school', 'Please enter a valid email address') } };

/** The request under way. */
export const Sending: Story = { args: { email: email('priya@school.example'), sending: true } };

/** Too many requests for that address: the server's sentence, the address kept to send again later. */
export const Refused: Story = {
  args: { email: email('priya@school.example'), refusal: 'Too many attempts. Please wait a moment and try again.' },
};
