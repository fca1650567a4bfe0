import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { fixedFrame } from '../../../storybook/decorators.tsx';
import { Launcher } from './Launcher.tsx';

const meta = {
  title: 'Widgets/Support chat/Launcher',
  component: Launcher,
  decorators: [fixedFrame('100%', 160)],
  args: { open: false, busy: false, onWarmUp: fn(), onToggle: fn() },
} satisfies Meta<typeof Launcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { open: true } };
export const LoadingPanel: Story = { args: { busy: true } };
