import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { dialectOf } from './knex.ts';
import { prepareTransactionStatements } from './statements.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** How often this connection has prepared and executed statements (MariaDB's session counters, read as text). */
async function statementCounts(trx: Knex.Transaction): Promise<{ prepared: number; executed: number }> {
  const result = await trx.raw("show session status where Variable_name in ('Com_stmt_prepare', 'Com_stmt_execute')");
  // The snake-case mappers may have renamed the columns.
  const rows = (result[0] as Array<Record<string, string>>).map((row) => Object.values(row));
  const value = (name: string) => Number(rows.find(([variable]) => variable === name)?.[1]);
  return { prepared: value('Com_stmt_prepare'), executed: value('Com_stmt_execute') };
}

// The certificate's transaction runs its statements prepared (issue 54): the answers must be
// what the query builder's text statements give, and each statement prepared once per connection.
describe('prepareTransactionStatements', () => {
  it('answers reads, inserts, updates and locking reads as the text statements do', async () => {
    const user = await createUser(server.db, { firstName: 'Prepared' });
    const plain = await server.db('users').where({ id: user.id }).first();
    const prepared = await server.db.transaction(async (trx) => {
      prepareTransactionStatements(trx);
      const row = await trx('users').where({ id: user.id }).first();
      const locked = await trx('users').where({ id: user.id }).forUpdate().first('id', 'firstName');
      const missing = await trx('users').where({ id: -1 }).first();
      const [sessionId] = await trx('sessions').insert({ id: `prepared-${user.id}`, data: '{}', expiresAt: 1, createdAt: 1, userId: user.id });
      const updated = await trx('users').where({ id: user.id }).update({ firstName: 'Again' });
      const [count] = await trx('users').where({ id: user.id }).count({ n: '*' });
      return { row, locked, missing, sessionId, updated, count: Number(count!.n) };
    });
    expect(prepared.row).toEqual(plain);
    expect(prepared.locked).toEqual({ id: user.id, firstName: 'Prepared' });
    expect(prepared.missing).toBeUndefined();
    expect(prepared.updated).toBe(1);
    expect(prepared.count).toBe(1);
    expect(
      await server
        .db('sessions')
        .where({ id: `prepared-${user.id}` })
        .first('userId'),
    ).toEqual({ userId: user.id });
    expect(await server.db('users').where({ id: user.id }).first('firstName')).toEqual({ firstName: 'Again' });
  });

  it('prepares a statement once per connection, however often the transaction runs it', async () => {
    const user = await createUser(server.db);
    const read = (trx: Knex.Transaction) => trx('users').where({ id: user.id }).first({ onceOnly: 'id' });
    await server.db.transaction(async (trx) => {
      prepareTransactionStatements(trx);
      if (dialectOf(server.db) === 'mysql') {
        const before = await statementCounts(trx);
        for (let run = 0; run < 3; run += 1) expect(await read(trx)).toEqual({ onceOnly: user.id });
        const after = await statementCounts(trx);
        expect(after.executed - before.executed).toBe(3);
        expect(after.prepared - before.prepared).toBeLessThanOrEqual(1);
      } else {
        const connection = await (trx.client as { acquireConnection(): Promise<{ prepare(sql: string): unknown }> }).acquireConnection();
        const prepare = vi.spyOn(connection, 'prepare');
        for (let run = 0; run < 3; run += 1) expect(await read(trx)).toEqual({ onceOnly: user.id });
        expect(prepare.mock.calls.length).toBeLessThanOrEqual(1);
        prepare.mockRestore();
      }
    });
  });

  it('rolls the whole transaction back when a statement fails, and says why', async () => {
    const user = await createUser(server.db);
    const taken = await createUser(server.db);
    const attempt = server.db.transaction(async (trx) => {
      prepareTransactionStatements(trx);
      await trx('users').where({ id: user.id }).update({ firstName: 'Never kept' });
      await trx('users').where({ id: user.id }).update({ email: taken.email });
    });
    await expect(attempt).rejects.toThrow(/unique|duplicate/i);
    expect(await server.db('users').where({ id: user.id }).first('firstName', 'email')).toEqual({ firstName: user.firstName, email: user.email });
  });

  it('leaves the other transactions on the same connections to the text statements', async () => {
    const user = await createUser(server.db);
    await server.db.transaction(async (trx) => prepareTransactionStatements(trx));
    await server.db.transaction(async (trx) => {
      const query = (trx.client as unknown as { _query: unknown })._query;
      expect(Object.prototype.hasOwnProperty.call(trx.client, '_query')).toBe(false);
      expect(query).toBe(Object.getPrototypeOf(trx.client)._query);
      expect(await trx('users').where({ id: user.id }).first('id')).toEqual({ id: user.id });
    });
  });
});
