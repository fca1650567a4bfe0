import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseSummaryDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { overPanel } from '../../../../../storybook/portalFixtures.tsx';
import { CourseFormView } from './CourseFormView.tsx';

const course: CourseSummaryDto = {
  id: 4,
  title: 'Smartphone Photography for School Marketing',
  description: 'Plan, shoot and edit photos of school life with the phone already in your pocket, ready for the website and social media.',
  price: 49900,
  prices: { GBP: 49900, USD: 59900 },
  thumbnail: 'https://cdn.example/courses/photography.jpg',
  salesVideoId: '76979871',
  totalModules: 8,
  totalDuration: 83 * 60,
  validityMonths: 24,
  requiresWatching: true,
  cpdHours: 1.5,
  cpdStandards: ["Teachers' Standards 8"],
};

const meta = {
  title: 'Portal/Admin/CourseFormView',
  component: CourseFormView,
  // The form opens over the admin's course list, which its scrim dims.
  decorators: [overPanel('courses', 'Courses', 'The catalogue: add a course, or edit one learners already see.'), portalTheme],
  parameters: { route: '/admin' },
  args: { course: null, open: true, onOpenChange: fn(), saving: false, refusal: null, onSave: fn(), onMissing: fn() },
} satisfies Meta<typeof CourseFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** New Course: every field empty. */
export const New: Story = {};

/** Editing a course with dollar prices, a certificate validity, CPD hours and a standard. */
export const Edit: Story = { args: { course } };

/** Saving: neither button can be pressed. */
export const Saving: Story = { args: { course, saving: true } };

/** The server refused with no field to blame: its sentence above the buttons, the form as typed. */
export const Refused: Story = { args: { course, refusal: 'The service is temporarily unavailable. Please try again shortly.' } };
