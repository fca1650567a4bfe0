import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { ResetPasswordView } from './ResetPasswordView.tsx';

const field = (name: string, value = '', error: string | null = null) => ({ name, value, error, onChange: fn() });

const meta = {
  title: 'Portal/ResetPasswordView',
  component: ResetPasswordView,
  decorators: [portalTheme],
  parameters: { route: '/reset-password?token=abc' },
  args: {
    newPassword: field('newPassword'),
    confirm: field('confirm'),
    removeSignIns: false,
    onRemoveSignIns: fn(),
    pending: false,
    onSubmit: fn(),
  },
} satisfies Meta<typeof ResetPasswordView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { newPassword: field('newPassword', 'correct horse'), confirm: field('confirm', 'correct horse'), removeSignIns: true } };
/** The two passwords differ: the schema's sentence beside the field. */
export const Refused: Story = {
  args: { newPassword: field('newPassword', 'correct horse'), confirm: field('confirm', 'correct hose', "Passwords don't match") },
};
export const Sending: Story = { args: { newPassword: field('newPassword', 'correct horse'), confirm: field('confirm', 'correct horse'), pending: true } };
