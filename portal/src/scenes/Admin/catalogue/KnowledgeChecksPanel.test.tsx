import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDetailDto, ModuleDto, QuizEditDto, QuizSummaryDto } from '@atrium/common';
import { useCourse } from '../../../api/courses.ts';
import { admin, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { KnowledgeChecksPanel } from './KnowledgeChecksPanel.tsx';
import { LONG_TEST_MS } from '../../../test/limits.ts';

const modules = [
  { id: 11, courseId: 3, title: 'Phone photography', description: '', duration: 60, orderIndex: 1, isCompleted: false },
  { id: 12, courseId: 3, title: 'Consent', description: '', duration: 60, orderIndex: 2, isCompleted: false },
] as ModuleDto[];

const course = { id: 3, title: 'Photos', passMark: 80, quizRequired: false, modules, steps: [] } as unknown as CourseDetailDto;

const summaries: QuizSummaryDto[] = [
  { id: 40, title: 'Phones check', afterModuleId: 11, questionCount: 2, requiredForCertificate: false, bestScore: null, passed: false },
  { id: 41, title: 'Final check', afterModuleId: null, questionCount: 3, requiredForCertificate: true, bestScore: null, passed: false },
];

const stored: QuizEditDto = {
  id: 40,
  courseId: 3,
  title: 'Phones check',
  afterModuleId: 11,
  version: 2,
  attemptCount: 2,
  questionsPerAttempt: null,
  shuffleOptions: false,
  retryWaitMinutes: 0,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Which lens?',
      explanation: 'The main one is sharpest.',
      options: [
        { id: 'a', text: 'Main', correct: true },
        { id: 'b', text: 'Ultra-wide', correct: false },
      ],
    },
    {
      id: 'q2',
      type: 'truefalse',
      prompt: 'Zoom is fine.',
      explanation: null,
      options: [
        { id: 't', text: 'True', correct: false },
        { id: 'f', text: 'False', correct: true },
      ],
    },
  ],
};

function answers(extra: Record<string, unknown> = {}, quizzes = summaries) {
  return mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses/3/quizzes': ok({ quizzes }),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

/** The panel as the course page draws it: from the course query that a save refreshes. */
function PanelFromServer() {
  const stored = useCourse(3);
  return stored.data ? <KnowledgeChecksPanel course={stored.data} modules={modules} /> : null;
}

const renderPanel = (overrides: Partial<CourseDetailDto> = {}) => renderScene(<KnowledgeChecksPanel course={{ ...course, ...overrides }} modules={modules} />);

describe('KnowledgeChecksPanel', () => {
  it('lists the quizzes where they sit in the course, the final one marked as required', async () => {
    answers();
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Quizzes in course order' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Phones check');
    expect(first).toHaveTextContent('After module 1: Phone photography · 2 questions');
    expect(second).toHaveTextContent('At the end of the course · 3 questions');
    expect(second).toHaveTextContent('Final quiz: required for the certificate');
  });

  it('says when there is no quiz yet, and warns when the certificate requires one', async () => {
    answers({}, []);
    renderPanel({ quizRequired: true });
    expect(await screen.findByText(/No knowledge checks yet/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('this course has no quiz yet');
  });

  it('saves the pass mark and the certificate rule, refusing a pass mark outside 1–100 first', async () => {
    const api = answers({ 'PUT /api/courses/3': ok({}) });
    const user = userEvent.setup();
    renderPanel();
    const settings = await screen.findByRole('form', { name: 'Knowledge check settings' });
    const passMark = within(settings).getByLabelText(/Pass mark/);
    await user.clear(passMark);
    await user.type(passMark, '101');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByText('Pass mark must be a whole number from 1 to 100')).toBeInTheDocument();
    expect(passMark).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/courses/3')).toHaveLength(0);
    await user.clear(passMark);
    await user.type(passMark, '70');
    await user.click(within(settings).getByRole('checkbox', { name: /Certificate requires passing the final quiz/ }));
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Knowledge check settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/courses/3')[0]?.body).toEqual({ passMark: 70, quizRequired: true });
  });

  it('says the settings were saved when the course comes back with them and redraws the form', async () => {
    let saved = { ...course };
    answers({
      'GET /api/courses/3': () => ok(saved),
      // The list refreshes a little after the course, as on a real connection: by then the form
      // has been redrawn from the saved course.
      'GET /api/courses/3/quizzes': async () => {
        if (saved.passMark !== course.passMark) await new Promise((resolve) => setTimeout(resolve, 50));
        return ok({ quizzes: summaries });
      },
      'PUT /api/courses/3': ({ body }: { body: unknown }) => {
        saved = { ...saved, ...(body as Partial<CourseDetailDto>) };
        return ok(saved);
      },
    });
    const user = userEvent.setup();
    renderScene(<PanelFromServer />);
    const settings = await screen.findByRole('form', { name: 'Knowledge check settings' });
    await user.clear(within(settings).getByLabelText(/Pass mark/));
    await user.type(within(settings).getByLabelText(/Pass mark/), '70');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Knowledge check settings saved')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Knowledge check settings' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Pass mark/)).toHaveValue('70');
  });

  it(
    'adds a quiz: says what is missing before sending, then sends every question with its correct answers',
    async () => {
      const api = answers({ 'POST /api/courses/3/quizzes': { status: 201, body: { ...stored, id: 42, title: 'New check' } } }, []);
      const user = userEvent.setup();
      renderPanel();
      await user.click(await screen.findByRole('button', { name: /Add Quiz/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a knowledge check' });
      await user.click(within(dialog).getByRole('button', { name: 'Add quiz' }));
      const summary = within(dialog).getByRole('alert', { name: /things to fix before saving/ });
      expect(summary).toHaveTextContent('Title: Give the quiz a title');
      expect(summary).toHaveTextContent('Question 1, the answers: Mark the correct answer');
      await waitFor(() => expect(within(dialog).getByLabelText(/^Title/)).toHaveFocus());
      expect(api.callsTo('POST', '/api/courses/3/quizzes')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText(/^Title/), 'New check');
      await user.selectOptions(within(dialog).getByLabelText('Position in the course'), 'After module 2: Consent');
      await user.type(within(dialog).getByLabelText(/^Question 1: Question text/), 'Who signs?');
      const answers1 = within(dialog).getByRole('group', { name: 'Question 1: Answers' });
      await user.type(within(answers1).getByRole('textbox', { name: 'Answer 1' }), 'Parent');
      await user.type(within(answers1).getByRole('textbox', { name: 'Answer 2' }), 'Teacher');
      await user.click(within(answers1).getByRole('radio', { name: 'Answer 1 is correct' }));
      await user.type(within(dialog).getByLabelText('Question 1: Explanation (optional)'), 'Only a parent or carer can.');

      await user.click(within(dialog).getByRole('button', { name: /Add question/ }));
      await user.selectOptions(within(dialog).getByLabelText('Question 2: Type'), 'Multiple choice');
      await user.type(within(dialog).getByLabelText(/^Question 2: Question text/), 'Which need consent?');
      const answers2 = within(dialog).getByRole('group', { name: 'Question 2: Answers' });
      await user.click(within(answers2).getByRole('button', { name: /Add answer/ }));
      for (const [index, text] of ['Named child', 'Face', 'Empty room'].entries()) {
        await user.type(within(answers2).getByRole('textbox', { name: `Answer ${index + 1}` }), text);
      }
      await user.click(within(answers2).getByRole('checkbox', { name: 'Answer 1 is correct' }));
      await user.click(within(answers2).getByRole('checkbox', { name: 'Answer 2 is correct' }));

      await user.click(within(dialog).getByRole('button', { name: /Add question/ }));
      await user.selectOptions(within(dialog).getByLabelText('Question 3: Type'), 'True or false');
      await user.type(within(dialog).getByLabelText(/^Question 3: Question text/), 'Consent lasts forever.');
      await user.click(within(within(dialog).getByRole('group', { name: 'Question 3: Answers' })).getByRole('radio', { name: 'False' }));

      await user.click(within(dialog).getByRole('button', { name: 'Add quiz' }));
      expect(await screen.findByText('Quiz added')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/courses/3/quizzes')[0]?.body).toEqual({
        title: 'New check',
        afterModuleId: 12,
        questionsPerAttempt: null,
        shuffleOptions: false,
        retryWaitMinutes: 0,
        questions: [
          {
            type: 'single',
            prompt: 'Who signs?',
            explanation: 'Only a parent or carer can.',
            options: [
              { text: 'Parent', correct: true },
              { text: 'Teacher', correct: false },
            ],
          },
          {
            type: 'multiple',
            prompt: 'Which need consent?',
            explanation: null,
            options: [
              { text: 'Named child', correct: true },
              { text: 'Face', correct: true },
              { text: 'Empty room', correct: false },
            ],
          },
          {
            type: 'truefalse',
            prompt: 'Consent lasts forever.',
            explanation: null,
            options: [
              { text: 'True', correct: false },
              { text: 'False', correct: true },
            ],
          },
        ],
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    LONG_TEST_MS,
  );

  it(
    'edits a quiz: says attempts keep their version, keeps ids, reorders questions, shows the server’s field errors',
    async () => {
      let puts = 0;
      const api = answers({
        // Once saved, the quiz comes back at its next version, as the server's does.
        'GET /api/courses/3/quizzes/40': () => ok({ ...stored, version: puts > 1 ? 3 : 2 }),
        'GET /api/courses/3/quizzes': async () => {
          if (puts > 1) await new Promise((resolve) => setTimeout(resolve, 50));
          return ok({ quizzes: summaries });
        },
        'PUT /api/courses/3/quizzes/40': () =>
          puts++ === 0
            ? { status: 400, body: { message: 'Invalid quiz', id: 'bad_request', errors: { 'questions[0].prompt': 'This question is used twice' } } }
            : ok({ ...stored, version: 3 }),
      });
      const user = userEvent.setup();
      renderPanel();
      await user.click(await screen.findByRole('button', { name: 'Edit Phones check' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit “Phones check”' });
      expect(await within(dialog).findByText('2 attempts keep the version they answered.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Question 1: Question text/)).toHaveValue('Which lens?');
      await user.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
      expect(within(dialog).getByLabelText(/^Question 1: Question text/)).toHaveValue('Zoom is fine.');
      await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
      expect(await within(dialog).findByText('This question is used twice')).toBeInTheDocument();
      expect(within(dialog).getByRole('alert', { name: /One thing to fix/ })).toHaveTextContent('Question 1, the question: This question is used twice');
      await user.type(within(dialog).getByLabelText(/^Question 1: Question text/), ' Really?');
      await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
      expect(await screen.findByText('Quiz saved')).toBeInTheDocument();
      const body = api.callsTo('PUT', '/api/courses/3/quizzes/40')[1]?.body as { questions: { id: string; prompt: string; options: { id: string }[] }[] };
      expect(body.questions.map((question) => [question.id, question.prompt])).toEqual([
        ['q2', 'Zoom is fine. Really?'],
        ['q1', 'Which lens?'],
      ]);
      expect(body.questions[0]!.options.map((option) => option.id)).toEqual(['t', 'f']);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    LONG_TEST_MS,
  );

  it(
    'sets questions per attempt, shuffled answers and a wait, refusing what the API’s schema refuses first',
    async () => {
      const api = answers({
        'GET /api/courses/3/quizzes/40': ok(stored),
        'PUT /api/courses/3/quizzes/40': ok({ ...stored, version: 3 }),
      });
      const user = userEvent.setup();
      renderPanel();
      await user.click(await screen.findByRole('button', { name: 'Edit Phones check' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit “Phones check”' });
      const perAttempt = await within(dialog).findByLabelText('Questions per attempt');
      const wait = within(dialog).getByLabelText('Wait after a failed attempt (minutes)');
      await user.type(perAttempt, '3');
      await user.type(wait, '20000');
      await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
      const summary = within(dialog).getByRole('alert', { name: /2 things to fix/ });
      expect(summary).toHaveTextContent('Questions per attempt: Questions per attempt can be at most the 2 questions of the quiz');
      expect(summary).toHaveTextContent('Wait after a failed attempt: The wait after a failed attempt must be a whole number of minutes from 0 to 10,080');
      expect(api.callsTo('PUT', '/api/courses/3/quizzes/40')).toHaveLength(0);

      await user.clear(perAttempt);
      await user.type(perAttempt, '1');
      await user.clear(wait);
      await user.type(wait, '30');
      await user.click(within(dialog).getByRole('checkbox', { name: /Shuffle the answers/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
      expect(await screen.findByText('Quiz saved')).toBeInTheDocument();
      expect(api.callsTo('PUT', '/api/courses/3/quizzes/40')[0]?.body).toMatchObject({ questionsPerAttempt: 1, shuffleOptions: true, retryWaitMinutes: 30 });
    },
    LONG_TEST_MS,
  );

  it(
    'keeps pasted text over a limit whole, counts it and refuses it with the limit (no maxlength cutting it)',
    async () => {
      const api = answers({ 'GET /api/courses/3/quizzes/40': ok(stored), 'PUT /api/courses/3/quizzes/40': ok({ ...stored, version: 3 }) });
      const user = userEvent.setup();
      renderPanel();
      await user.click(await screen.findByRole('button', { name: 'Edit Phones check' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit “Phones check”' });
      const prompt = await within(dialog).findByLabelText(/^Question 1: Question text/);
      expect(prompt).not.toHaveAttribute('maxlength');
      expect(within(dialog).getByLabelText(/^Title/)).not.toHaveAttribute('maxlength');
      await user.clear(prompt);
      await user.click(prompt);
      await user.paste('x'.repeat(1_200));
      expect(prompt).toHaveValue('x'.repeat(1_200));
      expect(within(dialog).getByText('1,200 / 1,000 characters (200 over the limit)')).toBeInTheDocument();
      const answer = within(within(dialog).getByRole('group', { name: 'Question 1: Answers' })).getByRole('textbox', { name: 'Answer 1' });
      expect(answer).not.toHaveAttribute('maxlength');
      await user.clear(answer);
      await user.click(answer);
      await user.paste('y'.repeat(510));
      expect(within(dialog).getByText('510 / 500 characters (10 over the limit)')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
      const summary = within(dialog).getByRole('alert', { name: /2 things to fix/ });
      expect(summary).toHaveTextContent('Question 1, the question: The question can be at most 1,000 characters');
      expect(summary).toHaveTextContent('Question 1, answer 1: An answer can be at most 500 characters');
      expect(api.callsTo('PUT', '/api/courses/3/quizzes/40')).toHaveLength(0);
    },
    LONG_TEST_MS,
  );

  it('deletes a quiz once confirmed', async () => {
    const api = answers({ 'DELETE /api/courses/3/quizzes/41': { status: 204 } });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete Final check' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this quiz?' });
    expect(confirm).toHaveTextContent('Attempts already made and certificates already issued keep their record.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete quiz' }));
    expect(await screen.findByText('Quiz deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/courses/3/quizzes/41')).toHaveLength(1);
  });
});
