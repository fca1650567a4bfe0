import type DataLoader from 'dataloader';
import Sqlite from 'better-sqlite3';
import type { Knex } from 'knex';
import { mappedRows } from './raw.ts';
import { asError, batchLoader } from './batchLoader.ts';
import { dialectOf } from './knex.ts';

/**
 * The ways the Database object (database.ts) runs its own hand-written statements, beside knex's
 * query builder: each is an object it owns, built once at start-up and closed with it.
 */

export type Bindings = readonly Knex.Value[];
export type StatementListener = (event: { sql: string; bindings: Bindings; via: 'reader' | 'prepared' | 'group-commit' }) => void;

/**
 * SQLite: a second connection of the process's own, opened read-only (`query_only`), each
 * statement prepared once. In WAL mode it never waits for the writer and sees what has been
 * committed, which is what the reads on every request want (the session, the dashboard's figures).
 */
export class SqliteReader {
  private readonly connection: Sqlite.Database;
  private readonly statements = new Map<string, Sqlite.Statement>();

  constructor(filename: string) {
    this.connection = new Sqlite(filename, { fileMustExist: true });
    this.connection.pragma('busy_timeout = 5000');
    this.connection.pragma('cache_size = -32768');
    this.connection.pragma('query_only = 1');
  }

  all(sql: string, bindings: Bindings): unknown[] {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement.all(...bindings);
  }

  close(): void {
    if (this.connection.open) this.connection.close();
  }
}

interface PooledClient<C> {
  acquireConnection(): Promise<C>;
  releaseConnection(connection: C): Promise<unknown>;
}

interface MysqlConnection {
  execute(sql: string, values: Bindings, callback: (error: Error | null, rows: unknown) => void): void;
}

/**
 * MySQL/MariaDB: a server-side prepared statement (mysql2's execute, which keeps it prepared per
 * connection) on a connection of knex's pool, so the server parses and plans it once per
 * connection rather than once per request.
 */
export async function executePrepared(knex: Knex, sql: string, bindings: Bindings): Promise<unknown[]> {
  const client = knex.client as PooledClient<MysqlConnection>;
  const connection = await client.acquireConnection();
  try {
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      connection.execute(sql, bindings, (error, result) => (error ? reject(error) : resolve(result as unknown[])));
    });
    return mappedRows(knex, rows);
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * MySQL/MariaDB: `work` in one transaction on one pooled connection, its statements prepared as
 * executePrepared's are: committed when `work` resolves, rolled back when it throws (and the
 * error thrown on). `observe` sees each statement before it runs.
 */
export async function preparedTransaction<T>(
  knex: Knex,
  observe: (sql: string, bindings: Bindings) => void,
  work: (run: (sql: string, bindings: Bindings) => Promise<unknown[]>) => Promise<T>,
): Promise<T> {
  const client = knex.client as PooledClient<MysqlConnection & { query(sql: string, callback: (error: Error | null) => void): void }>;
  const connection = await client.acquireConnection();
  const query = (sql: string) => {
    observe(sql, []);
    return new Promise<void>((resolve, reject) => connection.query(sql, (error) => (error ? reject(error) : resolve())));
  };
  try {
    await query('begin');
    let result: T;
    try {
      result = await work(async (sql, bindings) => {
        observe(sql, bindings);
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          connection.execute(sql, bindings, (error, answer) => (error ? reject(error) : resolve(answer as unknown[])));
        });
        return mappedRows(knex, rows);
      });
    } catch (error) {
      await query('rollback').catch(() => undefined);
      throw error;
    }
    await query('commit');
    return result;
  } finally {
    await client.releaseConnection(connection);
  }
}

/** A statement as knex hands it to its dialect's `_query`, which fills in the response. */
interface KnexQuery {
  sql: string;
  bindings?: Bindings;
  options?: object;
  response?: unknown;
}

interface KnexTransactionClient {
  _query(connection: unknown, query: KnexQuery): Promise<KnexQuery>;
}

interface MysqlExecutingConnection {
  execute(options: object, values: Bindings, callback: (error: Error | null, rows: unknown, fields: unknown) => void): void;
}

/** SQLite: the statements prepareTransactionStatements kept, per connection. */
const sqliteStatements = new WeakMap<object, Map<string, Sqlite.Statement>>();

/**
 * Runs the rest of a knex transaction's statements as prepared statements kept on its
 * connection, so the database parses and plans each once per connection rather than once per
 * request. For a hot transaction whose statements are few and fixed (the certificate's, issue
 * 54), written with the query builder as everywhere else:
 * - MySQL/MariaDB: mysql2's execute, as executePrepared uses (a statement without bindings, such
 *   as the COMMIT, still goes as text). MariaDB caps prepared statements server-wide
 *   (max_prepared_stmt_count), so a statement whose text varies with its input (a whereIn over a
 *   list) must not run in such a transaction.
 * - SQLite: better-sqlite3's statements, kept per connection instead of prepared for each run.
 * It replaces the transaction client's `_query`, the one method knex's dialects run a statement
 * through (knex 3), on this transaction only; statements.test.ts fails if knex stops calling it.
 */
export function prepareTransactionStatements(trx: Knex.Transaction): void {
  const client = trx.client as unknown as KnexTransactionClient;
  const textQuery = client._query;
  if (typeof textQuery !== 'function') throw new Error('knex no longer runs a statement through _query: prepareTransactionStatements must follow it');
  if (dialectOf(trx) === 'mysql') {
    client._query = (connection, query) => {
      if (!query.bindings?.length) return textQuery.call(client, connection, query);
      return new Promise((resolve, reject) => {
        (connection as MysqlExecutingConnection).execute({ ...query.options, sql: query.sql }, query.bindings!, (error, rows, fields) => {
          if (error) return reject(error);
          query.response = [rows, fields];
          resolve(query);
        });
      });
    };
    return;
  }
  // knex's own SQLite _query asks the connection only to prepare: hand it one that keeps them.
  client._query = (connection, query) => {
    const raw = connection as { prepare(sql: string): Sqlite.Statement };
    let kept = sqliteStatements.get(raw);
    if (!kept) sqliteStatements.set(raw, (kept = new Map()));
    const keeping = {
      prepare(sql: string): Sqlite.Statement {
        let statement = kept.get(sql);
        if (!statement) kept.set(sql, (statement = raw.prepare(sql)));
        return statement;
      },
    };
    return textQuery.call(client, keeping, query);
  };
}

interface SqliteWriteConnection {
  prepare(sql: string): Sqlite.Statement;
  exec(sql: string): unknown;
  inTransaction: boolean;
}

interface PendingWrite {
  sql: string;
  bindings: Bindings;
}

/**
 * Group commit for SQLite: the writes that arrive while the previous batch runs, or in one turn
 * of the event loop, run in one transaction on the writer's connection (taken from knex's pool
 * like any query), so SQLite's cost per write transaction is paid once per batch.
 *
 * Each statement still answers for itself: one that fails (a constraint, say) rejects alone, as it
 * would have outside the batch; an error that ends the whole transaction, or a failed COMMIT,
 * rejects every statement of the batch, none of which is then stored. Nothing resolves before
 * its COMMIT has succeeded.
 */
export class SqliteGroupCommit {
  private readonly write: DataLoader<PendingWrite, unknown[]>;
  /** Statements prepared on the writer's connection; dropped if the pool hands out another one. */
  private statements = new Map<string, Sqlite.Statement>();
  private preparedOn: SqliteWriteConnection | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly observe: (sql: string, bindings: Bindings) => void,
  ) {
    this.write = batchLoader((writes: readonly PendingWrite[]) => this.runWrites(writes));
  }

  rows(sql: string, bindings: Bindings): Promise<unknown[]> {
    return this.write.load({ sql, bindings });
  }

  private async runWrites(writes: readonly PendingWrite[]): Promise<Array<unknown[] | Error>> {
    const client = this.knex.client as PooledClient<SqliteWriteConnection>;
    const connection = await client.acquireConnection();
    try {
      return this.runBatch(connection, writes);
    } finally {
      await client.releaseConnection(connection).catch(() => undefined);
    }
  }

  private prepare(connection: SqliteWriteConnection, sql: string): Sqlite.Statement {
    if (this.preparedOn !== connection) {
      this.statements = new Map();
      this.preparedOn = connection;
    }
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private runBatch(connection: SqliteWriteConnection, batch: readonly PendingWrite[]): Array<unknown[] | Error> {
    connection.exec('BEGIN IMMEDIATE');
    const outcomes: Array<unknown[] | Error> = [];
    for (const write of batch) {
      this.observe(write.sql, write.bindings);
      try {
        outcomes.push(mappedRows(this.knex, this.prepare(connection, write.sql).all(...write.bindings.map(sqliteValue))));
      } catch (error) {
        // SQLite ended the transaction (disk full, I/O error): what ran before is gone too.
        if (!connection.inTransaction) throw error;
        outcomes.push(asError(error));
      }
    }
    try {
      connection.exec('COMMIT');
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    }
    return outcomes;
  }
}

/** As knex hands values to better-sqlite3: booleans as 0/1, dates as epoch milliseconds. */
function sqliteValue(value: Knex.Value): unknown {
  if (typeof value === 'boolean') return Number(value);
  if (value instanceof Date) return value.valueOf();
  return value;
}
