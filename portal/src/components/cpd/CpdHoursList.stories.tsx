import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CpdHoursDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { CpdHoursList } from './CpdHoursList.tsx';

const hours: CpdHoursDto = {
  from: '2025-09-01',
  to: '2026-08-31',
  schoolYear: '2025–26',
  totalHours: 3.25,
  people: [
    { userId: 1, name: 'Ada Lovelace', email: 'ada@oak.sch.uk', schoolName: 'Oak Primary', hours: 2.25, courses: 3, wholeRecordShared: false },
    { userId: 2, name: 'Ben Okri', email: 'ben@oak.sch.uk', schoolName: 'Oak Primary', hours: 1, courses: 1, wholeRecordShared: true },
  ],
};

const meta = {
  title: 'Components/CpdHoursList',
  component: CpdHoursList,
  decorators: [portalTheme],
  args: { hours, showSchool: false },
} satisfies Meta<typeof CpdHoursList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const School: Story = {};
export const Trust: Story = { args: { showSchool: true } };
export const Range: Story = { args: { hours: { ...hours, from: '2025-09-01', to: '2025-12-31', schoolYear: null } } };
export const Nobody: Story = { args: { hours: { ...hours, totalHours: 0, people: [] } } };
