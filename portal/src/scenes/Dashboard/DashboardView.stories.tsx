import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { DashboardCourseDto, DashboardStatsDto, MyTrainingDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { DashboardView } from './DashboardView.tsx';
import { NoAccessHelp } from './NoAccessHelp.tsx';
import { TrustManagerCard } from './TrustManagerCard.tsx';

const course = (id: number, title: string, fields: Partial<DashboardCourseDto> = {}): DashboardCourseDto => ({
  id,
  title,
  description: 'Plan, film and share what your school is really like, with the phone already in your pocket.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 6,
  totalDuration: 7200,
  cpdHours: 2,
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  ...fields,
});

const courses: DashboardCourseDto[] = [
  course(1, 'Smartphone Photography for School Marketing', {
    isEnrolled: true,
    completedModules: 3,
    progressPercentage: 50,
    lastWatchedModule: { id: 13, title: 'Light and composition' },
  }),
  course(2, 'Safeguarding Annual Update', { isEnrolled: true, completedModules: 6, progressPercentage: 100, validityMonths: 12 }),
  course(3, 'Creating Videos for School Marketing', { price: 59900 }),
  course(4, 'Running a School Podcast', { price: 19900, totalModules: 4, totalDuration: 3600, cpdHours: undefined }),
];

const stats: DashboardStatsDto = { overallProgress: 75, enrolledCourses: 2, completedModules: 9, totalWatchTime: 3.5 };
const zeros: DashboardStatsDto = { overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 };

const training: MyTrainingDto[] = [{ courseId: 1, status: 'due_soon', dueOn: '2026-12-04', expiresOn: null }];

const meta = {
  title: 'Portal/DashboardView',
  component: DashboardView,
  decorators: [portalTheme],
  args: {
    name: 'Priya',
    dashboard: { state: 'ready', courses, stats },
    certificateHref: (courseId: number) => `/certificate/ATR-${courseId}`,
    trainingOf: (courseId: number) => training.find((entry) => entry.courseId === courseId),
  },
} satisfies Meta<typeof DashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A learner part-way through one course, with one finished (its certificate) and one due soon. */
export const Ready: Story = {};

/** The first visit of someone with courses but nothing watched yet. */
export const FirstVisit: Story = {
  args: {
    dashboard: {
      state: 'ready',
      courses: courses.map((entry) => ({ ...entry, completedModules: 0, progressPercentage: 0, lastWatchedModule: null })),
      stats: { ...zeros, enrolledCourses: 2 },
    },
  },
};

/** Staff with no course and no school yet: how they get access. */
export const NoAccess: Story = {
  args: {
    dashboard: { state: 'ready', courses: courses.map((entry) => ({ ...entry, isEnrolled: false, progressPercentage: 0, completedModules: 0 })), stats: zeros },
    whereToStart: <NoAccessHelp />,
    trainingOf: () => undefined,
  },
};

/** A trust's manager: the way to their trust instead. */
export const TrustManager: Story = {
  args: { ...NoAccess.args, whereToStart: <TrustManagerCard trustName="Northern Lights Academy Trust" /> },
};

/** A catalogue with nothing published yet. */
export const Empty: Story = { args: { dashboard: { state: 'ready', courses: [], stats: zeros } } };

export const Loading: Story = { args: { dashboard: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    dashboard: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};

/** Long names and a larger catalogue: the grid wraps and the cards keep their shape. */
export const LongContent: Story = {
  args: {
    name: 'Maximiliana-Josephine',
    dashboard: {
      state: 'ready',
      stats: { overallProgress: 33, enrolledCourses: 3, completedModules: 12, totalWatchTime: 14.5 },
      courses: [
        ...courses,
        course(5, 'Writing a Prospectus That Parents Read to the End, With Photographs That Respect Every Pupil’s Privacy', {
          isEnrolled: true,
          progressPercentage: 10,
          completedModules: 1,
          lastWatchedModule: { id: 51, title: 'Why parents stop reading after the first page, and what to put there instead' },
        }),
        course(6, 'Social Media Policy for Schools', { price: 9900 }),
        course(7, 'Open Days That Fill', { price: 29900 }),
      ],
    },
  },
};
