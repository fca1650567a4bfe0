import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { theme } from '@atrium/common/ui/theme';
import { portalTheme } from '../../../storybook/portalDecorators.tsx';
import { IconButton, IconButtonLink } from './IconButton.tsx';

const meta = {
  title: 'Portal/IconButton',
  component: IconButton,
  decorators: [portalTheme],
  args: { icon: 'trash', label: 'Delete your comment', variant: 'ghost', size: 'md', onClick: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {};
export const Danger: Story = { args: { variant: 'danger' } };
export const Outline: Story = { args: { icon: 'arrowUp', label: 'Move Introduction up', variant: 'outline', size: 'sm' } };
export const Disabled: Story = { args: { icon: 'arrowDown', label: 'Move Introduction down', variant: 'outline', disabled: true } };
export const InverseLink: Story = {
  args: { icon: 'close', label: 'Close and go back to the course', variant: 'inverse', size: 'lg' },
  render: ({ icon, label, variant, size }) => (
    <div style={{ padding: 16, background: theme.colors.inverse.surface }}>
      <IconButtonLink to="/courses/1" icon={icon} label={label} variant={variant} size={size} />
    </div>
  ),
};
