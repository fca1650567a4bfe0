import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { UserDto } from '@atrium/common';
import { portalTheme } from '../../../storybook/portalDecorators.tsx';
import { UserMenuView } from './UserMenuView.tsx';

const teacher: UserDto = {
  id: 7,
  email: 'priya.shah@stmarys.sch.uk',
  firstName: 'Priya',
  lastName: 'Shah',
  company: "St Mary's Primary",
  profileImageUrl: null,
  role: 'learner',
  createdAt: '2025-09-01T10:00:00.000Z',
};

const meta = {
  title: 'Portal/UserMenuView',
  component: UserMenuView,
  decorators: [
    // At the right of a header, with room below for the open menu.
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', minHeight: 360, padding: 8 }}>
        <Story />
      </div>
    ),
    portalTheme,
  ],
  args: { user: teacher, offersMySchool: true, offersMyTrust: false, signingOut: false, onGo: fn(), onSignOut: fn(), defaultOpen: true },
} satisfies Meta<typeof UserMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member of staff: My school is there whether or not they have joined one. */
export const Staff: Story = {};

/** A trust's manager also reaches the trust's page. */
export const TrustManager: Story = {
  args: { user: { ...teacher, firstName: 'Marcus', lastName: 'Reid', email: 'm.reid@greenwaytrust.org.uk' }, offersMyTrust: true },
};

/** The agency's admin who belongs to no school reaches schools from Admin, not from here. */
export const AdminWithoutSchool: Story = {
  args: { user: { ...teacher, firstName: 'Ada', lastName: 'Trainer', email: 'ada@atrium.example', role: 'admin' }, offersMySchool: false },
};

/** A long name and address on a phone: the label keeps to the menu's width. */
export const LongAddress: Story = {
  args: {
    user: {
      ...teacher,
      firstName: 'Alexandra-Josephine',
      lastName: 'Montgomery-Fitzwilliam',
      email: 'alexandra-josephine.montgomery-fitzwilliam@st-bartholomews-cofe-primary.sch.uk',
    },
  },
  parameters: { screens: { widths: [390, 320] } },
};

/** Sign Out pressed, the server not yet answered: it cannot be pressed twice. */
export const SigningOut: Story = { args: { signingOut: true } };

/** Closed, as the header shows it. */
export const Closed: Story = { args: { defaultOpen: false } };
