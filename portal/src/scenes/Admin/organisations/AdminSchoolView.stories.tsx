import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AdminSchoolDetailDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { panelSlot, serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { PanelLead } from '../../../components/Panel.ts';
import { AdminSchoolView } from './AdminSchoolView.tsx';

const school: AdminSchoolDetailDto = {
  id: 4,
  name: "St Mary's Primary School",
  country: 'GB',
  createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 3,
  licenceCount: 2,
  invitesApprovedAt: null,
  members: [
    { userId: 7, name: 'Helen Head', email: 'head@stmarys.sch.uk', role: 'manager', joinedAt: '2026-01-01T00:00:00.000Z' },
    { userId: 8, name: 'Tom Teacher', email: 'tom@stmarys.sch.uk', role: 'member', joinedAt: '2026-01-02T00:00:00.000Z' },
    { userId: 9, name: 'Priya Shah', email: 'priya.shah@stmarys.sch.uk', role: 'member', joinedAt: '2026-03-14T00:00:00.000Z' },
  ],
  licences: [],
  domains: [
    { domain: 'stmarys.sch.uk', verifiedAt: '2026-01-01T00:00:00.000Z', proof: 'dns', txtRecord: null, googleWorkspaceDomain: null },
    { domain: 'stmarys-pta.org.uk', verifiedAt: null, proof: null, txtRecord: null, googleWorkspaceDomain: null },
  ],
  api: '/api/admin/schools/4',
};

const meta = {
  title: 'Portal/Admin/AdminSchoolView',
  component: AdminSchoolView,
  decorators: [portalTheme],
  args: {
    school: { state: 'ready', data: school },
    wellFormed: true,
    panels: () => ({
      details: <PanelLead>(The school's name and country, editable.)</PanelLead>,
      licences: panelSlot('licences', 'Licences', 'Grant a course, revoke or restore a licence.'),
      domains: panelSlot('domains', 'E-mail domains', 'The domains whose verified staff join the school.'),
      deadlines: null,
      groups: null,
      approval: null,
      roster: null,
    }),
  },
} satisfies Meta<typeof AdminSchoolView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};

/** A school made a minute ago: nobody in it yet. */
export const NoMembers: Story = { args: { school: { state: 'ready', data: { ...school, memberCount: 0, licenceCount: 0, members: [], domains: [] } } } };

export const Loading: Story = { args: { school: { state: 'loading' } } };

export const Failed: Story = { args: { school: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

/** An address that names no school. */
export const NotFound: Story = { args: { school: { state: 'loading' }, wellFormed: false } };
