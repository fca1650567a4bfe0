import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ReviewQueueItemDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { ApiError } from '../../../api/client.ts';
import { AdminReviewsView } from './AdminReviewsView.tsx';

const courses = [
  { id: 5, title: 'School videos on a phone' },
  { id: 6, title: 'Photos that do not identify children' },
];
const schools = [
  { id: 2, name: 'Oakfield Primary School' },
  { id: 3, name: 'St Mary’s Church of England Academy' },
];

const item = (n: number, over: Partial<ReviewQueueItemDto> = {}): ReviewQueueItemDto => ({
  submissionId: 300 + n,
  round: 1,
  status: 'submitted',
  submittedAt: `2026-11-${String(10 + n).padStart(2, '0')}T09:30:00.000Z`,
  reviewedAt: null,
  fileCount: 2,
  hasLink: false,
  learner: { id: 40 + n, name: ['Priya Shah', 'Tom Okafor', 'Grace Li'][n % 3]!, email: `learner${n}@oakfield.sch.uk` },
  school: { id: 2, name: 'Oakfield Primary School' },
  course: courses[0]!,
  assignment: { id: 60, title: 'Your storyboard and voice-over' },
  ...over,
});

const items = [
  item(1),
  item(2, { round: 2, fileCount: 1, school: { id: 3, name: 'St Mary’s Church of England Academy' } }),
  item(3, { school: null, course: courses[1]!, assignment: { id: 61, title: 'Three photos of school life, none identifying a child' } }),
];

const meta = {
  title: 'Portal/AdminReviewsView',
  component: AdminReviewsView,
  decorators: [portalTheme],
  args: {
    filters: { status: 'awaiting', courseId: null, schoolId: null, page: 0 },
    onFilters: fn(),
    courses,
    schools,
    counts: { state: 'ready', data: { awaiting: 3, changesRequested: 1, approved: 12 } },
    queue: { state: 'ready', data: { items, total: 3 } },
    pageSize: 20,
  },
} satisfies Meta<typeof AdminReviewsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three submissions wait, oldest first: a second round, one from another school, one from a learner with none. */
export const Awaiting: Story = {};

/** The counts and the queue still on their way. */
export const Loading: Story = { args: { counts: { state: 'loading' }, queue: { state: 'loading' } } };

/** The queue could not be read: the server's sentence and Try again; the counts stand. */
export const Failed: Story = {
  args: {
    queue: {
      state: 'failed',
      error: new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The server is busy: try again in a moment.', id: 'service_unavailable' })),
      retry: fn(),
    },
  },
};

/** Nothing waits for a review. */
export const NothingWaits: Story = {
  args: { counts: { state: 'ready', data: { awaiting: 0, changesRequested: 0, approved: 12 } }, queue: { state: 'ready', data: { items: [], total: 0 } } },
};

/** A course and a school chosen, and nothing under them. */
export const NothingForTheFilters: Story = {
  args: {
    filters: { status: 'awaiting', courseId: 6, schoolId: 3, page: 0 },
    counts: { state: 'ready', data: { awaiting: 0, changesRequested: 0, approved: 0 } },
    queue: { state: 'ready', data: { items: [], total: 0 } },
  },
};

/** Approved rounds, with when they were reviewed. */
export const Approved: Story = {
  args: {
    filters: { status: 'approved', courseId: null, schoolId: null, page: 0 },
    queue: { state: 'ready', data: { items: items.map((row) => ({ ...row, status: 'approved', reviewedAt: '2026-11-25T14:00:00.000Z' })), total: 3 } },
  },
};

/** The second page of 45: the pager says where it is. */
export const SecondPage: Story = {
  args: {
    filters: { status: 'awaiting', courseId: null, schoolId: null, page: 1 },
    counts: { state: 'ready', data: { awaiting: 45, changesRequested: 1, approved: 12 } },
    queue: { state: 'ready', data: { items, total: 45 } },
    pageSize: 3,
  },
};
