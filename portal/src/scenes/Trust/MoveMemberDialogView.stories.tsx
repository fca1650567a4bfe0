import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { overPanel } from '../../../../storybook/portalFixtures.tsx';
import type { FieldBinding } from '../../components/useForm.ts';
import { MoveMemberDialogView } from './MoveMemberDialogView.tsx';

const school = (value = '', error: string | null = null): FieldBinding => ({ name: 'schoolId', value, error, onChange: fn() });

const meta = {
  title: 'Portal/MoveMemberDialogView',
  component: MoveMemberDialogView,
  // The dialog opens over the trust's staff list, which its scrim dims.
  decorators: [overPanel('staff', 'Staff across the trust', 'Every member of every school, with their courses.'), portalTheme],
  parameters: { route: '/trust' },
  args: {
    member: { userId: 21, name: 'Cal Cole', schoolId: 4, schoolName: 'Elm Academy' },
    others: [
      { schoolId: 5, name: 'Oak Primary School' },
      { schoolId: 6, name: 'Willow Infant and Nursery School' },
    ],
    school: school(),
    moving: false,
    refusal: null,
    onClose: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof MoveMemberDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As it opens: nothing chosen yet. */
export const Choosing: Story = {};

/** Sent with no school chosen: the sentence on the field, nothing sent. */
export const NothingChosen: Story = { args: { school: school('', 'Choose the school they are moving to.') } };

/** A school chosen and the move under way. */
export const Moving: Story = { args: { school: school('5'), moving: true } };

/** The server refused (the school left the trust meanwhile): its sentence above the buttons. */
export const Refused: Story = { args: { school: school('6'), refusal: 'That school is not in this trust' } };

/** A trust of one school: nowhere to move them, and Move cannot be pressed. */
export const NoOtherSchool: Story = { args: { others: [] } };
