import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import type { Config } from '../config.ts';
import { BACKSTOP_PAGES } from './sqliteCheckpoints.ts';

export type Db = Knex;
export type Dialect = 'sqlite' | 'mysql';

interface SqliteConnection {
  pragma(source: string): unknown;
}

/** Waiting longer than this for a pooled MariaDB connection fails the request with 503. */
export const MYSQL_ACQUIRE_TIMEOUT_MS = 5000;
export const MYSQL_CONNECT_TIMEOUT_MS = 3000;

/** knex's own warnings (one per failed connection attempt) are summarised this often at most. */
const KNEX_WARNING_INTERVAL_MS = 10_000;

/**
 * knex logs "Acquire connection error" with a stack for every query that finds the database
 * down: thousands of lines a second under load, while the request log already says it (once per
 * interval, see middlewares/errors.ts). Each kind of warning (its first line) is written at once,
 * then at most once per interval with the number of repeats left out.
 */
export function throttledKnexLog(write: (line: string) => void = (line) => console.warn(line), now = Date.now) {
  const seen = new Map<string, { at: number; suppressed: number }>();
  const note = (level: string) => (message: unknown) => {
    const text = typeof message === 'string' ? message : message instanceof Error ? (message.stack ?? message.message) : JSON.stringify(message);
    // The kind: the first line without the address and port, which change between attempts.
    const firstLine = text.split('\n', 1)[0]!.slice(0, 300);
    const kind = `${level}:${firstLine.replace(/\d+(\.\d+){3}(:\d+)?/g, '<address>')}`;
    const last = seen.get(kind);
    const at = now();
    if (last && at - last.at < KNEX_WARNING_INTERVAL_MS) {
      last.suppressed += 1;
      return;
    }
    const repeats = last?.suppressed ? ` (and ${last.suppressed} more like it in the last ${Math.round((at - last.at) / 1000)} s)` : '';
    write(`knex ${level}: ${firstLine}${repeats}`);
    seen.set(kind, { at, suppressed: 0 });
  };
  return {
    warn: note('warning'),
    error: note('error'),
    deprecate: (method: string, alternative: string) => write(`knex: ${method} is deprecated, use ${alternative}`),
    debug: (message: unknown) => console.debug(message),
  };
}

/**
 * A knex instance on `database`: camelCase in JavaScript, snake_case in the database. The app
 * opens it through Database.open (database.ts); tools (migrations, backups, the bench) use it as is.
 */
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
            // The app checkpoints on a thread of its own (db/sqliteCheckpoints.ts); this one is the
            // backstop, and the log file is cut back to 64 MiB once it has been copied.
            connection.pragma(`wal_autocheckpoint = ${filename === ':memory:' ? 1000 : BACKSTOP_PAGES}`);
            connection.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
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
      // A reachable MariaDB greets within milliseconds; one that has not in 3 s is hung or gone.
      connectTimeout: MYSQL_CONNECT_TIMEOUT_MS,
    },
    pool: {
      min: 0,
      max: 10,
      acquireTimeoutMillis: MYSQL_ACQUIRE_TIMEOUT_MS,
      // A failed connect rejects the waiting query at once (answered 503) instead of being
      // retried until the acquire timeout, so requests fail fast while the database is down.
      propagateCreateError: true,
    },
    acquireConnectionTimeout: MYSQL_ACQUIRE_TIMEOUT_MS,
    log: throttledKnexLog(),
    ...knexSnakeCaseMappers(),
  });
}

export function dialectOf(db: Db): Dialect {
  return db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite';
}

/** A boolean column as the drivers answer it (SQLite 0/1, MySQL tinyint, sometimes text). */
export type DbBoolean = boolean | number | string | null;
export const dbBoolean = (value: DbBoolean | undefined): boolean => Boolean(Number(value ?? 0));

export const toIso = (ms: number | string | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/** True for a unique-key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Whether an insert failed because the row it points at is gone (a comment deleted between the
 * policy's read and the write): the caller answers 404, as if it had been gone before.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ER_NO_REFERENCED_ROW_2' || code === 'ER_NO_REFERENCED_ROW' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** `select count(*)` of a query, as a number on both databases. */
export async function countRows<TRecord extends object, TResult>(query: Knex.QueryBuilder<TRecord, TResult>): Promise<number> {
  const row = (await query.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}
