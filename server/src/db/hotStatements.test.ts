import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/db.ts';
import { createCourse, createUser } from '../test/factories.ts';
import { preparedRows, readRows, readRowsByKey, type KeyedRead } from './hotStatements.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const EMAIL_OF = 'select id, email, first_name from users where id = ?';

describe('readRows', () => {
  it('answers camelCase rows and sees what knex has committed at once', async () => {
    const user = await createUser(database.db, { firstName: 'Ada' });
    expect(await readRows(database.db, EMAIL_OF, [user.id])).toEqual([{ id: user.id, email: user.email, firstName: 'Ada' }]);
    await database.db('users').where({ id: user.id }).update({ firstName: 'Grace' });
    expect(await readRows(database.db, EMAIL_OF, [user.id])).toEqual([{ id: user.id, email: user.email, firstName: 'Grace' }]);
  });

  it('reads committed rows only, and inside a transaction reads through it', async () => {
    const user = await createUser(database.db, { firstName: 'Before' });
    await database.db.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ firstName: 'Uncommitted' });
      expect(await readRows(trx, EMAIL_OF, [user.id])).toMatchObject([{ firstName: 'Uncommitted' }]);
      // On SQLite the plain read runs on the reader connection; on MySQL a pool connection of its own.
      expect(await readRows(database.db, EMAIL_OF, [user.id])).toMatchObject([{ firstName: 'Before' }]);
    });
    expect(await readRows(database.db, EMAIL_OF, [user.id])).toMatchObject([{ firstName: 'Uncommitted' }]);
  });

  it('is counted as a query, like every statement knex sends', async () => {
    const user = await createUser(database.db);
    const seen: string[] = [];
    const onQuery = (event: { sql: string }) => seen.push(event.sql);
    database.db.on('query', onQuery);
    try {
      await readRows(database.db, EMAIL_OF, [user.id]);
    } finally {
      database.db.removeListener('query', onQuery);
    }
    expect(seen).toEqual([EMAIL_OF]);
  });

  it.runIf(testDialect() === 'sqlite')('cannot write through the reader connection', async () => {
    await expect(readRows(database.db, "update users set first_name = 'x' returning id", [])).rejects.toThrow(/readonly|query_only/i);
  });
});

describe('readRowsByKey', () => {
  interface EnrollmentRow {
    userId: number;
    courseId: number;
  }
  const ENROLLMENTS_OF: KeyedRead<EnrollmentRow> = {
    sql: (userIds) => `select user_id, course_id from enrollments where user_id in (${userIds}) order by course_id`,
    keyOf: (row) => row.userId,
  };
  const statementsDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
    const statements: string[] = [];
    const onQuery = (event: { sql: string }) => {
      if (event.sql.includes('from enrollments where user_id in')) statements.push(event.sql);
    };
    database.db.on('query', onQuery);
    try {
      return { result: await run(), statements };
    } finally {
      database.db.removeListener('query', onQuery);
    }
  };
  async function learnerEnrolledIn(courseCount: number) {
    const user = await createUser(database.db);
    for (let i = 0; i < courseCount; i += 1) {
      const course = await createCourse(database.db);
      await database.db('enrollments').insert({ userId: user.id, courseId: course.id, source: 'self', enrolledAt: Date.now() });
    }
    return user.id;
  }

  it('answers each key its own rows, none for a key without any, whoever asked alongside', async () => {
    const [two, none, one] = [await learnerEnrolledIn(2), await learnerEnrolledIn(0), await learnerEnrolledIn(1)];
    const { result, statements } = await statementsDuring(() =>
      Promise.all([readRowsByKey(database.db, ENROLLMENTS_OF, two), readRowsByKey(database.db, ENROLLMENTS_OF, none), readRowsByKey(database.db, ENROLLMENTS_OF, one), readRowsByKey(database.db, ENROLLMENTS_OF, two)]),
    );
    expect(result.map((rows) => rows.length)).toEqual([2, 0, 1, 2]);
    expect(result[0]!.every((row) => row.userId === two)).toBe(true);
    expect(result[2]![0]!.userId).toBe(one);
    // One statement for the three users, its list padded from three to four.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('in (?, ?, ?, ?)');
  });

  it('reads inside a transaction through it, alone, seeing the transaction’s own writes', async () => {
    const userId = await learnerEnrolledIn(0);
    const course = await createCourse(database.db);
    await database.db.transaction(async (trx) => {
      await trx('enrollments').insert({ userId, courseId: course.id, source: 'self', enrolledAt: Date.now() });
      const { result, statements } = await statementsDuring(() => readRowsByKey(trx, ENROLLMENTS_OF, userId));
      expect(result).toEqual([{ userId, courseId: course.id }]);
      expect(statements[0]).toContain('in (?)');
      // Outside the transaction the enrollment is not there yet.
      expect(await readRowsByKey(database.db, ENROLLMENTS_OF, userId)).toEqual([]);
    });
  });

  it('reads a batch larger than one statement takes in several, and answers every key', async () => {
    const userIds = [await learnerEnrolledIn(1), await learnerEnrolledIn(1)];
    const keys = Array.from({ length: 300 }, (_, index) => (index < 2 ? userIds[index]! : 1_000_000 + index));
    const { result, statements } = await statementsDuring(() => Promise.all(keys.map((key) => readRowsByKey(database.db, ENROLLMENTS_OF, key))));
    expect(statements.length).toBe(2);
    expect(result.slice(0, 2).map((rows) => rows.map((row) => row.userId))).toEqual([[userIds[0]], [userIds[1]]]);
    expect(result.slice(2).every((rows) => rows.length === 0)).toBe(true);
  });

  it('fails every read of a batch whose statement fails', async () => {
    const broken: KeyedRead<EnrollmentRow> = { sql: (userIds) => `select user_id from no_such_table where user_id in (${userIds})`, keyOf: (row) => row.userId };
    const outcomes = await Promise.allSettled([readRowsByKey(database.db, broken, 1), readRowsByKey(database.db, broken, 2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('preparedRows', () => {
  it('answers the rows a write returns, and stores it', async () => {
    await database.db.schema.createTable('batch_probe', (t) => {
      t.increments('id');
      t.string('name').notNullable().unique();
    });
    const rows = await preparedRows<{ id: number; name: string }>(database.db, 'insert into batch_probe (name) values (?) returning id, name', ['first']);
    expect(rows).toEqual([{ id: expect.any(Number), name: 'first' }]);
    expect(await database.db('batch_probe').where({ name: 'first' }).first()).toBeTruthy();
  });

  it('settles each of many concurrent writes on its own: a failing one rejects alone', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `concurrent-${i}`);
    const writes = names.map((name) => preparedRows(database.db, 'insert into batch_probe (name) values (?) returning name', [name]));
    // A duplicate of a name in the same burst breaks the unique key: only it fails.
    const duplicate = preparedRows(database.db, 'insert into batch_probe (name) values (?) returning name', ['concurrent-3']);
    const results = await Promise.allSettled([...writes, duplicate]);
    expect(results.slice(0, 40).every((result) => result.status === 'fulfilled')).toBe(true);
    expect(results[40]!.status).toBe('rejected');
    expect(String((results[40] as PromiseRejectedResult).reason)).toMatch(/unique/i);
    expect(await database.db('batch_probe').whereIn('name', names).count({ n: '*' })).toEqual([{ n: 40 }]);
  });

  it.runIf(testDialect() === 'sqlite')('runs the writes of one event-loop turn on one connection checkout, in one transaction', async () => {
    const client = database.db.client as { acquireConnection: (...args: unknown[]) => Promise<unknown> };
    const acquire = client.acquireConnection;
    let checkouts = 0;
    client.acquireConnection = (...args: unknown[]) => {
      checkouts += 1;
      return acquire.apply(client, args);
    };
    try {
      await Promise.all(['a', 'b', 'c'].map((name) => preparedRows(database.db, 'insert into batch_probe (name) values (?) returning name', [`turn-${name}`])));
    } finally {
      client.acquireConnection = acquire;
    }
    expect(checkouts).toBe(1);
    expect(await database.db('batch_probe').where('name', 'like', 'turn-%').count({ n: '*' })).toEqual([{ n: 3 }]);
  });
});
