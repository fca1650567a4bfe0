import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseInsightsDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { AdminInsightsView } from './AdminInsightsView.tsx';

const weeks = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'];
const weekly: WeeklyInsightsDto = {
  range: { from: '2026-10-05', to: '2026-11-22' },
  updatedAt: '2026-11-20T09:40:00.000Z',
  weeks: weeks.map((week, index) => ({
    week,
    enrollments: [12, 18, 9, 24, 31, 17, 22][index]!,
    completions: [2, 5, 4, 8, 11, 9, 12][index]!,
    certificates: [1, 4, 3, 7, 9, 8, 10][index]!,
  })),
  revenue: weeks.flatMap((week, index) => [
    { week, currency: 'GBP', amount: [149700, 249500, 99800, 349300, 449100, 199600, 299400][index]! },
    ...(index % 2 ? [{ week, currency: 'USD', amount: 59900 * index }] : []),
  ]),
};

const funnel: CourseInsightsDto = {
  range: weekly.range,
  course: { id: 1, title: 'Smartphone photography for school marketing' },
  funnel: { steps: 6, enrolled: 133, started: 118, halfWay: 84, completed: 51, certified: 47 },
  steps: [
    { kind: 'video', id: 11, title: 'Light, angles and the school building', completed: 112, rate: 0.84 },
    { kind: 'video', id: 12, title: 'Photographing events without faces', completed: 96, rate: 0.72 },
    { kind: 'quiz', id: 5, title: 'Check: faces and consent', completed: 80, rate: 0.6 },
    { kind: 'video', id: 13, title: 'Editing on the phone', completed: 71, rate: 0.53 },
    { kind: 'video', id: 14, title: 'Posting to the website and social media', completed: 60, rate: 0.45 },
    { kind: 'assignment', id: 7, title: 'Send three photos from your school', completed: 51, rate: 0.38 },
  ],
};

const retention: RetentionDto = {
  module: { id: 11, courseId: 1, title: 'Light, angles and the school building', duration: 540 },
  viewers: 118,
  averagePosition: 402,
  buckets: Array.from({ length: 18 }, (_, index) => {
    const share = Math.max(0.42, 1 - index * 0.035 - (index > 12 ? 0.08 : 0));
    return { startSecond: index * 30, viewers: Math.round(118 * share), share };
  }),
};

const modules = [
  { id: 11, title: 'Light, angles and the school building', step: 1 },
  { id: 12, title: 'Photographing events without faces', step: 2 },
  { id: 13, title: 'Editing on the phone', step: 4 },
  { id: 14, title: 'Posting to the website and social media', step: 5 },
];

const meta = {
  title: 'Portal/Admin/AdminInsightsView',
  component: AdminInsightsView,
  decorators: [portalTheme],
  args: {
    filters: { from: '', to: '', courseId: null, schoolId: null },
    onFilters: fn(),
    courses: [
      { id: 1, name: 'Smartphone photography for school marketing' },
      { id: 2, name: 'Photos that do not identify children' },
    ],
    schools: [{ id: 4, name: "St Mary's Primary School" }],
    weekly: { state: 'ready', data: weekly },
    rollup: { onUpdate: fn(), updating: false, scheduled: true, problem: null },
    courseTitle: funnel.course.title,
    funnel: { state: 'ready', data: funnel },
    funnelOf: 'course',
    modules,
    moduleId: 11,
    onModule: fn(),
    retention: { state: 'ready', data: retention },
    filename: (kind: 'weekly' | 'revenue') => `${kind}-2026-10-05-2026-11-22`,
  },
} satisfies Meta<typeof AdminInsightsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Seven weeks of figures, revenue in two currencies, the first course's funnel and a module's curve. */
export const Ready: Story = {};

/** "Update now" pressed and refused: the note says why, the charts stay. */
export const UpdateFailed: Story = {
  args: { rollup: { onUpdate: fn(), updating: false, scheduled: true, problem: 'Not updated: the job is already running' } },
};

export const Loading: Story = {
  args: { weekly: { state: 'loading' }, funnel: { state: 'loading' }, courseTitle: '', modules: [], moduleId: null, retention: { state: 'waiting' } },
};

export const Failed: Story = {
  args: {
    weekly: { state: 'failed', error: serverNotAnswering(), retry: fn() },
    funnel: { state: 'failed', error: serverNotAnswering(), retry: fn() },
    retention: { state: 'failed', error: serverNotAnswering(), retry: fn() },
  },
};

/** A new site: no courses, so no funnel and no curve. */
export const NoCourses: Story = {
  args: {
    courses: [],
    courseTitle: '',
    funnel: { state: 'ready', data: null },
    funnelOf: 'catalogue',
    modules: [],
    moduleId: null,
    retention: { state: 'waiting' },
  },
};

/** A course of knowledge checks only: no video, so no curve. */
export const NoModules: Story = { args: { modules: [], moduleId: null, retention: { state: 'noModules' } } };
