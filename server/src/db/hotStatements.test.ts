import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/db.ts';
import { createUser } from '../test/factories.ts';
import { preparedRows, readRows } from './hotStatements.ts';

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
