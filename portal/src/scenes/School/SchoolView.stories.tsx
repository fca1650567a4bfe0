import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { MySchoolDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { panelSlot, serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { PanelLead } from '../../components/Panel.ts';
import { SchoolView, type SchoolManagerPanels } from './SchoolView.tsx';

const school = { id: 4, name: "St Mary's Primary School", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' };
const manager: MySchoolDto = {
  school,
  role: 'manager',
  courses: [
    { courseId: 11, title: 'Smartphone photography for school marketing' },
    { courseId: 12, title: 'Photos that do not identify children' },
  ],
  domains: [],
  can: { manage: true, buyForSchool: true },
  api: '/api/schools/4',
};
const member: MySchoolDto = { ...manager, role: 'member', can: { manage: false, buyForSchool: false }, api: null };

const panels: SchoolManagerPanels = {
  details: <PanelLead>St Mary's Primary School, United Kingdom.</PanelLead>,
  deadlines: panelSlot('deadlines', 'Deadlines', 'When each course is due for your staff.'),
  sharing: null,
  groups: null,
  members: panelSlot('members', 'Staff', 'Everyone in the school and their progress.'),
  directory: null,
  cpdHours: null,
  insights: null,
  roster: null,
  comments: null,
  invites: panelSlot('invites', 'Invite colleagues', 'One link per colleague, sent by e-mail.'),
  domains: panelSlot('domains', 'E-mail domains', 'Staff with a verified address at these domains join on their own.'),
  identityProvider: null,
};

const meta = {
  title: 'Portal/SchoolView',
  component: SchoolView,
  decorators: [portalTheme],
  args: {
    mine: { state: 'ready', data: manager },
    register: { onDownload: fn(), downloading: false },
    panels,
    createSchool: <PanelLead>(The form that creates a school.)</PanelLead>,
  },
} satisfies Meta<typeof SchoolView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A manager: the register's download, the licensed courses, then the panels in the page's order. */
export const Manager: Story = {};

/** The register being prepared: its button says so and waits. */
export const Downloading: Story = { args: { register: { onDownload: fn(), downloading: true } } };

/** A school that has bought nothing yet says how courses get licensed. */
export const NoCourses: Story = { args: { mine: { state: 'ready', data: { ...manager, courses: [] } } } };

/** A member sees the school's courses and who manages it, nothing of the staff. */
export const Member: Story = { args: { mine: { state: 'ready', data: member }, panels: undefined } };

/** Someone without a school: how to join one, or make one. */
export const NoSchool: Story = { args: { mine: { state: 'ready', data: { ...member, school: null, role: null, courses: [] } }, panels: undefined } };

export const Loading: Story = { args: { mine: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    mine: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};

export const LongContent: Story = {
  args: {
    mine: {
      state: 'ready',
      data: {
        ...manager,
        school: { ...school, name: 'The Blessed Cardinal Newman Roman Catholic Voluntary Aided Primary School and Nursery, Upper Wickhamford' },
        courses: [
          ...manager.courses,
          { courseId: 13, title: 'Podcasting for Schools: Recording, Editing and Publishing a Termly Podcast With Pupils and Staff' },
          { courseId: 14, title: 'School videos' },
        ],
      },
    },
  },
};
