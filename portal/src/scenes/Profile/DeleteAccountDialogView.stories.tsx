import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { overPanel } from '../../../../storybook/portalFixtures.tsx';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import type { FieldBinding } from '../../components/useForm.ts';
import { DeleteAccountDialogView } from './DeleteAccountDialogView.tsx';

const password = (value = '', error: string | null = null): FieldBinding => ({ name: 'password', value, error, onChange: fn() });

const meta = {
  title: 'Portal/DeleteAccountDialogView',
  component: DeleteAccountDialogView,
  // The dialog opens over the profile's "Your data" panel, which its scrim dims.
  decorators: [overPanel('data', 'Your data', 'Download my data, or delete my account.'), portalTheme],
  parameters: { route: '/profile' },
  args: {
    onOpenChange: fn(),
    certificates: { value: 'keep', onChange: fn() },
    confirmation: { by: 'password', password: password() },
    deletion: { state: 'idle' },
    onSubmit: fn(),
  },
} satisfies Meta<typeof DeleteAccountDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As it opens: certificates kept, the password still to type. */
export const PasswordEmpty: Story = {};

/** The password typed and the certificates to be revoked. */
export const PasswordTyped: Story = {
  args: { certificates: { value: 'revoke', onChange: fn() }, confirmation: { by: 'password', password: password('correct horse') } },
};

/** Sent with no password: the shared schema's sentence on the field, and nothing sent. */
export const PasswordMissing: Story = {
  args: { confirmation: { by: 'password', password: password('', 'Password is required') } },
};

/** The server's 400 for a wrong password lands on the field, not above the buttons. */
export const WrongPassword: Story = {
  args: { confirmation: { by: 'password', password: password('correct hose', 'Your password is not correct') } },
};

/** Sent, the server not yet answered: the button cannot be pressed twice. */
export const Deleting: Story = {
  args: { confirmation: { by: 'password', password: password('correct horse') }, deletion: { state: 'deleting' } },
};

/** The request did not arrive (a lost connection, a busy server): the sentence, and the button to press again. */
export const Failed: Story = {
  args: {
    confirmation: { by: 'password', password: password('correct horse') },
    deletion: { state: 'refused', message: 'Your account could not be deleted. Please try again.', signInAgain: null },
  },
};

/** The server refuses the agency's last admin (409). */
export const LastAdmin: Story = {
  args: {
    confirmation: { by: 'password', password: password('correct horse') },
    deletion: {
      state: 'refused',
      message: 'You are the only admin. Make someone else an admin before deleting your account.',
      signInAgain: null,
    },
  },
};

/** An account opened with Google, Microsoft or a school's sign-in has no password: a recent sign-in confirms it. */
export const Passwordless: Story = {
  args: { confirmation: { by: 'recentSignIn' } },
};

const STALE_SIGN_IN = 'For your safety, sign in again with the sign-in you already have, then delete your account within 10 minutes.';

/** The sign-in was more than 10 minutes ago (403): the way to sign in again with the account's provider. */
export const PasswordlessSignInAgain: Story = {
  args: {
    confirmation: { by: 'recentSignIn' },
    deletion: {
      state: 'refused',
      message: STALE_SIGN_IN,
      signInAgain: { provider: 'microsoft', href: '/api/auth/microsoft/start?returnTo=%2Fprofile' },
    },
  },
  parameters: { screens: { widths: [1280, 390, 320] } },
};

/**
 * The same 403 for an account made by a school's own sign-in or its directory (SSO, SCIM), with no
 * Google or Microsoft sign-in linked: the sentence alone, as that sign-in starts at the school.
 */
export const PasswordlessSchoolSignIn: Story = {
  args: { confirmation: { by: 'recentSignIn' }, deletion: { state: 'refused', message: STALE_SIGN_IN, signInAgain: null } },
};
