import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { AdminReviewView } from './AdminReviewView.tsx';
import { review, submission } from './reviewFixtures.ts';

const meta = {
  title: 'Portal/Admin/AdminReviewView',
  component: AdminReviewView,
  decorators: [portalTheme],
  args: {
    review: { state: 'ready', data: review },
    wellFormed: true,
    onDecide: fn(async () => null),
    downloadUrl: (fileId: number) => `/api/submission-files/${fileId}?download=1`,
  },
} satisfies Meta<typeof AdminReviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A round waiting for a review: the feedback and the two decisions. */
export const Waiting: Story = {};

/** A reviewed round shows its decision and the feedback sent, and no buttons. */
export const Approved: Story = {
  args: {
    review: {
      state: 'ready',
      data: {
        ...review,
        submission: { ...submission, status: 'approved', reviewedAt: '2026-11-20T09:00:00.000Z', feedback: 'Lovely: all three can go on the website.' },
      },
    },
  },
};

/** The learner took the round back to change it. */
export const Withdrawn: Story = {
  args: { review: { state: 'ready', data: { ...review, submission: { ...submission, status: 'draft', withdrawnAt: '2026-11-19T15:00:00.000Z' } } } },
};

export const Loading: Story = { args: { review: { state: 'loading' } } };

export const Failed: Story = { args: { review: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

/** An address that names no submission. */
export const NotFound: Story = { args: { review: { state: 'loading' }, wellFormed: false } };
