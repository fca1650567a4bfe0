import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { overPanel } from '../../../storybook/portalFixtures.tsx';
import { portalTheme } from '../../../storybook/portalDecorators.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const meta = {
  title: 'Portal/ConfirmDialog',
  component: ConfirmDialog,
  // A confirmation opens over the panel whose button asked for it; the scrim dims that panel.
  decorators: [overPanel('school', 'Oak Primary School', 'Its members, groups and invitations.'), portalTheme],
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Remove Priya Shah from the school?',
    description: "They lose access to the school's licensed courses. Their progress and certificates are kept, and they can rejoin with a new invite.",
    confirmLabel: 'Remove member',
    busyLabel: 'Removing…',
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A confirmation that destroys nothing: the main button in the primary colour. */
export const Plain: Story = {
  args: {
    tone: 'primary',
    title: 'Make Priya Shah a manager?',
    description: "Managers see every member's e-mail address and progress, invite and remove colleagues, and download the training register.",
    confirmLabel: 'Make manager',
    busyLabel: 'Saving…',
  },
};

/** A deletion: the danger button, and a description that says what goes with it. */
export const Destructive: Story = {
  args: {
    title: 'Delete “Teaching assistants”?',
    description:
      'Its members stay on the staff. The courses given to this group lose its deadlines; if no other group has a course, its deadline applies to everyone again.',
    confirmLabel: 'Delete group',
    busyLabel: 'Deleting…',
  },
};

/** Confirmed, the server not yet answered: the button says so and cannot be pressed twice. */
export const Pending: Story = { args: { busy: true } };

/**
 * Refused while the dialog stays open (a manager whose own role was taken away meanwhile): the
 * server's sentence above the buttons, and the button to try again.
 */
export const Refused: Story = {
  args: { error: 'Only the managers of this school can do that.' },
  parameters: { screens: { widths: [1280, 390, 320] } },
};
