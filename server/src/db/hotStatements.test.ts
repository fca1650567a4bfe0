import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/db.ts';
import { createUser } from '../test/factories.ts';
import { readRows } from './hotStatements.ts';

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
