import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthView } from './AuthView.tsx';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';

// In the app each tab holds the provider buttons and a password form, containers of their own.
const meta = {
  title: 'Portal/AuthView',
  component: AuthView,
  decorators: [portalTheme],
  args: {
    brand: 'Atrium',
    tab: 'login',
    login: <p>The Google and Microsoft buttons, then the e-mail and password form.</p>,
    register: <p>The Google and Microsoft buttons, then the registration form.</p>,
  },
} satisfies Meta<typeof AuthView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Login: Story = {};

/** Someone arriving from an invitation who chose Register. */
export const Register: Story = { args: { tab: 'register' } };

/** Before the site's configuration is read, the heading names no brand. */
export const NoBrand: Story = { args: { brand: null } };
