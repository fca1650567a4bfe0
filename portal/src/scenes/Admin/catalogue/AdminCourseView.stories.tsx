import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ModuleDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { ApiError } from '../../../api/client.ts';
import { AdminCourseView, type AdminCourseFacts } from './AdminCourseView.tsx';

const moduleOf = (id: number, title: string, fields: Partial<ModuleDto> = {}): ModuleDto => ({
  id,
  courseId: 1,
  title,
  description: 'What the module covers.',
  vimeoVideoId: `10000${id}`,
  vimeoHash: null,
  duration: 600,
  orderIndex: id,
  isCompleted: false,
  ...fields,
});

const light = moduleOf(2, 'Light and composition', { duration: 930, vimeoHash: 'a1b2c3' });
const modules = [moduleOf(1, 'Why photographs sell a school'), light, moduleOf(3, 'Consent and pupils’ privacy', { duration: 0, vimeoVideoId: undefined })];

const course: AdminCourseFacts = {
  id: 1,
  title: 'Smartphone Photography for School Marketing',
  price: 49900,
  totalModules: 3,
  totalDuration: 1530,
};

const meta = {
  title: 'Portal/Admin/AdminCourseView',
  component: AdminCourseView,
  decorators: [portalTheme],
  parameters: { route: '/admin/courses/1' },
  args: {
    course: { state: 'ready', data: { course, modules } },
    editing: null,
    onEditingChange: fn(),
    onMove: fn(),
    announcement: '',
    pendingDelete: null,
    onRequestDelete: fn(),
    onConfirmDelete: fn(),
    deleting: false,
  },
} satisfies Meta<typeof AdminCourseView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three modules in order; the knowledge checks, assignments and resources panels are containers of their own (`panels`), not drawn here. */
export const Ready: Story = {};

/** A module being edited: its row is marked and the form's panel opens beside the list (the form itself is the `editor` slot). */
export const Editing: Story = { args: { editing: { kind: 'edit', module: light }, editor: <p>The module form and its captions.</p> } };

export const Empty: Story = {
  args: { course: { state: 'ready', data: { course: { ...course, price: 0, totalModules: 0, totalDuration: 0 }, modules: [] } } },
};

export const Loading: Story = { args: { course: { state: 'loading' } } };

export const Failed: Story = { args: { course: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

export const NotFound: Story = {
  args: { course: { state: 'failed', error: new ApiError(404, 'Not Found', JSON.stringify({ message: 'Course not found', id: 'not_found' })), retry: fn() } },
};

export const LongContent: Story = {
  args: {
    course: {
      state: 'ready',
      data: {
        course: {
          ...course,
          title: 'Writing a Prospectus That Parents Read to the End, With Photographs That Respect Every Pupil’s Privacy',
          prices: { GBP: 49900, EUR: 57900, USD: 0 },
          totalModules: 9,
          totalDuration: 5400,
        },
        modules: [
          ...modules,
          moduleOf(4, 'A very long module title that goes on to explain, at some length, how to brief the parents before the photographer arrives'),
          ...[5, 6, 7, 8, 9].map((id) => moduleOf(id, `Module ${id}: a worked example`)),
        ],
      },
    },
  },
};
