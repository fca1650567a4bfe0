import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ModuleDto, QuizEditDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { QuizEditorView } from './QuizEditorView.tsx';

const moduleOf = (id: number, title: string): ModuleDto => ({
  id,
  courseId: 1,
  title,
  description: '',
  duration: 600,
  orderIndex: id,
  isCompleted: false,
});

const modules = [moduleOf(1, 'Why photographs sell a school'), moduleOf(2, 'Light and composition'), moduleOf(3, 'Consent and pupils’ privacy')];

const quiz: QuizEditDto = {
  id: 7,
  courseId: 1,
  title: 'Consent check',
  afterModuleId: 3,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Who gives consent for a pupil’s photograph on the website?',
      explanation: 'The school’s consent form, signed by a parent or carer, covers the website.',
      options: [
        { id: 'a', text: 'A parent or carer', correct: true },
        { id: 'b', text: 'The class teacher', correct: false },
        { id: 'c', text: 'The photographer', correct: false },
      ],
    },
    {
      id: 'q2',
      type: 'truefalse',
      prompt: 'A pupil’s full name may go under their photograph.',
      explanation: null,
      options: [
        { id: 't', text: 'True', correct: false },
        { id: 'f', text: 'False', correct: true },
      ],
    },
  ],
  version: 3,
  attemptCount: 12,
  questionsPerAttempt: null,
  shuffleOptions: true,
  retryWaitMinutes: 30,
};

const meta = {
  title: 'Portal/Admin/QuizEditorView',
  component: QuizEditorView,
  decorators: [
    // The dialog opens over the course's page (it is drawn in a portal, outside the story's root).
    (Story) => (
      <>
        <Container>
          <PageHeading title="Smartphone Photography for School Marketing" />
        </Container>
        <Story />
      </>
    ),
    portalTheme,
  ],
  parameters: { route: '/admin/courses/1' },
  args: {
    quiz: { state: 'ready', data: quiz },
    editingTitle: 'Consent check',
    modules,
    saving: false,
    onSave: fn(() => Promise.resolve(undefined)),
    onClose: fn(),
  },
} satisfies Meta<typeof QuizEditorView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A quiz learners have already taken: the note says saving makes a new version. */
export const Ready: Story = {};

/** A new knowledge check: one blank question, placed at the end of the course. */
export const New: Story = { args: { quiz: { state: 'new' }, editingTitle: undefined } };

export const Loading: Story = { args: { quiz: { state: 'loading' } } };

export const Failed: Story = { args: { quiz: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

export const Saving: Story = { args: { saving: true } };

export const LongContent: Story = {
  args: {
    editingTitle: 'A knowledge check on consent, privacy and the safe use of pupils’ photographs in every channel',
    quiz: {
      state: 'ready',
      data: {
        ...quiz,
        title: 'A knowledge check on consent, privacy and the safe use of pupils’ photographs in every channel',
        attemptCount: 0,
        questions: [
          ...quiz.questions,
          {
            id: 'q3',
            type: 'multiple',
            prompt:
              'Which of these may appear beside a photograph of a pupil on the school’s public social media account, once a parent or carer has signed the consent form that covers social media?',
            explanation: 'Only the first name, and only where the form says so; never the full name, the class or the address.',
            options: [
              { id: 'a', text: 'Their first name, where the consent form allows it', correct: true },
              { id: 'b', text: 'The name of the event the photograph was taken at', correct: true },
              { id: 'c', text: 'Their full name and class', correct: false },
              { id: 'd', text: 'The street they live on', correct: false },
            ],
          },
        ],
      },
    },
  },
};
