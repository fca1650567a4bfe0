import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createModule, createUser } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { insertAssignmentRow } from '../test/assignments.ts';
import { completionGate } from './completionGate.ts';

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

const quizGate = async (userId: number, courseId: number) => (await completionGate(server.db, userId, courseId)).quiz;

// The certificate's quiz gate (issue 36), read in the gate's one statement: the course with its live quizzes.
describe('completionGate: the quiz', () => {
  it('requires nothing of a course without quizzes, whatever the course says', async () => {
    const user = await createUser(server.db);
    const course = await createCourse(server, { quizRequired: true });
    expect(await quizGate(user.id, course.id)).toEqual({ required: false, finalQuizId: null, bestScore: null, passed: false });
  });

  it('ignores a deleted quiz: the live one before it is the final quiz, with the learner’s own result', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const course = await createCourse(server, { quizRequired: true });
    const first = await createModule(server, course.id);
    const last = await createModule(server, course.id);
    const live = await addQuiz(course.id, first.id);
    await addQuiz(course.id, last.id, now);
    expect(await quizGate(user.id, course.id)).toEqual({ required: true, finalQuizId: live, bestScore: null, passed: false });
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
    expect(await quizGate(user.id, course.id)).toEqual({ required: true, finalQuizId: live, bestScore: 90, passed: true });
    expect(await quizGate(other.id, course.id)).toEqual({ required: true, finalQuizId: live, bestScore: 20, passed: false });
  });

  it('is not required where the course does not ask for it, and only deleted quizzes leave none', async () => {
    const user = await createUser(server.db);
    const optional = await createCourse(server, { quizRequired: false });
    const quiz = await addQuiz(optional.id, null);
    expect(await quizGate(user.id, optional.id)).toEqual({ required: false, finalQuizId: quiz, bestScore: null, passed: false });
    const emptied = await createCourse(server, { quizRequired: true });
    await addQuiz(emptied.id, null, now);
    expect(await quizGate(user.id, emptied.id)).toMatchObject({ required: false, finalQuizId: null });
  });
});

// The modules and assignments left, read in the same statement as the quiz rows (issue 54).
describe('completionGate: modules and assignments', () => {
  async function complete(userId: number, moduleId: number, courseId: number): Promise<void> {
    await server.db('progress').insert({ userId, moduleId, courseId, watchedDuration: 60, position: 60, isCompleted: true, completedAt: now, updatedAt: now });
  }

  async function result(userId: number, assignmentId: number, courseId: number, completed: boolean): Promise<void> {
    await server
      .db('assignmentResults')
      .insert({ userId, assignmentId, courseId, status: completed ? 'approved' : 'submitted', completed, round: 0, updatedAt: now });
  }

  it('waits for every module of the course, this learner’s own', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const course = await createCourse(server);
    const first = await createModule(server, course.id);
    const second = await createModule(server, course.id);
    await complete(user.id, first.id, course.id);
    await complete(other.id, first.id, course.id);
    await complete(other.id, second.id, course.id);
    expect(await completionGate(server.db, user.id, course.id)).toMatchObject({ modulesDone: false, assignmentsDone: true });
    expect(await completionGate(server.db, other.id, course.id)).toMatchObject({ modulesDone: true, assignmentsDone: true });
    await complete(user.id, second.id, course.id);
    expect(await completionGate(server.db, user.id, course.id)).toMatchObject({ modulesDone: true, assignmentsDone: true });
  });

  it('waits for every assignment that is not deleted, completed rather than only submitted', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    await complete(user.id, module.id, course.id);
    const live = await insertAssignmentRow(server.db, course.id);
    await insertAssignmentRow(server.db, course.id, { deletedAt: now });
    expect(await completionGate(server.db, user.id, course.id)).toMatchObject({ modulesDone: true, assignmentsDone: false });
    await result(user.id, live, course.id, false);
    await result(other.id, live, course.id, true);
    expect(await completionGate(server.db, user.id, course.id)).toMatchObject({ assignmentsDone: false });
    await server.db('assignmentResults').where({ userId: user.id, assignmentId: live }).update({ status: 'approved', completed: true });
    expect(await completionGate(server.db, user.id, course.id)).toEqual({
      modulesDone: true,
      quiz: { required: false, finalQuizId: null, bestScore: null, passed: false },
      assignmentsDone: true,
    });
  });

  it('lets nothing through for a course that is gone', async () => {
    const user = await createUser(server.db);
    expect(await completionGate(server.db, user.id, 987_654_321)).toMatchObject({ modulesDone: false });
  });
});
