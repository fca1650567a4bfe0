import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseInsightsDto, WeeklyInsightsDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { StaffInsightsPanel } from './StaffInsightsPanel.tsx';

// A trust's staff over three weeks, and its first course's funnel (what /trust's Insights shows).
const weekly: WeeklyInsightsDto = {
  range: { from: '2026-10-26', to: '2026-11-15' },
  weeks: [
    { week: '2026-10-26', enrollments: 14, completions: 3, certificates: 2 },
    { week: '2026-11-02', enrollments: 6, completions: 9, certificates: 5 },
    { week: '2026-11-09', enrollments: 2, completions: 4, certificates: 4 },
  ],
  // Brought up to date 20 minutes before the stories' clock.
  updatedAt: '2026-11-20T09:40:00.000Z',
};

const funnel: CourseInsightsDto = {
  range: weekly.range,
  course: { id: 1, title: 'Smartphone photography for schools' },
  funnel: { steps: 4, enrolled: 40, started: 31, halfWay: 22, completed: 12, certified: 11 },
  steps: [
    { kind: 'video', id: 11, title: 'Light and framing', completed: 29, rate: 0.725 },
    { kind: 'video', id: 12, title: 'Photos that do not identify children', completed: 20, rate: 0.5 },
    { kind: 'quiz', id: 5, title: 'Check your understanding', completed: 15, rate: 0.375 },
    { kind: 'assignment', id: 7, title: 'Three photos of your school', completed: 12, rate: 0.3 },
  ],
};

const courses = [
  { id: 1, name: 'Smartphone photography for schools' },
  { id: 2, name: 'Podcasting for school leaders' },
];

const schools = [
  { id: 4, name: 'Oak Academy' },
  { id: 5, name: 'Elm Primary School' },
];

const meta = {
  title: 'Portal/StaffInsightsPanel',
  component: StaffInsightsPanel,
  decorators: [portalTheme],
  args: {
    lead: "Completions week by week across the trust's schools, and how far staff get through each course.",
    filters: { from: '', to: '', courseId: null, schoolId: null },
    onFilters: fn(),
    courseId: 1,
    courses,
    schools,
    weekly: { state: 'ready', data: weekly },
    course: { state: 'ready', data: funnel },
    filePrefix: 'trust-3',
    noCourses: "No courses are licensed for the trust's schools yet, so there is no course to follow.",
  },
} satisfies Meta<typeof StaffInsightsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A trust manager's view of every school: the weekly completions and the first course's funnel. */
export const Trust: Story = {};

/** A school's own manager: no school filter. */
export const School: Story = {
  args: {
    lead: "Your staff's completions week by week, and how far they get through each course.",
    schools: undefined,
    filePrefix: 'school-4',
    noCourses: 'No courses are licensed for this school yet, so there is no course to follow.',
  },
};

/** A school of the trust chosen that holds no licence of its own: the trust's courses are not offered there. */
export const SchoolWithoutLicence: Story = {
  args: {
    filters: { from: '', to: '', courseId: null, schoolId: 5 },
    courseId: null,
    courses: [],
    weekly: { state: 'ready', data: { ...weekly, weeks: weekly.weeks.map((week) => ({ ...week, enrollments: 0, completions: 0, certificates: 0 })) } },
    course: { state: 'loading' },
    noCourses: 'Elm Primary School holds no course licence yet, so there is no course to follow there.',
  },
};

export const Loading: Story = { args: { weekly: { state: 'loading' }, course: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    weekly: { state: 'failed', error: serverNotAnswering(), retry: fn() },
    course: { state: 'failed', error: serverNotAnswering(), retry: fn() },
  },
};
