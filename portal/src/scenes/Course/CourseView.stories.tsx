import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseCaptionsDto, CourseDetailDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { CourseView } from './CourseView.tsx';

const modules: CourseDetailDto['modules'] = [
  {
    id: 1,
    courseId: 5,
    title: 'Light, angles and the school building',
    description: 'Where to stand and when to shoot.',
    duration: 540,
    orderIndex: 1,
    isCompleted: true,
  },
  {
    id: 2,
    courseId: 5,
    title: 'Photographing events without faces',
    description: 'Backs, hands and wide shots.',
    duration: 720,
    orderIndex: 2,
    isCompleted: true,
  },
  {
    id: 3,
    courseId: 5,
    title: 'Editing on the phone',
    description: 'Crop, straighten and export for the website.',
    duration: 600,
    orderIndex: 3,
    isCompleted: false,
  },
];

const enrolled: CourseDetailDto = {
  id: 5,
  title: 'Smartphone photography for school marketing',
  description: 'Take photos for the website, the prospectus and social media with the phone in your pocket, and keep every child unidentifiable.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 3,
  totalDuration: 1860,
  isEnrolled: true,
  completedModules: 2,
  progressPercentage: 50,
  lastWatchedModule: { id: 3, title: 'Editing on the phone' },
  modules,
  steps: [
    { kind: 'video', id: 1, title: modules[0]!.title, isCompleted: true, duration: 540 },
    { kind: 'video', id: 2, title: modules[1]!.title, isCompleted: true, duration: 720 },
    { kind: 'quiz', id: 7, title: 'Check: faces and consent', isCompleted: false, questionCount: 6, bestScore: null, requiredForCertificate: true },
    { kind: 'video', id: 3, title: modules[2]!.title, isCompleted: false, duration: 600 },
    { kind: 'assignment', id: 9, title: 'Send three photos from your school', isCompleted: false, status: 'not_started', approvalRequired: true },
  ],
  passMark: 80,
  quizRequired: true,
  schoolName: 'Oak Primary School',
  cpdHours: 1.5,
  ceus: 0.15,
  cpdStandards: ["Teachers' Standards 8"],
};

const captions: CourseCaptionsDto = {
  courseId: 5,
  modules: modules.map((module) => ({ moduleId: module.id, title: module.title, languages: module.id === 3 ? [] : [{ lang: 'en', label: 'English' }] })),
};

const meta = {
  title: 'Portal/CourseView',
  component: CourseView,
  decorators: [portalTheme],
  args: {
    course: { state: 'ready', data: enrolled },
    wellFormed: true,
    captions,
    price: null,
    certificateHref: '/certificates',
    onEnroll: fn(),
    enrolling: false,
  },
} satisfies Meta<typeof CourseView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Part way, through the school's licence: a knowledge check to pass, captions on two of three videos. */
export const InProgress: Story = {};

export const NotEnrolled: Story = {
  args: {
    course: {
      state: 'ready',
      data: {
        ...enrolled,
        isEnrolled: false,
        completedModules: 0,
        progressPercentage: 0,
        lastWatchedModule: null,
        schoolName: null,
        modules: modules.map((module) => ({ ...module, isCompleted: false })),
        steps: enrolled.steps.map((step) => ({ ...step, isCompleted: false })),
      },
    },
    price: { amount: 49900, currency: 'GBP', free: false, text: '£499.00', note: null },
  },
};

export const Finished: Story = {
  args: {
    course: {
      state: 'ready',
      data: {
        ...enrolled,
        completedModules: 3,
        progressPercentage: 100,
        modules: modules.map((module) => ({ ...module, isCompleted: true })),
        steps: enrolled.steps.map((step) => ({ ...step, isCompleted: true, ...(step.kind === 'assignment' ? { status: 'approved' as const } : {}) })),
      },
    },
    certificateHref: '/certificate/ATR-7F3K-9Q2M-4X8C-1D2E',
  },
};

export const NoModulesYet: Story = {
  args: {
    course: {
      state: 'ready',
      data: { ...enrolled, totalModules: 0, completedModules: 0, progressPercentage: 0, modules: [], steps: [], lastWatchedModule: null },
    },
    captions: { courseId: 5, modules: [] },
  },
};

export const Loading: Story = { args: { course: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    course: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};

export const NotFound: Story = { args: { course: { state: 'loading' }, wellFormed: false } };
