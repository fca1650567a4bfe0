import type { Meta, StoryObj } from '@storybook/react-vite';
import type { TrustOverviewDto, TrustStatusRowDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { TrustView } from './TrustView.tsx';

const zero = { not_started: 0, in_progress: 0, due_soon: 0, overdue: 0, completed: 0, renewal_due: 0 };

const overview: TrustOverviewDto = {
  trust: { id: 3, name: 'Greenway Learning Trust' },
  schools: [
    {
      schoolId: 4,
      name: 'Elm Academy',
      members: 42,
      counts: { ...zero, not_started: 12, in_progress: 9, due_soon: 3, overdue: 2, completed: 14, renewal_due: 2 },
    },
    { schoolId: 5, name: 'Oak Primary School', members: 18, counts: { ...zero, not_started: 2, in_progress: 4, completed: 12 } },
    { schoolId: 6, name: 'Willow Infant and Nursery School', members: 0, counts: zero },
  ],
  totals: { ...zero, not_started: 14, in_progress: 13, due_soon: 3, overdue: 2, completed: 26, renewal_due: 2 },
  courses: [
    { id: 11, title: 'Smartphone photography for school marketing', schoolIds: [4, 5] },
    { id: 12, title: 'Photos that do not identify children', schoolIds: [4, 6] },
  ],
};

const row = (over: Partial<TrustStatusRowDto>): TrustStatusRowDto => ({
  schoolId: 4,
  schoolName: 'Elm Academy',
  userId: 21,
  name: 'Cal Cole',
  email: 'cal.cole@elm.sch.uk',
  courseId: 11,
  courseTitle: 'Smartphone photography for school marketing',
  status: 'in_progress',
  dueOn: '2026-12-18',
  completedAt: null,
  certificateNumber: null,
  expiresOn: null,
  watching: { playedSeconds: 1260, durationSeconds: 2400, completedWithoutPlaying: 0 },
  ...over,
});

const rows: TrustStatusRowDto[] = [
  row({ groups: ['Office staff'] }),
  row({
    userId: 22,
    name: 'Priya Natarajan',
    email: 'p.natarajan@elm.sch.uk',
    status: 'completed',
    dueOn: null,
    completedAt: '2026-10-02T14:10:00.000Z',
    certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
    watching: { playedSeconds: 2400, durationSeconds: 2400, completedWithoutPlaying: 0 },
  }),
  row({
    userId: 23,
    schoolId: 5,
    schoolName: 'Oak Primary School',
    name: 'Dan Hughes',
    email: 'dhughes@oak.sch.uk',
    courseId: 12,
    courseTitle: 'Photos that do not identify children',
    status: 'overdue',
    dueOn: '2026-11-01',
    movedAt: '2026-09-04T08:00:00.000Z',
    watching: { playedSeconds: 0, durationSeconds: 1500, completedWithoutPlaying: 0 },
  }),
  row({
    userId: 24,
    name: 'Mo Ahmed',
    email: 'mo.ahmed@elm.sch.uk',
    status: 'not_started',
    dueOn: null,
    watching: { playedSeconds: 0, durationSeconds: 2400, completedWithoutPlaying: 0 },
  }),
];

const noop = () => undefined;

const meta = {
  title: 'Portal/TrustView',
  component: TrustView,
  decorators: [portalTheme],
  args: {
    overview,
    filter: { schoolId: null, courseId: null, status: null, page: 0 },
    onFilter: noop,
    staff: { state: 'ready', data: { rows, total: 87, pageSize: 25, updating: false } },
    onDownload: noop,
    downloading: false,
    groups: [
      { id: 1, name: 'Office staff' },
      { id: 2, name: 'Marketing leads' },
    ],
    onMove: noop,
  },
} satisfies Meta<typeof TrustView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};

/** One school chosen in the table and a status in the filter: the row is marked, the list narrowed. */
export const Filtered: Story = {
  args: {
    filter: { schoolId: 4, courseId: 11, status: 'in_progress', page: 0 },
    staff: { state: 'ready', data: { rows: [rows[0]!], total: 1, pageSize: 25, updating: false } },
  },
};

export const StaffLoading: Story = { args: { staff: { state: 'loading' } } };

export const StaffFailed: Story = {
  args: { staff: { state: 'failed', error: serverNotAnswering(), retry: noop } },
};

export const NobodyMatches: Story = {
  args: {
    filter: { schoolId: 5, courseId: null, status: 'overdue', page: 0 },
    staff: { state: 'ready', data: { rows: [], total: 0, pageSize: 25, updating: false } },
  },
};

/** A trust the agency has just made: no schools yet, so nothing to filter or move. */
export const NoSchools: Story = {
  args: {
    overview: { ...overview, schools: [], totals: zero, courses: [] },
    staff: { state: 'ready', data: { rows: [], total: 0, pageSize: 25, updating: false } },
    groups: [],
  },
};

/** The register being prepared: its button says so and waits. */
export const Downloading: Story = { args: { downloading: true } };
