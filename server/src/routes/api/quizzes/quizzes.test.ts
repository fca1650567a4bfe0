import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizEditDto, QuizInput } from '@atrium/common';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});
afterAll(async () => {
  await server.close();
});

const THREE_QUESTIONS: QuizInput = {
  title: 'Safeguarding check',
  afterModuleId: null,
  questions: [
    {
      type: 'single',
      prompt: 'Who is the designated safeguarding lead?',
      explanation: 'The DSL is named in the policy.',
      options: [
        { text: 'The head teacher, always', correct: false },
        { text: 'The person named in the policy', correct: true },
        { text: 'Whoever is on duty', correct: false },
      ],
    },
    {
      type: 'multiple',
      prompt: 'Which are signs of neglect?',
      explanation: 'Both hunger and poor hygiene can be.',
      options: [
        { text: 'Persistent hunger', correct: true },
        { text: 'Poor hygiene', correct: true },
        { text: 'Good attendance', correct: false },
      ],
    },
    {
      type: 'truefalse',
      prompt: 'You should promise a child to keep a secret.',
      explanation: null,
      options: [
        { text: 'True', correct: false },
        { text: 'False', correct: true },
      ],
    },
  ],
};

async function learnerIn(courseId: number | null): Promise<{ client: TestClient; id: number }> {
  const user = await createUser(server.db);
  if (courseId !== null) await enroll(server.db, user.id, courseId);
  const client = server.client();
  await signIn(client, user);
  return { client, id: user.id };
}

async function courseWithQuiz(options: { quizRequired?: boolean; passMark?: number; modules?: number; input?: QuizInput } = {}) {
  const course = await createCourse(server, { quizRequired: options.quizRequired ?? false, passMark: options.passMark ?? 80 });
  const modules = [];
  for (let i = 0; i < (options.modules ?? 1); i += 1) modules.push(await createModule(server, course.id));
  const created = await admin.post<QuizEditDto>(`/api/courses/${course.id}/quizzes`, options.input ?? THREE_QUESTIONS);
  expect(created.status).toBe(201);
  return { course, modules, quiz: created.body };
}

/** Answers: the correct options of the edit view for the first `right` questions, a wrong one for the others. */
function answersFor(quiz: QuizEditDto, right: number): Answer[] {
  return quiz.questions.map((question, index) => {
    const correct = question.options.filter((option) => option.correct).map((option) => option.id!);
    const wrong = question.options.find((option) => !option.correct)!.id!;
    return { questionId: question.id, optionIds: index < right ? correct : [wrong] };
  });
}

/** Nothing a learner may read before submitting says which options are correct or explains them. */
function expectNoAnswers(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"correct"/);
  expect(text).not.toMatch(/"explanation"/);
  expect(text).not.toContain('The DSL is named in the policy.');
}

const attemptCount = async () => Number((await server.db('quizAttempts').count({ n: '*' }).first())!.n);

describe('admin editing', () => {
  it('creates a quiz with stable ids, and the edit view shows correct options and explanations', async () => {
    const { quiz } = await courseWithQuiz();
    expect(quiz).toMatchObject({ title: 'Safeguarding check', afterModuleId: null, version: 1, attemptCount: 0 });
    expect(quiz.questions).toHaveLength(3);
    expect(quiz.questions[0]!.explanation).toBe('The DSL is named in the policy.');
    expect(quiz.questions[1]!.options.map((option) => option.correct)).toEqual([true, true, false]);
    for (const question of quiz.questions) expect(question.id).toMatch(/^[A-Za-z0-9_-]+$/);
    const read = await admin.get<QuizEditDto>(`/api/courses/${quiz.courseId}/quizzes/${quiz.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(quiz);
  });

  it.each([
    [
      'a question with no correct option',
      {
        options: [
          { text: 'A', correct: false },
          { text: 'B', correct: false },
        ],
      },
      'questions.0.options',
    ],
    [
      'single choice with two correct options',
      {
        options: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      },
      'questions.0.options',
    ],
    [
      'true/false with three options',
      {
        type: 'truefalse',
        options: [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
          { text: 'Maybe', correct: false },
        ],
      },
      'questions.0.options',
    ],
    ['one option only', { options: [{ text: 'A', correct: true }] }, 'questions.0.options'],
    ['an empty prompt', { prompt: '  ' }, 'questions.0.prompt'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, change, field) => {
    const course = await createCourse(server);
    const question = { ...THREE_QUESTIONS.questions[0]!, ...change } as QuizInput['questions'][number];
    const response = await admin.post(`/api/courses/${course.id}/quizzes`, { ...THREE_QUESTIONS, questions: [question] });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toContain(field);
    expect(await server.db('quizzes').where({ courseId: course.id }).first()).toBeUndefined();
  });

  it('refuses a module of another course as the position, and unknown question ids on edit', async () => {
    const other = await createCourse(server);
    const foreign = await createModule(server, other.id);
    const course = await createCourse(server);
    const placed = await admin.post(`/api/courses/${course.id}/quizzes`, { ...THREE_QUESTIONS, afterModuleId: foreign.id });
    expect(placed.status).toBe(400);
    expect(placed.body.errors).toHaveProperty('afterModuleId');
    const { quiz } = await courseWithQuiz();
    const edited = await admin.put(`/api/courses/${quiz.courseId}/quizzes/${quiz.id}`, {
      ...THREE_QUESTIONS,
      questions: [{ ...THREE_QUESTIONS.questions[0]!, id: 'notaquestion' }],
    });
    expect(edited.status).toBe(400);
    expect(edited.body.errors).toHaveProperty('questions.0.id');
    expect((await admin.get<QuizEditDto>(`/api/courses/${quiz.courseId}/quizzes/${quiz.id}`)).body.version).toBe(1);
  });

  it('refuses a pass mark outside 1–100 on the course', async () => {
    const course = await createCourse(server);
    for (const passMark of [0, 101, 50.5]) {
      const response = await admin.put(`/api/courses/${course.id}`, { passMark });
      expect(response.status).toBe(400);
      expect(response.body.errors).toHaveProperty('passMark');
    }
    expect((await admin.put(`/api/courses/${course.id}`, { passMark: 60, quizRequired: true })).status).toBe(200);
    expect((await admin.get(`/api/courses/${course.id}`)).body).toMatchObject({ passMark: 60, quizRequired: true });
  });

  it('only admins edit: 401 signed out, 403 for a learner, 404 for an unknown or deleted quiz', async () => {
    const { course, quiz } = await courseWithQuiz();
    const { client: learner } = await learnerIn(course.id);
    const visitor = server.client();
    expect((await visitor.post(`/api/courses/${course.id}/quizzes`, THREE_QUESTIONS)).status).toBe(401);
    expect((await learner.post(`/api/courses/${course.id}/quizzes`, THREE_QUESTIONS)).status).toBe(403);
    expect((await learner.get(`/api/courses/${course.id}/quizzes/${quiz.id}`)).status).toBe(403);
    expect((await learner.put(`/api/courses/${course.id}/quizzes/${quiz.id}`, THREE_QUESTIONS)).status).toBe(403);
    expect((await learner.delete(`/api/courses/${course.id}/quizzes/${quiz.id}`)).status).toBe(403);
    expect((await admin.get(`/api/courses/${course.id}/quizzes/999999`)).status).toBe(404);
    const other = await createCourse(server);
    expect((await admin.get(`/api/courses/${other.id}/quizzes/${quiz.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/courses/${course.id}/quizzes/${quiz.id}`)).status).toBe(204);
    expect((await admin.get(`/api/courses/${course.id}/quizzes/${quiz.id}`)).status).toBe(404);
    expect((await learner.get(`/api/quizzes/${quiz.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/courses/${course.id}/quizzes`)).body).toEqual({ quizzes: [] });
  });
});

describe('taking a quiz', () => {
  it('never sends correct options or explanations before submitting, over every learner route', async () => {
    const { course, quiz } = await courseWithQuiz({ quizRequired: true });
    const { client } = await learnerIn(course.id);
    const reads = [
      await client.get(`/api/quizzes/${quiz.id}`),
      await client.get(`/api/quizzes/${quiz.id}/attempts`),
      await client.get(`/api/courses/${course.id}/quizzes`),
      await server.client().get(`/api/courses/${course.id}/quizzes`),
      await client.get(`/api/courses/${course.id}`),
      await client.get('/api/dashboard'),
      await client.get('/api/courses'),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      expectNoAnswers(read.body);
    }
    expect(reads[0]!.body).toMatchObject({
      id: quiz.id,
      courseId: course.id,
      passMark: 80,
      requiredForCertificate: true,
      bestScore: null,
      passed: false,
      attemptCount: 0,
    });
    expect(reads[0]!.body.questions[2]).toEqual({
      id: quiz.questions[2]!.id,
      type: 'truefalse',
      prompt: quiz.questions[2]!.prompt,
      options: quiz.questions[2]!.options.map(({ id, text }) => ({ id, text })),
    });
    expect(reads[1]!.body).toEqual({ attempts: [] });
  });

  it('grades each type on the server, keeps the best score, and shows the key with explanations only once passed', async () => {
    const { course, quiz } = await courseWithQuiz();
    const { client } = await learnerIn(course.id);
    // Single right; multiple with one of two correct options only (wrong: all required); true/false wrong.
    const partial = [
      { questionId: quiz.questions[0]!.id, optionIds: [quiz.questions[0]!.options[1]!.id] },
      { questionId: quiz.questions[1]!.id, optionIds: [quiz.questions[1]!.options[0]!.id] },
      { questionId: quiz.questions[2]!.id, optionIds: [quiz.questions[2]!.options[0]!.id] },
    ];
    const first = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: partial });
    expect(first.status).toBe(201);
    expect(first.body.attempt).toMatchObject({ score: 33, correctCount: 1, questionCount: 3, passed: false });
    expect(first.body.attempt.results.map((result: { correct: boolean }) => result.correct)).toEqual([true, false, false]);
    // Failed: which questions were wrong, never which options were right (issue 50).
    expectNoAnswers(first.body.attempt.results.map(({ correct: _correct, ...rest }: { correct: boolean }) => rest));
    expect(first.body).toMatchObject({ bestScore: 33, passed: false });

    const all = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 3) });
    expect(all.body.attempt).toMatchObject({ score: 100, correctCount: 3, passed: true, keyShown: true });
    expect(all.body.attempt.results[0].explanation).toBe('The DSL is named in the policy.');
    expect(all.body.attempt.results[1].options.map((option: { correct: boolean }) => option.correct)).toEqual([true, true, false]);
    const worse = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 2) });
    expect(worse.body.attempt).toMatchObject({ score: 66, passed: false });
    expect(worse.body).toMatchObject({ bestScore: 100, passed: true });

    const view = await client.get(`/api/quizzes/${quiz.id}`);
    expect(view.body).toMatchObject({ bestScore: 100, passed: true, attemptCount: 3 });
    const history = await client.get(`/api/quizzes/${quiz.id}/attempts`);
    expect(history.body.attempts.map((attempt: { score: number }) => attempt.score)).toEqual([66, 100, 33]);
    // Another learner sees none of them.
    const { client: other } = await learnerIn(course.id);
    expect((await other.get(`/api/quizzes/${quiz.id}/attempts`)).body).toEqual({ attempts: [] });
  });

  it.each([
    ['an unknown question id', (answers: Answer[]) => [...answers.slice(1), { questionId: 'nope', optionIds: answers[0]!.optionIds }], 'answers.2.questionId'],
    ['an unknown option id', (answers: Answer[]) => [{ ...answers[0]!, optionIds: ['nope'] }, ...answers.slice(1)], 'answers.0.optionIds'],
    [
      'a duplicated option id',
      (answers: Answer[]) => [answers[0]!, { ...answers[1]!, optionIds: [answers[1]!.optionIds[0]!, answers[1]!.optionIds[0]!] }, answers[2]!],
      'answers.1.optionIds',
    ],
    [
      'two options on a single-choice question',
      (answers: Answer[]) => [{ ...answers[0]!, optionIds: [...answers[0]!.optionIds, 'x'] }, ...answers.slice(1)],
      'answers.0.optionIds',
    ],
    [
      'two options on a true/false question',
      (answers: Answer[]) => [answers[0]!, answers[1]!, { ...answers[2]!, optionIds: ['a', 'b'] }],
      'answers.2.optionIds',
    ],
    ['an unanswered question', (answers: Answer[]) => answers.slice(0, 2), 'answers'],
    ['an empty selection', (answers: Answer[]) => [answers[0]!, answers[1]!, { ...answers[2]!, optionIds: [] }], 'answers.2.optionIds'],
    ['a question answered twice', (answers: Answer[]) => [answers[0]!, answers[0]!, answers[1]!, answers[2]!], 'answers.1.questionId'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, change, field) => {
    const { course, quiz } = await courseWithQuiz();
    const { client } = await learnerIn(course.id);
    const before = await attemptCount();
    const response = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: change(answersFor(quiz, 3)) });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
    expect(await attemptCount()).toBe(before);
    expect((await client.get(`/api/quizzes/${quiz.id}`)).body.attemptCount).toBe(0);
  });

  it('401 signed out, 403 without access to the course, 404 for an unknown quiz; admins may take it', async () => {
    const { quiz } = await courseWithQuiz();
    const answers = { answers: answersFor(quiz, 3) };
    const visitor = server.client();
    expect((await visitor.get(`/api/quizzes/${quiz.id}`)).status).toBe(401);
    expect((await visitor.post(`/api/quizzes/${quiz.id}/attempts`, answers)).status).toBe(401);
    const { client: outsider } = await learnerIn(null);
    for (const response of [
      await outsider.get(`/api/quizzes/${quiz.id}`),
      await outsider.post(`/api/quizzes/${quiz.id}/attempts`, answers),
      await outsider.get(`/api/quizzes/${quiz.id}/attempts`),
    ]) {
      expect(response.status).toBe(403);
      expectNoAnswers(response.body);
    }
    expect((await outsider.get('/api/quizzes/999999')).status).toBe(404);
    const tried = await admin.post(`/api/quizzes/${quiz.id}/attempts`, answers);
    expect(tried.status).toBe(201);
    expect(tried.body).toMatchObject({ courseCompleted: false, certificateNumber: null });
  });

  it('an edit makes a new version and never rewrites a recorded attempt', async () => {
    const { course, quiz } = await courseWithQuiz();
    const { client } = await learnerIn(course.id);
    await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 3) });
    // The first question's correct option changes, the third question goes.
    const edit = {
      title: 'Safeguarding check (2026)',
      afterModuleId: null,
      questions: [
        {
          ...quiz.questions[0]!,
          prompt: 'Who leads on safeguarding now?',
          options: quiz.questions[0]!.options.map((option, index) => ({ ...option, correct: index === 0 })),
        },
        quiz.questions[1]!,
      ],
    };
    const edited = await admin.put<QuizEditDto>(`/api/courses/${course.id}/quizzes/${quiz.id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, attemptCount: 1, title: 'Safeguarding check (2026)' });
    expect(edited.body.questions.map((question) => question.id)).toEqual([quiz.questions[0]!.id, quiz.questions[1]!.id]);
    const [old] = (await client.get(`/api/quizzes/${quiz.id}/attempts`)).body.attempts;
    expect(old).toMatchObject({ score: 100, questionCount: 3, passed: true });
    expect(old.results).toHaveLength(3);
    expect(old.results[0].prompt).toBe(quiz.questions[0]!.prompt);
    expect(old.results[0].options[1].correct).toBe(true);
    const view = await client.get(`/api/quizzes/${quiz.id}`);
    expect(view.body.questions).toHaveLength(2);
    expect(view.body).toMatchObject({ title: 'Safeguarding check (2026)', bestScore: 100, passed: true });
  });

  it('attempts sent at once by one learner are each recorded, none a 500 (MariaDB’s snapshot is taken after the lock)', async () => {
    const { course, quiz } = await courseWithQuiz();
    const { client, id } = await learnerIn(course.id);
    const sent = await Promise.all(Array.from({ length: 6 }, () => client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 3) })));
    expect(sent.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(await server.db('quizResults').where({ userId: id, quizId: quiz.id }).first()).toMatchObject({ attemptCount: 6, bestScore: 100 });
  });

  it('rate limits attempts per user (429 with Retry-After)', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const boss = limited.client();
      await signIn(boss, await createAdmin(limited.db));
      const course = await createCourse(limited);
      const quiz = (await boss.post<QuizEditDto>(`/api/courses/${course.id}/quizzes`, THREE_QUESTIONS)).body;
      const user = await createUser(limited.db);
      await enroll(limited.db, user.id, course.id);
      const client = limited.client();
      await signIn(client, user);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 1) })).status);
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
      const refused = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 1) });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

type Answer = { questionId: string; optionIds: string[] };

describe('steps, progress and the certificate', () => {
  const complete = (client: TestClient, module: { id: number; courseId: number; duration: number }) =>
    client.post('/api/progress', { moduleId: module.id, courseId: module.courseId, watchedDuration: module.duration, isCompleted: true });

  it('lists quizzes as steps after their module and counts them in the progress', async () => {
    const course = await createCourse(server);
    const [m1, m2] = [await createModule(server, course.id), await createModule(server, course.id)];
    const end = (await admin.post<QuizEditDto>(`/api/courses/${course.id}/quizzes`, { ...THREE_QUESTIONS, title: 'Final' })).body;
    const middle = (await admin.post<QuizEditDto>(`/api/courses/${course.id}/quizzes`, { ...THREE_QUESTIONS, title: 'Check 1', afterModuleId: m1.id })).body;
    const { client } = await learnerIn(course.id);
    await complete(client, m1);
    await client.post(`/api/quizzes/${middle.id}/attempts`, { answers: answersFor(middle, 3) });
    const detail = (await client.get(`/api/courses/${course.id}`)).body;
    expect(detail.steps.map((step: { kind: string; id: number }) => [step.kind, step.id])).toEqual([
      ['video', m1.id],
      ['quiz', middle.id],
      ['video', m2.id],
      ['quiz', end.id],
    ]);
    expect(detail.steps[1]).toMatchObject({ isCompleted: true, bestScore: 100, questionCount: 3, requiredForCertificate: false });
    expect(detail.modules.map((module: { kind: string }) => module.kind)).toEqual(['video', 'video']);
    expect(detail).toMatchObject({
      totalModules: 2,
      totalSteps: 4,
      completedModules: 1,
      completedSteps: 2,
      progressPercentage: 50,
      passMark: 80,
      quizRequired: false,
    });
    const card = (await client.get('/api/dashboard')).body.courses.find((entry: { id: number }) => entry.id === course.id);
    expect(card).toMatchObject({ totalSteps: 4, completedModules: 1, completedSteps: 2, progressPercentage: 50 });
  });

  it('a course without a quiz answers exactly as before (no step fields beyond steps, passMark and quizRequired)', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    const { client } = await learnerIn(course.id);
    const done = await complete(client, module);
    expect(done.body).toMatchObject({ courseCompleted: true, certificateNumber: expect.any(String) });
    expect(done.body).not.toHaveProperty('quizPending');
    const detail = (await client.get(`/api/courses/${course.id}`)).body;
    expect(detail).not.toHaveProperty('totalSteps');
    expect(detail).not.toHaveProperty('completedSteps');
    expect(detail.progressPercentage).toBe(100);
    const certificate = (await server.client().get(`/api/certificates/${done.body.certificateNumber}`)).body;
    expect(certificate.quizScore).toBeNull();
  });

  it('a required final quiz: the last module first, then the passing attempt issues the certificate with the score', async () => {
    const { course, modules, quiz } = await courseWithQuiz({ quizRequired: true, passMark: 60 });
    const { client } = await learnerIn(course.id);
    const done = await complete(client, modules[0]!);
    expect(done.body).toMatchObject({ courseCompleted: false, certificateNumber: null, quizPending: true });
    const failed = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 1) });
    expect(failed.body).toMatchObject({ passed: false, courseCompleted: false, certificateNumber: null });
    const passed = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 2) });
    expect(passed.body).toMatchObject({ bestScore: 66, passed: true, courseCompleted: true, certificateNumber: expect.any(String) });
    const certificate = await server.client().get(`/api/certificates/${passed.body.certificateNumber}`);
    expect(certificate.body.quizScore).toBe(66);
    // A later, better attempt answers the same certificate; its score stays as issued.
    const better = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 3) });
    expect(better.body.certificateNumber).toBe(passed.body.certificateNumber);
    expect((await server.client().get(`/api/certificates/${passed.body.certificateNumber}`)).body.quizScore).toBe(66);
    expect(await server.db('certificates').where({ courseId: course.id })).toHaveLength(1);
  });

  it('a required final quiz: passed first, then the last module issues the certificate', async () => {
    const { course, modules, quiz } = await courseWithQuiz({ quizRequired: true, modules: 2 });
    const { client } = await learnerIn(course.id);
    await complete(client, modules[0]!);
    const passed = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 3) });
    expect(passed.body).toMatchObject({ passed: true, courseCompleted: false, certificateNumber: null });
    const done = await complete(client, modules[1]!);
    expect(done.body).toMatchObject({ courseCompleted: true, certificateNumber: expect.any(String) });
    expect(done.body).not.toHaveProperty('quizPending');
    expect((await server.client().get(`/api/certificates/${done.body.certificateNumber}`)).body.quizScore).toBe(100);
  });

  it('a quiz that is not required does not hold the certificate back, and its score goes on it when there is one', async () => {
    const { course, modules, quiz } = await courseWithQuiz({ quizRequired: false });
    const { client } = await learnerIn(course.id);
    await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 1) });
    const done = await complete(client, modules[0]!);
    expect(done.body).toMatchObject({ courseCompleted: true, certificateNumber: expect.any(String) });
    expect((await server.client().get(`/api/certificates/${done.body.certificateNumber}`)).body.quizScore).toBe(33);
  });
});
