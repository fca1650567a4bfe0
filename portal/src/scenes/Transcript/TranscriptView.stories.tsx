import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { TranscriptDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { TranscriptView } from './TranscriptView.tsx';

const transcript: TranscriptDto = {
  yearStartMonth: 9,
  totalVerifiedHours: 4.25,
  totalSelfReportedHours: 3,
  years: [
    { label: '2026–27', start: '2026-09-01', end: '2027-08-31', verifiedHours: 1.5, selfReportedHours: 3, courses: 1, externalEntries: 1 },
    { label: '2025–26', start: '2025-09-01', end: '2026-08-31', verifiedHours: 2.75, selfReportedHours: 0, courses: 2, externalEntries: 0 },
  ],
  courses: [
    {
      certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
      courseName: 'Safeguarding Annual Update',
      completedAt: '2026-11-21T10:00:00.000Z',
      completedOn: '2026-11-21',
      cpdHours: 1.5,
      ceus: 0.15,
      quizScore: 92,
      certificatePath: '/certificate/ATR-7F3K-9Q2M-4X8C-1D2E',
      credentialPath: '/api/certificates/ATR-7F3K-9Q2M-4X8C-1D2E/credential',
    },
    {
      certificateNumber: 'ATR-1111-2222-3333-4444',
      courseName: 'Smartphone Photography for School Marketing',
      completedAt: '2026-03-02T10:00:00.000Z',
      completedOn: '2026-03-02',
      cpdHours: 2.75,
      ceus: null,
      quizScore: null,
      certificatePath: '/certificate/ATR-1111-2222-3333-4444',
      credentialPath: '/api/certificates/ATR-1111-2222-3333-4444/credential',
    },
    {
      certificateNumber: 'ATR-5555-6666-7777-8888',
      courseName: 'Running a School Podcast',
      completedAt: '2025-10-02T10:00:00.000Z',
      completedOn: '2025-10-02',
      cpdHours: null,
      ceus: null,
      quizScore: null,
      certificatePath: '/certificate/ATR-5555-6666-7777-8888',
      credentialPath: '/api/certificates/ATR-5555-6666-7777-8888/credential',
    },
  ],
  external: [
    {
      id: 1,
      title: 'Phonics refresher',
      provider: 'Local authority',
      completedOn: '2026-10-02',
      cpdHours: 3,
      createdAt: '2026-10-03T09:00:00.000Z',
      evidence: null,
    },
  ],
};

const meta = {
  title: 'Portal/TranscriptView',
  component: TranscriptView,
  decorators: [portalTheme],
  args: { transcript, onDelete: fn() },
} satisfies Meta<typeof TranscriptView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Record: Story = {};
export const Empty: Story = {
  args: { transcript: { yearStartMonth: 9, totalVerifiedHours: 0, totalSelfReportedHours: 0, years: [], courses: [], external: [] } },
};
/** A school year from July (the service's setting), whose years the server then dates from 1 July. */
export const UsSchoolYear: Story = {
  args: {
    transcript: {
      ...transcript,
      yearStartMonth: 7,
      years: [
        { ...transcript.years[0]!, start: '2026-07-01', end: '2027-06-30' },
        { ...transcript.years[1]!, start: '2025-07-01', end: '2026-06-30' },
      ],
    },
  },
};
export const Removing: Story = { args: { deletingId: 1 } };
