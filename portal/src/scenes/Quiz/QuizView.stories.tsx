import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { course, notPassed, passed, quiz } from './fixtures.ts';
import { QuizView } from './QuizView.tsx';

const meta = {
  title: 'Portal/QuizView',
  component: QuizView,
  decorators: [portalTheme],
  args: {
    course,
    quiz,
    attempt: { submit: fn(), reset: fn(), pending: false, refused: null },
    result: null,
    round: 0,
    onRetry: fn(),
    onWaitOver: fn(async () => undefined),
  },
} satisfies Meta<typeof QuizView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Questions: Story = {};

export const Sending: Story = { args: { attempt: { submit: fn(), reset: fn(), pending: true, refused: null } } };

/** Too many attempts: the server's reason above the button, the answers kept. */
export const Refused: Story = {
  args: {
    attempt: {
      submit: fn(),
      reset: fn(),
      pending: false,
      refused: { title: 'Too many attempts for now', text: 'Please wait a few minutes, then submit again. Your answers are kept on this page.' },
    },
  },
};

/** Not passed, and the quiz asks for a pause: each answer right or wrong, no key, and when the next try opens. */
export const NotPassed: Story = { args: { result: notPassed } };

/** Passed, finishing the course: the key with explanations, and the certificate. */
export const Passed: Story = { args: { result: passed, quiz: { ...quiz, bestScore: 100, passed: true, attemptCount: 2 } } };

/** Opened again during the pause: no questions are sent until it is over. */
export const Waiting: Story = {
  args: { quiz: { ...quiz, questions: [], bestScore: 66, attemptCount: 1, retryAt: '2026-11-20T10:18:00.000Z', retryInSeconds: 1080 } },
};

export const NoQuestionsYet: Story = { args: { quiz: { ...quiz, questions: [], retryWaitMinutes: 0 } } };
