import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { DirectoryEventDto, DirectoryTokenDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import type { ReadState } from '../QueryState.tsx';
import { DirectorySyncView } from './DirectorySyncView.tsx';

const loaded = <T,>(data: T[]): ReadState<T[]> => ({ state: 'ready', data });

const tokens: DirectoryTokenDto[] = [
  { id: 2, label: 'Entra ID', createdAt: '2026-11-02T09:00:00.000Z', lastUsedAt: '2026-11-29T08:40:00.000Z' },
  { id: 1, label: 'Okta (trial)', createdAt: '2026-10-12T09:00:00.000Z', lastUsedAt: null },
];

const log: DirectoryEventDto[] = [
  {
    id: 6,
    action: 'refused',
    email: 'head@oak.sch.uk',
    detail: 'Not suspended: the school’s only manager cannot be, make someone else a manager first.',
    at: '2026-11-29T08:40:00.000Z',
  },
  { id: 5, action: 'suspended', email: 'leaver@oak.sch.uk', detail: 'Suspended: signed out, no school access, not counted', at: '2026-11-29T08:39:00.000Z' },
  { id: 4, action: 'changed', email: 'ann.able@oak.sch.uk', detail: 'Name changed in the directory', at: '2026-11-28T16:00:00.000Z' },
  { id: 3, action: 'invited', email: 'supply.teacher@gmail.com', detail: 'Invited by e-mail: joins once they accept', at: '2026-11-28T09:10:00.000Z' },
  { id: 2, action: 'added', email: 'ann.able@oak.sch.uk', detail: 'Joined as a member (address on a proven domain)', at: '2026-11-28T09:00:00.000Z' },
  { id: 1, action: 'removed', email: 'old.post@oak.sch.uk', detail: 'Removed from the school (account and certificates kept)', at: '2026-11-27T09:00:00.000Z' },
];

const meta = {
  title: 'Portal/DirectorySyncView',
  component: DirectorySyncView,
  decorators: [portalTheme],
  args: {
    owner: 'school',
    tokens: loaded(tokens),
    log: loaded(log),
    created: null,
    onDismissCreated: fn(),
    onCreate: fn(),
    creating: false,
    createError: null,
    onRevoke: fn(),
    revoking: false,
  },
} satisfies Meta<typeof DirectorySyncView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {};

export const TokenJustCreated: Story = {
  args: {
    created: {
      id: 3,
      label: 'Entra ID',
      token: 'atrium_scim_3q2+7GmX0cY4yH1kWbq8TzvE9pLr5aNf6uJd0sQe2Io',
      createdAt: '2026-11-29T09:00:00.000Z',
      scimUrl: 'https://learn.example.org/scim/v2',
    },
  },
};

export const TrustNothingYet: Story = { args: { owner: 'trust', tokens: loaded([]), log: loaded([]) } };

export const Loading: Story = {
  args: { tokens: { state: 'loading' }, log: { state: 'loading' } },
};

export const CouldNotLoad: Story = {
  args: { tokens: { state: 'failed', error: serverNotAnswering(), retry: fn() } },
};
