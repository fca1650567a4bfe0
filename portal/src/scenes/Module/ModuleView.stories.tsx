import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ModuleDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { ModuleView, VideoPlaceholder, type ModuleContent, type ModuleLesson, type ModulePage } from './ModuleView.tsx';

const ready = (data: ModuleContent): ModulePage => ({ state: 'ready', data });

const module: ModuleDto = {
  id: 2,
  courseId: 5,
  title: 'Photographing events without faces',
  description: 'Backs, hands and wide shots: how to show a sports day, a nativity or a science fair so that no child can be recognised.',
  duration: 720,
  orderIndex: 2,
  isCompleted: false,
};

const lesson: ModuleLesson = {
  course: { id: 5, title: 'Smartphone photography for school marketing' },
  module,
  position: 'Module 2 of 5',
  previous: { kind: 'video', id: 1, title: 'Light, angles and the school building', isCompleted: true, duration: 540 },
  next: { kind: 'quiz', id: 7, title: 'Check: faces and consent', isCompleted: false, questionCount: 6, bestScore: null, requiredForCertificate: true },
  player: <VideoPlaceholder loading={false} />,
  completion: { isCompleted: false, isSaving: false, canComplete: true, offerComplete: true, onComplete: fn() },
  watching: null,
  resources: null,
  comments: null,
};

const meta = {
  title: 'Portal/ModuleView',
  component: ModuleView,
  decorators: [portalTheme],
  parameters: { layout: 'fullscreen' },
  args: { courseId: '5', page: ready({ kind: 'lesson', lesson }) },
} satisfies Meta<typeof ModuleView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A module with Mark as Complete offered (here without a video: the player says so). */
export const Lesson: Story = {};

/** The module's progress still loading: the theatre waits. */
export const PlayerLoading: Story = { args: { page: ready({ kind: 'lesson', lesson: { ...lesson, player: <VideoPlaceholder loading /> } }) } };

export const Completed: Story = {
  args: {
    page: ready({ kind: 'lesson', lesson: { ...lesson, module: { ...module, isCompleted: true }, completion: { ...lesson.completion, isCompleted: true } } }),
  },
};

/** A course that requires watching: Mark as Complete waits for 90 % of the video, and the note says how much is left. */
export const RequiresWatching: Story = {
  args: {
    page: ready({
      kind: 'lesson',
      lesson: {
        ...lesson,
        completion: { ...lesson.completion, offerComplete: false },
        watching: { playedSeconds: 250, requiredSeconds: 648, playerUnavailable: false },
      },
    }),
  },
};

/** Every other step done: the knowledge check still stands between the learner and the certificate. */
export const QuizToPass: Story = {
  args: {
    page: ready({
      kind: 'lesson',
      lesson: {
        ...lesson,
        next: undefined,
        completion: { ...lesson.completion, isCompleted: true },
        quizToPass: {
          kind: 'quiz',
          id: 7,
          title: 'Check: faces and consent',
          isCompleted: false,
          questionCount: 6,
          bestScore: 60,
          requiredForCertificate: true,
        },
      },
    }),
  },
};

export const Loading: Story = { args: { page: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    page: { state: 'failed', error: serverNotAnswering(), retry: fn() },
  },
};

export const NotEnrolled: Story = { args: { page: ready({ kind: 'notEnrolled', courseTitle: 'Smartphone photography for school marketing' }) } };

export const ModuleMissing: Story = { args: { page: ready({ kind: 'moduleMissing', courseTitle: 'Smartphone photography for school marketing' }) } };

export const LongContent: Story = {
  args: {
    page: ready({
      kind: 'lesson',
      lesson: {
        ...lesson,
        course: { id: 5, title: 'Podcasting for Schools: Recording, Editing and Publishing a Termly Podcast With Pupils, Parents and Staff' },
        module: {
          ...module,
          title: 'Recording in a classroom that echoes: blankets, bookshelves and the cupboard under the stairs',
          description:
            'Most schools have no studio, and do not need one.\nWe walk round a primary school with a phone and a £20 microphone, and find the three rooms that sound best, then fix the one you will actually use.',
        },
        position: 'Module 12 of 14',
      },
    }),
  },
};
