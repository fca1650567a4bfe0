import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { AdminInsightsView } from './AdminInsightsView.tsx';
import { courseInsights, courses, retention, schools, weekly } from './insightsFixtures.ts';

const funnel = courseInsights(1, 'Safeguarding');

// The course's videos, as the scene lists them for the retention curve.
const modules = funnel.steps.flatMap((step, index) => (step.kind === 'video' ? [{ id: step.id, title: step.title, step: index + 1 }] : []));

const meta = {
  title: 'Portal/Admin/AdminInsightsView',
  component: AdminInsightsView,
  decorators: [portalTheme],
  args: {
    filters: { from: '', to: '', courseId: null, schoolId: null },
    onFilters: fn(),
    courses: courses.map(({ id, title }) => ({ id, name: title })),
    schools,
    // Brought up to date 20 minutes before the stories' clock.
    weekly: { state: 'ready', data: { ...weekly, updatedAt: '2026-11-20T09:40:00.000Z' } },
    rollup: { onUpdate: fn(), updating: false, scheduled: true, problem: null },
    courseTitle: funnel.course.title,
    funnel: { state: 'ready', data: funnel },
    funnelOf: 'course',
    modules,
    moduleId: 11,
    onModule: fn(),
    retention: { state: 'ready', data: retention },
    filename: (kind: 'weekly' | 'revenue') => `${kind}-2026-01-05-2026-01-25`,
  },
} satisfies Meta<typeof AdminInsightsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three weeks of figures, revenue in two currencies, the first course's funnel and a module's curve. */
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
