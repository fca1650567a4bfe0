import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { panelSlot, serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { AdminView, type AdminPanels } from './AdminView.tsx';

const panels: AdminPanels = {
  courses: panelSlot('courses', 'Courses', 'The catalogue: add, edit and order courses and their modules.'),
  enroll: panelSlot('enroll', 'Quick Enroll', 'Give a student a course without a payment.'),
  students: panelSlot('students', 'Students', 'Search every learner, their schools and progress.'),
  inbox: panelSlot('inbox', 'Messages', 'What visitors sent from the contact form.'),
  schools: panelSlot('schools', 'Schools', 'Every school, its members and licences.'),
  sales: panelSlot('sales', 'Sales', 'Orders, invoices and card payments.'),
  trusts: panelSlot('trusts', 'Trusts', 'Groups of schools bought for together.'),
  scheduler: null,
  admins: null,
  accessibility: null,
};

const meta = {
  title: 'Portal/AdminView',
  component: AdminView,
  decorators: [portalTheme],
  args: {
    overview: { state: 'ready', data: { totalStudents: 12840, totalEnrollments: 20311, totalCourses: 6, unhandledMessages: 3 } },
    awaitingReviews: 4,
    exportButton: (
      <Button variant="secondary" onClick={fn()}>
        <Icon name="download" size={18} /> Export to Excel
      </Button>
    ),
    panels,
  },
} satisfies Meta<typeof AdminView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The overview's figures, four submissions waiting on the Reviews link, and the panels in their places. */
export const Ready: Story = {};

/** Nothing waiting: the Reviews link carries no count. */
export const NothingWaiting: Story = { args: { awaitingReviews: 0 } };

export const OverviewLoading: Story = { args: { overview: { state: 'loading' } } };

export const OverviewFailed: Story = { args: { overview: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };
