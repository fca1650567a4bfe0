import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/db.ts';
import { insertAssignmentRow } from '../test/assignments.ts';
import { createCourse, createUser, enroll } from '../test/factories.ts';
import { insertAndFetch } from './insertAndFetch.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.destroy());

async function sessionFor(userId: number | null, id = `s-${Math.random()}`) {
  await test.db('sessions').insert({ id, userId, data: JSON.stringify({ userId }), expiresAt: Date.now() + 60_000, createdAt: Date.now() });
  return id;
}

/** The statements the Database object sent itself while `run` ran. */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const stop = test.database.onStatement((event) => sql.push(event.sql));
  try {
    return { result: await run(), sql };
  } finally {
    stop();
  }
}

describe('Database.readSessionWithUser', () => {
  it('answers the session with its user, and what was committed since at once', async () => {
    const user = await createUser(test.db, { firstName: 'Ada' });
    const id = await sessionFor(user.id);
    const read = await test.database.readSessionWithUser(id);
    expect(read).toMatchObject({ id, userId: user.id, user: { id: user.id, email: user.email, firstName: 'Ada' } });
    await test.db('users').where({ id: user.id }).update({ firstName: 'Grace' });
    expect((await test.database.readSessionWithUser(id))?.user).toMatchObject({ firstName: 'Grace' });
    await test.db('sessions').where({ id }).delete();
    expect(await test.database.readSessionWithUser(id)).toBeUndefined();
  });

  it('answers a session without a user, or whose user is gone, with user null', async () => {
    expect(await test.database.readSessionWithUser(await sessionFor(null))).toMatchObject({ userId: null, user: null });
  });

  it('does not see a write until its transaction commits', async () => {
    const user = await createUser(test.db, { firstName: 'Before' });
    const id = await sessionFor(user.id);
    await test.db.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ firstName: 'Uncommitted' });
      expect((await test.database.readSessionWithUser(id))?.user).toMatchObject({ firstName: 'Before' });
    });
    expect((await test.database.readSessionWithUser(id))?.user).toMatchObject({ firstName: 'Uncommitted' });
  });

  it('reads the sessions asked for together with one statement, each answered its own', async () => {
    const users = await Promise.all([createUser(test.db), createUser(test.db), createUser(test.db)]);
    const ids = await Promise.all(users.map((user) => sessionFor(user.id)));
    const { result, sql } = await statementsDuring(() => Promise.all([...ids, 'no-such-session', ids[0]!].map((id) => test.database.readSessionWithUser(id))));
    expect(sql).toHaveLength(1);
    // Five keys, four of them distinct: one placeholder each (a power of two needs no padding).
    expect(sql[0]!.match(/\?/g)).toHaveLength(4);
    expect(result.map((read) => read?.userId ?? null)).toEqual([users[0]!.id, users[1]!.id, users[2]!.id, null, users[0]!.id]);
  });
});

describe('Database.enrolledCourseFigures', () => {
  it('answers every enrolled course, with zeros until there is progress, and nothing for other courses', async () => {
    const user = await createUser(test.db);
    const [a, b, other] = [await createCourse(test), await createCourse(test), await createCourse(test)];
    await enroll(test.db, user.id, a.id);
    await enroll(test.db, user.id, b.id);
    await test
      .db('courseProgress')
      .insert([
        { userId: user.id, courseId: a.id, completedModules: 2, watchedSeconds: 900, lastModuleId: 7 },
        { userId: user.id, courseId: other.id, completedModules: 1, watchedSeconds: 60, lastModuleId: 8 },
      ])
      .onConflict(['userId', 'courseId'])
      .merge();
    const figures = await test.database.enrolledCourseFigures(user.id);
    expect(figures.sort((x, y) => x.courseId - y.courseId)).toEqual([
      { courseId: a.id, completedModules: 2, watchedSeconds: 900, lastModuleId: 7, passedQuizzes: 0, completedAssignments: 0 },
      { courseId: b.id, completedModules: 0, watchedSeconds: 0, lastModuleId: null, passedQuizzes: 0, completedAssignments: 0 },
    ]);
    expect(await test.database.enrolledCourseFigures(-1)).toEqual([]);
  });

  it('follows enrollments as they come and go, whoever writes them, and keeps the figures of an enrollment that went', async () => {
    const user = await createUser(test.db);
    const [a, b] = [await createCourse(test), await createCourse(test)];
    const courses = async () =>
      (await test.database.enrolledCourseFigures(user.id)).map((row) => [row.courseId, row.completedModules]).sort((x, y) => x[0]! - y[0]!);
    await enroll(test.db, user.id, a.id);
    await test.db('courseProgress').where({ userId: user.id, courseId: a.id }).update({ completedModules: 3 });
    // A bulk insert (licences) and a delete (a licence suspended) by knex alone.
    await test.db('enrollments').insert({ userId: user.id, courseId: b.id, source: 'licence', enrolledAt: Date.now() });
    expect(await courses()).toEqual([
      [a.id, 3],
      [b.id, 0],
    ]);
    await test.db('enrollments').where({ userId: user.id, courseId: a.id }).delete();
    expect(await courses()).toEqual([[b.id, 0]]);
    await enroll(test.db, user.id, a.id);
    expect(await courses()).toEqual([
      [a.id, 3],
      [b.id, 0],
    ]);
    // An enrollment moved to another course takes the mark with it.
    await test.db('enrollments').where({ userId: user.id, courseId: b.id }).delete();
    await test.db('enrollments').where({ userId: user.id, courseId: a.id }).update({ courseId: b.id });
    expect(await courses()).toEqual([[b.id, 0]]);
  });

  it('counts passed quizzes and completed assignments, not deleted ones, for the courses said to have steps, in a second statement only then', async () => {
    const user = await createUser(test.db);
    const [withSteps, without] = [await createCourse(test), await createCourse(test)];
    await enroll(test.db, user.id, withSteps.id);
    await enroll(test.db, user.id, without.id);
    const quiz = (courseId: number, deletedAt: number | null = null) => ({
      courseId,
      afterModuleId: null,
      title: 'Check',
      version: 1,
      questionCount: 3,
      questionsPerAttempt: null,
      shuffleOptions: false,
      retryWaitMinutes: 0,
      createdAt: 1,
      updatedAt: 1,
      deletedAt,
    });
    const [passed, failed, deleted] = [
      await insertAndFetch(test.db, 'quizzes', quiz(withSteps.id)),
      await insertAndFetch(test.db, 'quizzes', quiz(withSteps.id)),
      await insertAndFetch(test.db, 'quizzes', quiz(withSteps.id, 5)),
    ];
    const result = (quizId: number, isPassed: boolean) => ({
      userId: user.id,
      quizId,
      courseId: withSteps.id,
      bestScore: 3,
      passed: isPassed,
      attemptCount: 1,
      updatedAt: 1,
    });
    await test.db('quizResults').insert([result(passed.id, true), result(failed.id, false), result(deleted.id, true)]);
    const assignmentId = await insertAssignmentRow(test.db, withSteps.id);
    await test
      .db('assignmentResults')
      .insert({ userId: user.id, assignmentId, courseId: withSteps.id, status: 'approved', completed: true, round: 1, updatedAt: 1 });

    const counted = await statementsDuring(() => test.database.enrolledCourseFigures(user.id, (courseId) => courseId === withSteps.id));
    expect(counted.sql).toHaveLength(2);
    expect(
      counted.result
        .map(({ courseId, passedQuizzes, completedAssignments }) => ({ courseId, passedQuizzes, completedAssignments }))
        .sort((x, y) => x.courseId - y.courseId),
    ).toEqual([
      { courseId: withSteps.id, passedQuizzes: 1, completedAssignments: 1 },
      { courseId: without.id, passedQuizzes: 0, completedAssignments: 0 },
    ]);
    // A catalogue that shows no steps for either course: one statement, and nothing counted.
    const uncounted = await statementsDuring(() => test.database.enrolledCourseFigures(user.id, () => false));
    expect(uncounted.sql).toHaveLength(1);
    expect(uncounted.result.every((course) => course.passedQuizzes === 0 && course.completedAssignments === 0)).toBe(true);
  });
});

describe.runIf(testDialect() === 'sqlite')('Database on SQLite', () => {
  it('reads on a connection that cannot write', async () => {
    const user = await createUser(test.db, { firstName: 'Unchanged' });
    // A session id that is SQL would still only ever be a bound value; the reader itself refuses writes.
    const reader = (test.database as unknown as { reader: { all(sql: string, bindings: unknown[]): unknown[] } }).reader;
    expect(() => reader.all("update users set first_name = 'x' returning id", [])).toThrow(/readonly|query_only/i);
    expect(await test.db('users').where({ id: user.id }).first()).toMatchObject({ firstName: 'Unchanged' });
  });
});
