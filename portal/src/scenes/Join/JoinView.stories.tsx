import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { JoinView } from './JoinView.tsx';

const invitee = { email: 'sam.okafor@oak.sch.uk', firstName: 'Sam', lastName: 'Okafor' };

const meta = {
  title: 'Portal/JoinView',
  component: JoinView,
  decorators: [portalTheme],
  args: {
    invite: { state: 'ready', schoolName: 'Oak Primary School', invitee },
    signedInAs: null,
    authLink: '/auth?next=%2Fjoin%3Ftoken%3Dabc',
    onJoin: fn(),
    joining: false,
    onSignOut: fn(),
    signingOut: false,
  },
} satisfies Meta<typeof JoinView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor with a mailed invitation: create the account with the invited address, or sign in. */
export const InvitedVisitor: Story = {};

/** A visitor with the school's shared link (no one address): sign in or register. */
export const SharedLinkVisitor: Story = { args: { invite: { state: 'ready', schoolName: 'Oak Primary School', invitee: null } } };

export const SignedIn: Story = { args: { signedInAs: 'sam.okafor@oak.sch.uk' } };

/** Signed in with another account than the one invited: only that one can accept. */
export const WrongAccount: Story = { args: { signedInAs: 'sam.personal@example.com' } };

export const Checking: Story = { args: { invite: { state: 'loading' } } };

export const CannotBeUsed: Story = {
  args: {
    invite: {
      state: 'problem',
      title: 'This invite to Oak Primary School cannot be used',
      reason: 'This invitation has expired. Ask your school manager to send a new one.',
    },
  },
};

export const CouldNotCheck: Story = {
  args: {
    invite: { state: 'problem', title: 'We could not check this invite link', reason: 'Please check your connection and try again.', retry: fn() },
  },
};
