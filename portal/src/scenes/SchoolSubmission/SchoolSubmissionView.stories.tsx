import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import type { SubmissionDto } from '../../api/assignmentTypes.ts';
import { ApiError } from '../../api/client.ts';
import { SchoolSubmissionView } from './SchoolSubmissionView.tsx';

const submission: SubmissionDto = {
  id: 300,
  assignmentId: 60,
  courseId: 5,
  userId: 8,
  round: 2,
  status: 'submitted',
  note: 'The sports day photos, taken from behind so no child can be recognised. The album is on the school website.',
  link: 'https://www.oak.sch.uk/news/sports-day',
  // A link-only round: a file here would be fetched from the file route, which the story server does not have.
  files: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: '2026-11-21T10:00:00.000Z',
  withdrawnAt: null,
  reviewedAt: null,
  reviewerName: null,
  feedback: null,
};

const meta = {
  title: 'Portal/SchoolSubmissionView',
  component: SchoolSubmissionView,
  decorators: [portalTheme],
  args: { submission: { state: 'ready', data: submission }, wellFormed: true },
} satisfies Meta<typeof SchoolSubmissionView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Submitted: Story = {};

export const Approved: Story = {
  args: {
    submission: {
      state: 'ready',
      data: {
        ...submission,
        status: 'approved',
        reviewedAt: '2026-11-24T15:30:00.000Z',
        reviewerName: 'Jo at Atrium',
        feedback: 'Lovely framing, and no faces anywhere. Keep the horizon level in the wide shots.',
      },
    },
  },
};

export const Loading: Story = { args: { submission: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    submission: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};

/** Not shared with managers, withdrawn, or not theirs: the server's 404, and the page does not say which. */
export const NotAvailable: Story = {
  args: {
    submission: {
      state: 'failed',
      error: new ApiError(404, 'Not Found', JSON.stringify({ message: 'Submission not found', id: 'not_found' })),
      retry: fn(),
    },
  },
};
