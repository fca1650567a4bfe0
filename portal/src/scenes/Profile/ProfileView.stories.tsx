import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { UserDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { ProfileView } from './ProfileView.tsx';

const user: UserDto = {
  id: 7,
  email: 'sam.okafor@oak.sch.uk',
  firstName: 'Sam',
  lastName: 'Okafor',
  company: 'Oak Primary School',
  profileImageUrl: null,
  role: 'learner',
  createdAt: '2025-09-01T10:00:00.000Z',
  emailVerified: true,
};

const meta = {
  title: 'Portal/ProfileView',
  component: ProfileView,
  decorators: [portalTheme],
  args: {
    user,
    editing: false,
    onEdit: fn(),
    onCancelEdit: fn(),
    onSave: fn(),
    saving: false,
    onSendVerification: fn(),
    sendingVerification: false,
  },
} satisfies Meta<typeof ProfileView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verified: Story = {};

/** An address not yet confirmed, and nothing but a name given: "Not set", and the link to confirm. */
export const NotVerified: Story = { args: { user: { ...user, company: null, emailVerified: false } } };

export const Editing: Story = { args: { editing: true } };

export const Saving: Story = { args: { editing: true, saving: true } };
