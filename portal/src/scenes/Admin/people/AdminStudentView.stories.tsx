import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StudentDetailDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { panelSlot, serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { AdminStudentView } from './AdminStudentView.tsx';

const student: StudentDetailDto = {
  id: 42,
  email: 'priya.shah@stmarys.sch.uk',
  firstName: 'Priya',
  lastName: 'Shah',
  company: "St Mary's Primary School",
  profileImageUrl: null,
  role: 'learner',
  createdAt: '2026-09-01T10:00:00.000Z',
  enrollmentCount: 2,
  stats: { totalEnrollments: 2, completedModules: 9, averageProgress: 64 },
};

const meta = {
  title: 'Portal/Admin/AdminStudentView',
  component: AdminStudentView,
  decorators: [portalTheme],
  args: {
    student: { state: 'ready', data: student },
    wellFormed: true,
    panels: () => ({
      enrollments: panelSlot('enrollments', 'Enrollments', 'Each course with its progress and what was played; enroll in another, or unenroll.'),
      certificates: panelSlot('certificates', 'Certificates', 'Each certificate earned, with its number and expiry.'),
    }),
  },
} satisfies Meta<typeof AdminStudentView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Learner: Story = {};

/** An admin's own account: the badge says so. */
export const Admin: Story = { args: { student: { state: 'ready', data: { ...student, role: 'admin', company: null } } } };

export const Loading: Story = { args: { student: { state: 'loading' } } };

export const Failed: Story = { args: { student: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

/** An address that names no account. */
export const NotFound: Story = { args: { student: { state: 'loading' }, wellFormed: false } };

export const LongContent: Story = {
  args: {
    student: {
      state: 'ready',
      data: {
        ...student,
        firstName: 'Maximiliana-Josephine',
        lastName: 'Featherstonehaugh-Wolstenholme',
        email: 'maximiliana-josephine.featherstonehaugh-wolstenholme@blessed-cardinal-newman.sch.uk',
        company: 'The Blessed Cardinal Newman Roman Catholic Voluntary Aided Primary School and Nursery',
      },
    },
  },
};
