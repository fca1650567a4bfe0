import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import type { Config } from '../config.ts';

export type Db = Knex;
export type Dialect = 'sqlite' | 'mysql';

interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(sql: string): unknown;
}

/** Statements kept compiled per SQLite connection; the app sends a few dozen distinct ones. */
const PREPARED_STATEMENT_CACHE = 500;

/**
 * knex prepares every statement afresh on better-sqlite3, and compiling it was about as costly
 * as running it for the app's small indexed queries. A statement is reusable once .all()/.run()
 * return (knex uses nothing else), and SQLite re-prepares it by itself after a schema change.
 */
function cachePreparedStatements(connection: SqliteConnection): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement !== undefined) {
      // Most recently used last, so the oldest goes first when the cache is full.
      statements.delete(sql);
    } else {
      statement = prepare(sql);
      if (statements.size >= PREPARED_STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  };
}

/** One knex instance per process; camelCase in JavaScript, snake_case in the database. */
export function createDb(database: Config['database']): Db {
  if (database.client === 'sqlite') {
    const filename = database.filename === ':memory:' ? ':memory:' : resolve(database.filename);
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      // better-sqlite3 is synchronous: one connection serialises writes the way SQLite wants.
      pool: {
        min: 1,
        max: 1,
        afterCreate(connection: SqliteConnection, done: (error: Error | null, connection: unknown) => void) {
          try {
            connection.pragma('journal_mode = WAL');
            connection.pragma('foreign_keys = ON');
            connection.pragma('busy_timeout = 5000');
            connection.pragma('synchronous = NORMAL');
            // 32 MiB of page cache instead of SQLite's 2 MiB default: at 200,000 learners the
            // users indexes alone outgrow 2 MiB and every search re-read its pages from the OS.
            connection.pragma('cache_size = -32768');
            cachePreparedStatements(connection);
            done(null, connection);
          } catch (error) {
            done(error as Error, connection);
          }
        },
      },
      ...knexSnakeCaseMappers(),
    });
  }

  const url = new URL(database.url);
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      charset: 'utf8mb4',
      // SUM() and AVG() come back as DECIMAL; numbers are what the code expects.
      decimalNumbers: true,
      supportBigNumbers: true,
      timezone: 'Z',
      connectTimeout: 5000,
    },
    pool: { min: 0, max: 10, acquireTimeoutMillis: 5000 },
    acquireConnectionTimeout: 5000,
    ...knexSnakeCaseMappers(),
  });
}

export function dialectOf(db: Db): Dialect {
  return db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite';
}

/** Milliseconds since the epoch: the one timestamp representation on both databases. */
export const now = () => Date.now();

export const toIso = (ms: number | string | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** SQL for "the larger of the stored value and the one being inserted" in an upsert. */
export function greaterOfExisting(db: Db, column: string): Knex.Raw {
  return dialectOf(db) === 'mysql'
    ? db.raw('GREATEST(??, VALUES(??))', [column, column])
    : db.raw('MAX(??, excluded.??)', [column, column]);
}

/** SQL for "the value being inserted" in an upsert. */
export function insertedValue(db: Db, column: string): Knex.Raw {
  return dialectOf(db) === 'mysql' ? db.raw('VALUES(??)', [column]) : db.raw('excluded.??', [column]);
}

/** True for a unique-key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** `select count(*)` of a query, as a number on both databases. */
export async function countRows(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}
