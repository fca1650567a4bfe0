import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { column } from '../../../storybook/decorators.tsx';
import type { CourseCardCourse } from './CourseCard.tsx';
import { CourseGridView } from './CourseGridView.tsx';

const courses: CourseCardCourse[] = [
  {
    id: 1,
    title: 'Smartphone Photography for School Marketing',
    description: 'Take photos of school life that parents stop scrolling for, with the phone already in your pocket.',
    price: 49900,
    totalModules: 7,
  },
  {
    id: 2,
    title: 'Creating Videos for School Marketing',
    description: 'Plan, film and edit short videos that show what your school is really like.',
    price: 49900,
    totalModules: 8,
  },
  {
    id: 3,
    title: 'Running a School Podcast',
    description: 'A shorter course on starting a school podcast that families and staff will listen to.',
    price: 19900,
    totalModules: 5,
  },
  {
    id: 4,
    title: 'Marketing Photos Without Identifying Children',
    description: 'Show the energy of school life while protecting pupils’ identities.',
    price: 49900,
    totalModules: 6,
  },
];

const meta = {
  title: 'Widgets/Course grid',
  component: CourseGridView,
  decorators: [column(1120)],
  args: {
    state: { status: 'ready', courses },
    linkFor: (_course: CourseCardCourse) => 'https://atrium.example/auth',
    actionLabel: 'Get Started',
    onRetry: fn(),
  },
} satisfies Meta<typeof CourseGridView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Courses: Story = {};

export const Loading: Story = { args: { state: { status: 'loading' } } };

/** `currency="USD"`: dollar prices where a course has one; the podcast course shows pounds and says so. */
export const InDollars: Story = {
  args: {
    currency: 'USD',
    state: {
      status: 'ready',
      courses: courses.map((course) => ({ ...course, prices: course.id === 3 ? { GBP: course.price } : { GBP: course.price, USD: 59900 } })),
    },
  },
};

/** Card rules: a book icon for an unknown subject, "Multiple" without a module count. */
export const OtherCourses: Story = {
  args: {
    state: {
      status: 'ready',
      courses: [
        { id: 5, title: 'Writing a Prospectus Parents Read', description: 'Structure, tone and the pages that matter most.', price: 29900 },
        { id: 6, title: 'Podcasting for Governors', description: 'Short audio updates for your governing body.', price: 9900, totalModules: 1 },
      ],
    },
  },
};

export const SignedIn: Story = {
  args: { linkFor: (course) => `https://atrium.example/checkout/${course.id}`, actionLabel: 'Purchase Course' },
};

export const Error: Story = { args: { state: { status: 'error', message: '500: Internal Server Error' } } };

export const Empty: Story = { args: { state: { status: 'ready', courses: [] } } };
