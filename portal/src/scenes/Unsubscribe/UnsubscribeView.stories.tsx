import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { UnsubscribeView } from './UnsubscribeView.tsx';

const description = 'deadline reminders for your school’s training';

const meta = {
  title: 'Portal/UnsubscribeView',
  component: UnsubscribeView,
  decorators: [portalTheme],
  args: { unsubscribe: { state: 'asking', description, pending: false, problem: null }, onUnsubscribe: fn() },
} satisfies Meta<typeof UnsubscribeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Asking: Story = {};
export const Unsubscribing: Story = { args: { unsubscribe: { state: 'asking', description, pending: true, problem: null } } };
export const Failed: Story = {
  args: { unsubscribe: { state: 'asking', description, pending: false, problem: 'The server is not answering. Please try again.' } },
};
export const Unsubscribed: Story = { args: { unsubscribe: { state: 'unsubscribed', description } } };
export const Checking: Story = { args: { unsubscribe: { state: 'checking' } } };
export const BrokenLink: Story = {
  args: {
    unsubscribe: {
      state: 'broken',
      reason: 'This unsubscribe link is not valid: it may have been altered or cut short. Nothing was changed. Open the link from the e-mail again.',
    },
  },
};
