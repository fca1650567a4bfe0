import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PublicRecordDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { RecordView } from './RecordView.tsx';

const record: PublicRecordDto = {
  name: 'Sam Okafor',
  totalVerifiedHours: 2.75,
  yearStartMonth: 9,
  generatedAt: '2026-11-29T10:00:00.000Z',
  pdfPath: '/api/records/token/record.pdf',
  years: [
    { label: '2025–26', start: '2025-09-01', end: '2026-08-31', verifiedHours: 1.25, courses: 1 },
    { label: '2024–25', start: '2024-09-01', end: '2025-08-31', verifiedHours: 1.5, courses: 1 },
  ],
  courses: [
    {
      certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
      courseName: 'Phonics in Year 1',
      completedOn: '2025-10-01',
      cpdHours: 1.25,
      ceus: 0.13,
      quizScore: 92,
      verifyPath: '/verify?number=ATR-7F3K-9Q2M-4X8C-1D2E',
    },
    {
      certificateNumber: 'ATR-5555-6666-7777-8888',
      courseName: 'Safeguarding essentials for every member of staff, including volunteers and governors',
      completedOn: '2025-03-10',
      cpdHours: 1.5,
      ceus: null,
      quizScore: null,
      verifyPath: '/verify?number=ATR-5555-6666-7777-8888',
    },
  ],
};

const meta = {
  title: 'Portal/RecordView',
  component: RecordView,
  decorators: [portalTheme],
  args: { record },
} satisfies Meta<typeof RecordView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Record: Story = {};
export const NothingYet: Story = { args: { record: { ...record, totalVerifiedHours: 0, years: [], courses: [] } } };
