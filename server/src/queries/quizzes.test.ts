import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createModule, createUser } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { quizGate } from './quizzes.ts';

let server: TestServer;
const now = Date.UTC(2026, 11, 4, 9);

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function addQuiz(courseId: number, afterModuleId: number | null, deletedAt: number | null = null): Promise<number> {
  const [id] = await server
    .db('quizzes')
    .insert({ courseId, afterModuleId, title: 'Check', version: 1, questionCount: 3, createdAt: now, updatedAt: now, deletedAt });
  return Number(id);
}

// The certificate's quiz gate (issue 36), read as one statement: the course with its live quizzes.
describe('quizGate', () => {
  it('requires nothing of a course without quizzes, whatever the course says', async () => {
    const user = await createUser(server.db);
    const course = await createCourse(server, { quizRequired: true });
    expect(await quizGate(server.db, user.id, course.id)).toEqual({ required: false, finalQuizId: null, bestScore: null, passed: false });
  });

  it('ignores a deleted quiz: the live one before it is the final quiz, with the learner’s own result', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const course = await createCourse(server, { quizRequired: true });
    const first = await createModule(server, course.id);
    const last = await createModule(server, course.id);
    const live = await addQuiz(course.id, first.id);
    await addQuiz(course.id, last.id, now);
    expect(await quizGate(server.db, user.id, course.id)).toEqual({ required: true, finalQuizId: live, bestScore: null, passed: false });
    const result = (userId: number, bestScore: number, passed: boolean) => ({
      userId,
      quizId: live,
      courseId: course.id,
      bestScore,
      passed,
      attemptCount: 1,
      updatedAt: now,
    });
    await server.db('quizResults').insert([result(user.id, 90, true), result(other.id, 20, false)]);
    expect(await quizGate(server.db, user.id, course.id)).toEqual({ required: true, finalQuizId: live, bestScore: 90, passed: true });
    expect(await quizGate(server.db, other.id, course.id)).toEqual({ required: true, finalQuizId: live, bestScore: 20, passed: false });
  });

  it('is not required where the course does not ask for it, and only deleted quizzes leave none', async () => {
    const user = await createUser(server.db);
    const optional = await createCourse(server, { quizRequired: false });
    const quiz = await addQuiz(optional.id, null);
    expect(await quizGate(server.db, user.id, optional.id)).toEqual({ required: false, finalQuizId: quiz, bestScore: null, passed: false });
    const emptied = await createCourse(server, { quizRequired: true });
    await addQuiz(emptied.id, null, now);
    expect(await quizGate(server.db, user.id, emptied.id)).toMatchObject({ required: false, finalQuizId: null });
  });
});
