import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { dialectOf, onDestroy, type Db } from './knex.ts';
import { mappedRows, selectRows } from './raw.ts';
import { asError, turnBatcher } from './turnBatches.ts';

/**
 * The statements nearly every request sends (the session with its user, the dashboard's progress
 * figures, the progress upsert), as hand-written SQL in the subset both databases read the same
 * way, like db/raw.ts. readRows is for reads; preparedRows for a write that answers rows.
 *
 * Reads:
 *
 * On SQLite they run on a second connection of their own, opened read-only (`query_only`),
 * with each statement prepared once: going through knex's pool and query pipeline cost more
 * than SQLite took to answer them. In WAL mode a reader never waits for the writer and sees
 * what has been committed, which is what these reads want; a transaction in progress on the
 * writer's connection stays invisible to them until it commits.
 *
 * On MySQL/MariaDB they run as server-side prepared statements (mysql2's execute, which keeps
 * each statement prepared per connection) on a connection of knex's pool: the server parses and
 * plans them once per connection instead of once per request.
 *
 * A read inside a knex transaction goes through the transaction (selectRows), so it sees the
 * transaction's own writes. Either way knex's `query` event is emitted, so tests that count
 * statements still see them.
 */

interface SqliteReader {
  connection: Database.Database;
  statements: Map<string, Database.Statement>;
}

const readers = new WeakMap<Db, SqliteReader | null>();

function sqliteFilename(db: Db): string | null {
  const connection = db.client.config.connection as { filename?: string } | undefined;
  const filename = connection?.filename;
  // A private in-memory database is visible to its own connection only.
  return filename && filename !== ':memory:' && !filename.startsWith('file::memory:') ? filename : null;
}

function readerOf(db: Db): SqliteReader | null {
  let reader = readers.get(db);
  if (reader !== undefined) return reader;
  const filename = dialectOf(db) === 'sqlite' ? sqliteFilename(db) : null;
  if (filename) {
    const connection = new Database(filename, { fileMustExist: true });
    connection.pragma('busy_timeout = 5000');
    connection.pragma('cache_size = -32768');
    connection.pragma('query_only = 1');
    reader = { connection, statements: new Map() };
    // Closed with knex, so tests and shutdown leave no file open.
    onDestroy(db, () => {
      if (connection.open) connection.close();
      readers.delete(db);
    });
  } else {
    reader = null;
  }
  readers.set(db, reader);
  return reader;
}

/**
 * Rows of a read-only SELECT, keys in camelCase. `db` may be a transaction: the read then runs
 * inside it, through knex, so it sees the transaction's own writes.
 */
export async function readRows<T>(db: Db | Knex.Transaction, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  if ((db as Knex.Transaction).isTransaction) return selectRows<T>(db, sql, bindings);
  if (dialectOf(db) === 'mysql') return executePrepared<T>(db, sql, bindings);
  const reader = readerOf(db);
  if (!reader) return selectRows<T>(db, sql, bindings);
  db.emit('query', { sql, bindings, method: 'select', reader: true });
  let statement = reader.statements.get(sql);
  if (!statement) {
    statement = reader.connection.prepare(sql);
    reader.statements.set(sql, statement);
  }
  return mappedRows(db, statement.all(...bindings)) as T[];
}

/**
 * A read of the rows that belong to one key (a session id, a user id): `sql` answers them for the
 * keys in `in (…)` placeholders, and `keyOf` says which key a row belongs to.
 */
export interface KeyedRead<T> {
  sql(placeholders: string): string;
  keyOf(row: T): string | number;
}

/**
 * readRows for one key's rows. The keys asked for while the previous such read is running, or in
 * the same turn of the event loop, are read by one statement, `… in (k1, k2, …)`, so that a
 * statement's fixed cost is paid once per batch rather than once per request:
 * - MariaDB spends 100 µs or more of its own CPU on any statement, whatever it reads, and with
 *   every signed-in request reading its session that fixed cost was the limit (dashboard and
 *   progress rates doubled on the same machine when the reads were batched).
 * - SQLite, in this process, still begins and ends a read transaction on the WAL per statement
 *   and the request waits on a promise per read; batched, the dashboard went from 20–23 % to
 *   31–40 % of the bench's ceiling, and signed-in requests of every kind gain alike.
 * The list is padded (with its first key) to a power of two, so each read has a handful of
 * statements to prepare rather than one per batch size. Inside a transaction, no batching: the
 * read runs in it, alone.
 */
export function readRowsByKey<T>(db: Db | Knex.Transaction, read: KeyedRead<T>, key: string | number): Promise<T[]> {
  if ((db as Knex.Transaction).isTransaction) return readRows<T>(db, sqlFor(read, 1), [key]);
  let byRead = keyedBatchers.get(db);
  if (!byRead) {
    byRead = new WeakMap();
    keyedBatchers.set(db, byRead);
  }
  let batcher = byRead.get(read) as ((key: string | number) => Promise<T[]>) | undefined;
  if (!batcher) {
    batcher = turnBatcher((keys: Array<string | number>) => readKeys(db, read, keys));
    byRead.set(read, batcher as (key: string | number) => Promise<unknown[]>);
  }
  return batcher(key);
}

const keyedBatchers = new WeakMap<Db, WeakMap<KeyedRead<never>, (key: string | number) => Promise<unknown[]>>>();
const keyedSql = new WeakMap<KeyedRead<never>, Map<number, string>>();

function sqlFor(read: KeyedRead<never>, count: number): string {
  let bySize = keyedSql.get(read);
  if (!bySize) {
    bySize = new Map();
    keyedSql.set(read, bySize);
  }
  let sql = bySize.get(count);
  if (!sql) {
    sql = read.sql(new Array(count).fill('?').join(', '));
    bySize.set(count, sql);
  }
  return sql;
}

/** At most this many keys in one statement; a larger batch is read in several. */
const MAX_KEYS_PER_STATEMENT = 256;

async function readKeys<T>(db: Db, read: KeyedRead<T>, keys: Array<string | number>): Promise<T[][]> {
  const distinct = [...new Map(keys.map((key) => [String(key), key])).values()];
  const byKey = new Map<string, T[]>();
  for (let start = 0; start < distinct.length; start += MAX_KEYS_PER_STATEMENT) {
    const chunk = distinct.slice(start, start + MAX_KEYS_PER_STATEMENT);
    let size = 1;
    while (size < chunk.length) size *= 2;
    const bindings = chunk.concat(new Array<string | number>(size - chunk.length).fill(chunk[0]!));
    for (const row of await readRows<T>(db, sqlFor(read as KeyedRead<never>, size), bindings)) {
      const key = String(read.keyOf(row));
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
  }
  return keys.map((key) => byKey.get(String(key)) ?? []);
}

interface MysqlConnection {
  execute(sql: string, values: readonly Knex.Value[], callback: (error: Error | null, rows: unknown) => void): void;
}

/**
 * The rows a statement answers (a SELECT, or a write with RETURNING), on the writer's side: a
 * prepared statement on MySQL/MariaDB; on SQLite, one of a batch of such statements that share
 * a transaction (below); and the transaction itself when `db` is one.
 */
export async function preparedRows<T>(db: Db | Knex.Transaction, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  if ((db as Knex.Transaction).isTransaction) return selectRows<T>(db, sql, bindings);
  if (dialectOf(db) === 'mysql') return executePrepared<T>(db, sql, bindings);
  return batchedSqliteWrite<T>(db, sql, bindings);
}

interface PendingWrite {
  sql: string;
  bindings: readonly Knex.Value[];
}

interface SqliteWriteConnection {
  prepare(sql: string): Database.Statement;
  exec(sql: string): unknown;
  inTransaction: boolean;
}

const writeBatchers = new WeakMap<Db, (write: PendingWrite) => Promise<unknown[]>>();

/**
 * Group commit for SQLite: the statements that arrive while the previous batch runs, or in one
 * turn of the event loop (db/turnBatches.ts), run in one transaction on the writer's connection,
 * taken from knex's pool like any query. SQLite's cost per write transaction (locks, the WAL
 * frames and their index) is then paid once per batch instead of once per statement.
 *
 * Each statement still answers for itself: one that fails (a constraint, say) is rolled back
 * alone and rejects alone, as it would have outside the batch; an error that ends the whole
 * transaction, or a failed COMMIT, rejects every statement of the batch, none of which is then
 * stored. Nothing resolves before its COMMIT has succeeded.
 */
function batchedSqliteWrite<T>(db: Db, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  let batcher = writeBatchers.get(db);
  if (!batcher) {
    batcher = turnBatcher((writes: PendingWrite[]) => runWrites(db, writes));
    writeBatchers.set(db, batcher);
  }
  return batcher({ sql, bindings }) as Promise<T[]>;
}

async function runWrites(db: Db, writes: PendingWrite[]): Promise<Array<unknown[] | Error>> {
  const client = db.client as { acquireConnection(): Promise<SqliteWriteConnection>; releaseConnection(connection: SqliteWriteConnection): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    return runBatch(db, connection, writes);
  } finally {
    await client.releaseConnection(connection).catch(() => undefined);
  }
}

/** Each write's rows or its own error; throws what fails them all (the batcher rejects each with it). */
function runBatch(db: Db, connection: SqliteWriteConnection, batch: PendingWrite[]): Array<unknown[] | Error> {
  connection.exec('BEGIN IMMEDIATE');
  const outcomes: Array<unknown[] | Error> = [];
  for (const write of batch) {
    db.emit('query', { sql: write.sql, bindings: write.bindings, method: 'raw', batched: true });
    try {
      outcomes.push(mappedRows(db, connection.prepare(write.sql).all(...write.bindings.map(sqliteValue))));
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

/** As knex hands values to better-sqlite3: booleans as 0/1, dates as epoch milliseconds. */
function sqliteValue(value: Knex.Value): unknown {
  if (typeof value === 'boolean') return Number(value);
  if (value instanceof Date) return value.valueOf();
  return value;
}

/** MySQL/MariaDB: a prepared statement on a pooled connection (acquired and released as knex does). */
async function executePrepared<T>(db: Db, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  db.emit('query', { sql, bindings, method: 'select', prepared: true });
  const client = db.client as { acquireConnection(): Promise<MysqlConnection>; releaseConnection(connection: MysqlConnection): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    const rows = await new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
      connection.execute(sql, bindings, (error, result) => (error ? reject(error) : resolve(result as Array<Record<string, unknown>>)));
    });
    return mappedRows(db, rows) as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}
