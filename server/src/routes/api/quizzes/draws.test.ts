import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuizAttemptResultDto, QuizDto, QuizEditDto, QuizInput } from '@atrium/common';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

// Issue 50 item 4: a knowledge check proves something. A failed attempt says which questions were
// wrong and nothing that tells the right options apart; the key comes once the learner has
// passed. The admin may draw questions per attempt from a bank, shuffle options and set a wait
// after a failed attempt; the draw is fixed on the server and the attempt graded only against it.

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
afterEach(() => {
  server.clock.reset();
});

const EXPLANATION = 'Explained for question';

/** `count` single-choice questions of four options, the correct one third. */
function bank(count: number, settings: Partial<QuizInput> = {}): QuizInput {
  return {
    title: 'Bank check',
    afterModuleId: null,
    questions: Array.from({ length: count }, (_, index) => ({
      type: 'single' as const,
      prompt: `Question ${index + 1}?`,
      explanation: `${EXPLANATION} ${index + 1}`,
      options: ['A', 'B', 'C', 'D'].map((letter, at) => ({ text: `${letter}${index + 1}`, correct: at === 2 })),
    })),
    ...settings,
  };
}

async function setUp(input: QuizInput, options: { quizRequired?: boolean } = {}) {
  const course = await createCourse(server, { quizRequired: options.quizRequired ?? false, passMark: 80 });
  const module = await createModule(server, course.id);
  const created = await admin.post<QuizEditDto>(`/api/courses/${course.id}/quizzes`, input);
  expect(created.status).toBe(201);
  const user = await createUser(server.db);
  await enroll(server.db, user.id, course.id);
  const client = server.client();
  await signIn(client, user);
  return { course, module, quiz: created.body, client, userId: user.id };
}

type Answer = { questionId: string; optionIds: string[] };

/** Answers to the served questions: right (by the admin's key) for the first `right` of them. */
function answersTo(served: QuizDto['questions'], key: QuizEditDto, right: number): Answer[] {
  return served.map((question, index) => {
    const options = key.questions.find((entry) => entry.id === question.id)!.options;
    const pick = options.find((option) => option.correct === index < right)!;
    return { questionId: question.id, optionIds: [pick.id!] };
  });
}

const attempts = async (userId: number) => Number((await server.db('quizAttempts').where({ userId }).count({ n: '*' }).first())!.n);

describe('what an attempt reveals', () => {
  it('a failed attempt names the wrong questions but no correct option or explanation; passing shows the key, in the answer and the history', async () => {
    const { quiz, client } = await setUp(bank(3));
    const served = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions;
    const failed = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(served, quiz, 1) });
    expect(failed.status).toBe(201);
    expect(failed.body.attempt).toMatchObject({ score: 33, passed: false, keyShown: false });
    expect(failed.body.attempt.results.map((result) => result.correct)).toEqual([true, false, false]);
    for (const result of failed.body.attempt.results) {
      expect(result.options).toHaveLength(4);
      for (const option of result.options) expect(Object.keys(option).sort()).toEqual(['id', 'text']);
      expect(result).not.toHaveProperty('explanation');
    }
    expect(JSON.stringify(failed.body)).not.toContain(EXPLANATION);
    const history = await client.get(`/api/quizzes/${quiz.id}/attempts`);
    expect(JSON.stringify(history.body)).not.toMatch(/"explanation"|Explained/);
    expect(history.body.attempts[0].keyShown).toBe(false);
    for (const result of history.body.attempts[0].results) expect(JSON.stringify(result.options)).not.toContain('correct');

    const next = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions;
    const passed = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(next, quiz, 3) });
    expect(passed.body.attempt).toMatchObject({ score: 100, passed: true, keyShown: true });
    expect(passed.body.attempt.results[0]!.options.map((option) => option.correct)).toEqual([false, false, true, false]);
    expect(passed.body.attempt.results[0]!.explanation).toBe(`${EXPLANATION} 1`);
    // Once passed, the earlier failed attempt shows its key too.
    const after = await client.get<{ attempts: QuizAttemptResultDto['attempt'][] }>(`/api/quizzes/${quiz.id}/attempts`);
    expect(after.body.attempts.map((attempt) => attempt.keyShown)).toEqual([true, true]);
    expect(after.body.attempts[1]!.results[1]!.options[2]!.correct).toBe(true);
  });
});

describe('questions drawn per attempt', () => {
  it('draws the number asked from the bank, keeps the draw on every reload and grades only against it', async () => {
    const { quiz, client, userId } = await setUp(bank(8, { questionsPerAttempt: 3 }));
    expect(quiz).toMatchObject({ questionsPerAttempt: 3, shuffleOptions: false, retryWaitMinutes: 0 });
    expect(quiz.questions).toHaveLength(8);
    const first = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body;
    expect(first.questions).toHaveLength(3);
    for (let reload = 0; reload < 5; reload += 1) expect((await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions).toEqual(first.questions);
    const servedIds = new Set(first.questions.map((question) => question.id));
    const others = quiz.questions.filter((question) => !servedIds.has(question.id));

    // Answers to questions that were not served: refused, nothing written.
    const chosen = answersTo(
      others.slice(0, 3).map((question) => ({ ...question, id: question.id!, options: question.options.map(({ id, text }) => ({ id: id!, text })) })),
      quiz,
      3,
    );
    const swapped = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: chosen });
    expect(swapped.status).toBe(400);
    expect(Object.keys(swapped.body.errors)).toContain('answers.0.questionId');
    const extra = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: [...answersTo(first.questions, quiz, 3), chosen[0]] });
    expect(extra.status).toBe(400);
    expect(await attempts(userId)).toBe(0);

    const graded = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(first.questions, quiz, 2) });
    expect(graded.status).toBe(201);
    expect(graded.body.attempt).toMatchObject({ score: 66, correctCount: 2, questionCount: 3 });
    expect(graded.body.attempt.results.map((result) => result.questionId)).toEqual(first.questions.map((question) => question.id));
    // The draw is used up: the next read draws again, and the course lists 3 questions an attempt.
    expect(await server.db('quizDraws').where({ userId, quizId: quiz.id })).toHaveLength(0);
    expect((await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions).toHaveLength(3);
    expect(await server.db('quizDraws').where({ userId, quizId: quiz.id })).toHaveLength(1);
    expect((await client.get(`/api/courses/${quiz.courseId}/quizzes`)).body.quizzes[0].questionCount).toBe(3);
  });

  it('refuses an attempt at a drawing quiz without a draw, or against a draw an edit replaced (409, nothing written)', async () => {
    const { quiz, client, userId } = await setUp(bank(6, { questionsPerAttempt: 2 }));
    const blind = await client.post(`/api/quizzes/${quiz.id}/attempts`, {
      answers: quiz.questions.slice(0, 2).map((question) => ({ questionId: question.id, optionIds: [question.options[2]!.id] })),
    });
    expect(blind.status).toBe(409);
    const served = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions;
    const { id: _id, courseId: _courseId, version: _version, attemptCount: _count, ...input } = quiz;
    expect((await admin.put(`/api/courses/${quiz.courseId}/quizzes/${quiz.id}`, { ...input, title: 'Bank check, edited' })).status).toBe(200);
    const stale = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(served, quiz, 2) });
    expect(stale.status).toBe(409);
    expect(await attempts(userId)).toBe(0);
  });

  it('shuffles each question’s options per draw when asked, serving the same options', async () => {
    const { quiz, client } = await setUp(bank(12, { shuffleOptions: true }));
    const served = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions;
    expect(served.map((question) => question.id)).toEqual(quiz.questions.map((question) => question.id));
    const orders = served.map((question) => question.options.map((option) => option.text).join());
    for (const [index, question] of served.entries()) {
      expect(question.options.map((option) => option.id).sort()).toEqual(quiz.questions[index]!.options.map((option) => option.id).sort());
    }
    // Twelve questions of four options all in the written order: a chance of 1 in 24^12.
    expect(orders.filter((order, index) => order === quiz.questions[index]!.options.map((option) => option.text).join())).not.toHaveLength(12);
    const result = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(served, quiz, 12) });
    expect(result.body.attempt.score).toBe(100);
    expect(result.body.attempt.results.map((entry) => entry.options.map((option) => option.text).join())).toEqual(orders);
  });

  it.each([
    ['more questions per attempt than the quiz has', { questionsPerAttempt: 4 }, 'questionsPerAttempt'],
    ['no question per attempt', { questionsPerAttempt: 0 }, 'questionsPerAttempt'],
    ['a fraction of a question', { questionsPerAttempt: 1.5 }, 'questionsPerAttempt'],
    ['a negative wait', { retryWaitMinutes: -1 }, 'retryWaitMinutes'],
    ['a wait over a week', { retryWaitMinutes: 10_081 }, 'retryWaitMinutes'],
    ['shuffle as text', { shuffleOptions: 'yes' }, 'shuffleOptions'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const course = await createCourse(server);
    const response = await admin.post(`/api/courses/${course.id}/quizzes`, { ...bank(3), ...change });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toContain(field);
    expect(await server.db('quizzes').where({ courseId: course.id }).first()).toBeUndefined();
  });
});

describe('the wait after a failed attempt', () => {
  it('holds the next attempt by the app’s clock, shows no questions meanwhile, and never follows a pass', async () => {
    const { quiz, client, userId } = await setUp(bank(3, { retryWaitMinutes: 30 }));
    const open = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body;
    expect(open).toMatchObject({ retryWaitMinutes: 30, retryAt: null, retryInSeconds: 0 });
    const failed = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(open.questions, quiz, 0) });
    expect(failed.body.retryInSeconds).toBeGreaterThan(29 * 60);
    expect(failed.body.retryInSeconds).toBeLessThanOrEqual(30 * 60);
    expect(Date.parse(failed.body.retryAt!)).toBeGreaterThan(server.clock.now().getTime() + 29 * 60_000);

    const waiting = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body;
    expect(waiting.questions).toEqual([]);
    expect(waiting.retryAt).toBe(failed.body.retryAt);
    expect(await server.db('quizDraws').where({ userId, quizId: quiz.id })).toHaveLength(0);
    const early = await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(open.questions, quiz, 3) });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/again in (29|30) minutes/);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(29 * 60);

    server.clock.advance(29 * 60_000);
    expect((await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions).toEqual([]);
    expect((await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(open.questions, quiz, 3) })).status).toBe(409);
    expect(await attempts(userId)).toBe(1);

    server.clock.advance(60_000 + 1_000);
    const again = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body;
    expect(again).toMatchObject({ retryAt: null, retryInSeconds: 0 });
    expect(again.questions).toHaveLength(3);
    const passed = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(again.questions, quiz, 3) });
    expect(passed.body).toMatchObject({ passed: true, retryAt: null, retryInSeconds: 0 });
    // After a pass there is no wait: another try at once.
    const more = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body;
    expect(more.questions).toHaveLength(3);
    expect((await client.post(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(more.questions, quiz, 3) })).status).toBe(201);
  });

  it('is off by default: failing twice in a row is allowed', async () => {
    const { quiz, client } = await setUp(bank(2));
    for (let i = 0; i < 2; i += 1) {
      const served = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions;
      const failed = await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(served, quiz, 0) });
      expect(failed.status).toBe(201);
      expect(failed.body).toMatchObject({ retryAt: null, retryInSeconds: 0 });
    }
  });
});

describe('the certificate and its credential', () => {
  it('carry the best score of the drawn attempts', async () => {
    const { quiz, client, module } = await setUp(bank(6, { questionsPerAttempt: 2 }), { quizRequired: true });
    const take = async (right: number) => {
      const served = (await client.get<QuizDto>(`/api/quizzes/${quiz.id}`)).body.questions;
      return (await client.post<QuizAttemptResultDto>(`/api/quizzes/${quiz.id}/attempts`, { answers: answersTo(served, quiz, right) })).body;
    };
    expect(await take(2)).toMatchObject({ passed: true, bestScore: 100 });
    expect(await take(1)).toMatchObject({ passed: true, bestScore: 100, attempt: { score: 50 } });
    const done = await client.post('/api/progress', { moduleId: module.id, courseId: module.courseId, watchedDuration: module.duration, isCompleted: true });
    expect(done.body).toMatchObject({ courseCompleted: true });
    const number = done.body.certificateNumber as string;
    expect((await server.client().get(`/api/certificates/${number}`)).body.quizScore).toBe(100);
    const jwt = (await server.client().get(`/api/certificates/${number}/credential`)).text;
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload.credentialSubject.result[0].value).toBe('100');
  });
});
