import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDetailDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { course, notPassed, passed, quiz as quizFixture } from './fixtures.ts';
import { QuizScene } from './QuizScene.tsx';
import { LONG_TEST_MS } from '../../test/limits.ts';

// The stories' course and quiz; here a failed attempt may be tried again at once.
const quiz = { ...quizFixture, retryWaitMinutes: 0 };
const failed = { ...notPassed, retryAt: null, retryInSeconds: 0 };

function answers(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses/5': ok(course),
    'GET /api/quizzes/40': ok(quiz),
    'GET /api/dashboard': ok({ courses: [], stats: { overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 } }),
    'GET /api/certificates': ok([]),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

const renderQuiz = () => renderScene(<QuizScene />, { route: '/courses/5/quizzes/40', path: '/courses/:courseId/quizzes/:quizId' });

async function answerAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByRole('group', { name: /Question 1 of 3/ })).getByRole('radio', { name: 'The parent or carer' }));
  await user.click(within(screen.getByRole('group', { name: /Question 2 of 3/ })).getByRole('checkbox', { name: 'A named child holding a certificate' }));
  await user.click(within(screen.getByRole('group', { name: /Question 3 of 3/ })).getByRole('radio', { name: 'False' }));
}

describe('QuizScene', () => {
  it('shows every question in a group named by its prompt, radios or checkboxes by type, and where it is in the course', async () => {
    answers();
    renderQuiz();
    expect(await screen.findByRole('heading', { level: 1, name: 'Final check' })).toBeInTheDocument();
    // A knowledge check is a step of the course, never "Module 3 of 3" (issue 53 item 4).
    expect(screen.getAllByText(/Step 3 of 3/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Module 3 of 3/)).not.toBeInTheDocument();
    expect(screen.getByText('Pass mark 80%')).toBeInTheDocument();
    const single = screen.getByRole('group', { name: /Question 1 of 3\s*Who signs the photo consent form for a pupil\?/ });
    expect(within(single).getAllByRole('radio')).toHaveLength(2);
    const multiple = screen.getByRole('group', { name: /Which of these photos need consent before they go on the website\?\s*Select all that apply/ });
    expect(within(multiple).getAllByRole('checkbox')).toHaveLength(3);
    const trueFalse = screen.getByRole('group', { name: /Consent given in Reception lasts until the child leaves the school/ });
    expect(within(trueFalse).getByRole('radio', { name: 'True' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous: Photographing groups/ })).toHaveAttribute('href', '/courses/5/modules/12');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('names the unanswered questions and sends nothing', async () => {
    const api = answers();
    const user = userEvent.setup();
    renderQuiz();
    await user.click(await screen.findByRole('radio', { name: 'The parent or carer' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Answer every question before submitting');
    expect(within(summary).getByRole('link', { name: 'Question 2 has no answer' })).toHaveAttribute('href', '#question-q2');
    expect(within(summary).getByRole('link', { name: 'Question 3 has no answer' })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByText('Choose at least one answer.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/quizzes/40/attempts')).toHaveLength(0);
  });

  it(
    'sends the answers, moves the focus to the score, and after a failure marks the wrong questions without the right answers',
    async () => {
      const api = answers({ 'POST /api/quizzes/40/attempts': { status: 201, body: failed } });
      const user = userEvent.setup();
      renderQuiz();
      await screen.findByRole('heading', { level: 1, name: 'Final check' });
      await answerAll(user);
      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      const heading = await screen.findByRole('heading', { name: 'You scored 66%' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(api.callsTo('POST', '/api/quizzes/40/attempts')[0]?.body).toEqual({
        answers: [
          { questionId: 'q1', optionIds: ['a'] },
          { questionId: 'q2', optionIds: ['c'] },
          { questionId: 'q3', optionIds: ['f'] },
        ],
      });
      expect(screen.getByText(/Not passed: the pass mark is 80%/)).toBeInTheDocument();
      expect(screen.getByText(/2 of 3 questions correct/)).toBeInTheDocument();
      const second = screen.getByRole('heading', { name: /Question 2: incorrect/ }).closest('li')!;
      expect(within(second).getByText('A child’s face in a crowd at sports day').closest('li')).not.toHaveTextContent(/Correct answer|Your answer/);
      expect(within(second).getByText('A named child holding a certificate').closest('li')).toHaveTextContent('Your answer');
      expect(screen.queryByText('Correct answer')).not.toBeInTheDocument();
      expect(screen.queryByText(/Any child who can be recognised/)).not.toBeInTheDocument();
      expect(screen.getByText(/One question is marked incorrect below\. The right answers and the explanations are shown once you pass/)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /Question 1: correct/ })).toBeInTheDocument();
    },
    LONG_TEST_MS,
  );

  it(
    'Try again starts an empty form with the focus on the first answer; a pass shows the certificate',
    async () => {
      let call = 0;
      answers({ 'POST /api/quizzes/40/attempts': () => ({ status: 201, body: call++ === 0 ? failed : passed }) });
      const user = userEvent.setup();
      renderQuiz();
      await screen.findByRole('heading', { level: 1, name: 'Final check' });
      await answerAll(user);
      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      await user.click(await screen.findByRole('button', { name: /Try again/ }));
      const first = await screen.findByRole('radio', { name: 'The parent or carer' });
      await waitFor(() => expect(first).toHaveFocus());
      expect(first).not.toBeChecked();
      await answerAll(user);
      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      expect(await screen.findByRole('heading', { name: 'You scored 100%' })).toBeInTheDocument();
      expect(screen.getByText('Passed: the pass mark is 80%.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View your certificate' })).toHaveAttribute('href', '/certificate/ATR-7F3K-9Q2M-4X8C-1D2E');
      // Passed: the key and the explanations.
      const second = screen.getByRole('heading', { name: /Question 2: correct/ }).closest('li')!;
      expect(within(second).getByText('A child’s face in a crowd at sports day').closest('li')).toHaveTextContent('Correct answer');
      expect(within(second).getByText('Any child who can be recognised needs consent, named or not.')).toBeInTheDocument();
    },
    LONG_TEST_MS,
  );

  it(
    'passed with only the assignment’s review left: says the assignment is waiting for review, not "finish the remaining modules" (issue 53)',
    async () => {
      const withAssignment: CourseDetailDto = {
        ...course,
        totalSteps: 4,
        completedSteps: 2,
        steps: [...course.steps, { kind: 'assignment', id: 70, title: 'Your consent form', isCompleted: false, status: 'submitted', approvalRequired: true }],
      };
      answers({
        'GET /api/courses/5': ok(withAssignment),
        'POST /api/quizzes/40/attempts': { status: 201, body: { ...passed, courseCompleted: false, certificateNumber: null } },
      });
      const user = userEvent.setup();
      renderQuiz();
      await screen.findByRole('heading', { level: 1, name: 'Final check' });
      expect(screen.getAllByText(/Step 3 of 4/).length).toBeGreaterThan(0);
      await answerAll(user);
      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      expect(await screen.findByRole('heading', { name: 'You scored 100%' })).toBeInTheDocument();
      expect(screen.getByText('Your assignment is waiting for review: your certificate comes once it is approved.')).toBeInTheDocument();
      expect(screen.queryByText(/remaining modules/)).not.toBeInTheDocument();
    },
    LONG_TEST_MS,
  );

  it(
    'after a failed attempt with a wait, says when the next opens instead of offering Try again',
    async () => {
      answers({ 'POST /api/quizzes/40/attempts': { status: 201, body: { ...failed, retryAt: '2026-11-27T10:30:00.000Z', retryInSeconds: 1800 } } });
      const user = userEvent.setup();
      renderQuiz();
      await screen.findByRole('heading', { level: 1, name: 'Final check' });
      await answerAll(user);
      await user.click(screen.getByRole('button', { name: 'Submit answers' }));
      await screen.findByRole('heading', { name: 'You scored 66%' });
      const note = screen.getByRole('note', { name: /You can try again at/ });
      expect(note).toHaveTextContent('Time left: 30 minutes');
      expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
    },
    LONG_TEST_MS,
  );

  it('opened during the wait: no questions, when the next attempt opens, and the pause among the facts', async () => {
    answers({
      'GET /api/quizzes/40': ok({
        ...quiz,
        questions: [],
        attemptCount: 1,
        bestScore: 33,
        retryWaitMinutes: 60,
        retryAt: '2026-11-27T11:00:00.000Z',
        retryInSeconds: 2_520,
      }),
    });
    renderQuiz();
    expect(await screen.findByRole('note', { name: /You can try again at/ })).toHaveTextContent('Time left: 42 minutes');
    expect(screen.getByText('3 questions')).toBeInTheDocument();
    expect(screen.getByText('A pause of 1 hour after an attempt that does not pass')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No questions yet' })).not.toBeInTheDocument();
  });

  it('shows a 429 clearly, keeps the answers and moves the focus to it', async () => {
    answers({ 'POST /api/quizzes/40/attempts': fail(429, 'Too many quiz attempts: try again in 10 minutes.') });
    const user = userEvent.setup();
    renderQuiz();
    await screen.findByRole('heading', { level: 1, name: 'Final check' });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts for now');
    expect(alert).toHaveTextContent('Too many quiz attempts: try again in 10 minutes.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
  });

  it('shows the server’s reason for a 400', async () => {
    answers({ 'POST /api/quizzes/40/attempts': fail(400, 'Answer every question: q2 has no answer') });
    const user = userEvent.setup();
    renderQuiz();
    await screen.findByRole('heading', { level: 1, name: 'Final check' });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your answers were not accepted');
    expect(alert).toHaveTextContent('Answer every question: q2 has no answer');
  });

  it('shows the best score so far', async () => {
    answers({ 'GET /api/quizzes/40': ok({ ...quiz, bestScore: 66, attemptCount: 2 }) });
    renderQuiz();
    expect(await screen.findByText(/Your best score: 66% after 2 attempts/)).toBeInTheDocument();
    expect(screen.getByText('Not passed yet')).toBeInTheDocument();
  });

  it('says to enroll when the quiz is refused (403), and “Quiz not found” for a 404', async () => {
    answers({ 'GET /api/quizzes/40': fail(403, 'Not enrolled') });
    const { unmount } = renderQuiz();
    expect(await screen.findByRole('heading', { name: 'Enroll to take this quiz' })).toBeInTheDocument();
    unmount();
    answers({ 'GET /api/quizzes/40': fail(404, 'Quiz not found') });
    renderQuiz();
    expect(await screen.findByRole('heading', { name: 'Quiz not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute('href', '/courses/5');
  });

  it('offers a retry when the quiz cannot be loaded, and says when it has no questions', async () => {
    answers({ 'GET /api/quizzes/40': fail(500, 'boom') });
    const { unmount } = renderQuiz();
    expect(await screen.findByRole('heading', { name: 'This quiz could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    unmount();
    answers({ 'GET /api/quizzes/40': ok({ ...quiz, questions: [] }) });
    renderQuiz();
    expect(await screen.findByRole('heading', { name: 'No questions yet' })).toBeInTheDocument();
  });

  it('never asks the server for a quiz whose id is not a number', async () => {
    const api = answers();
    renderScene(<QuizScene />, { route: '/courses/5/quizzes/..%2Fadmin', path: '/courses/:courseId/quizzes/:quizId' });
    expect(await screen.findByRole('heading', { name: 'Quiz not found' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/quizzes') || call.path.startsWith('/api/admin'))).toEqual([]);
  });
});
