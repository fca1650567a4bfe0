import type { Knex } from 'knex';
import { dialectOf, type Db } from './knex.ts';

/**
 * Hand-written SQL for the few statements every request sends (the session lookup, the
 * dashboard's progress read, the progress upsert): building and compiling them with the query
 * builder cost about as much CPU as SQLite took to run them. Write the SQL in snake_case, in the
 * subset both databases read the same way (plain identifiers, `?` placeholders); it still goes
 * through knex, so the pool, the query events and the error handling are the usual ones.
 */

/** Rows of a SELECT (or of SQLite's `RETURNING`), keys in camelCase as the query builder gives them. */
export async function selectRows<T>(db: Db, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  const result: unknown = await db.raw(sql, bindings);
  // knex maps better-sqlite3's rows itself; mysql2 answers [rows, fields], which it leaves alone.
  if (dialectOf(db) !== 'mysql') return result as T[];
  return mappedRows(db, (result as [unknown[]])[0]) as T[];
}

/** Rows a driver answered, keys through knex's own snake_case → camelCase mapper, as the query builder gives them. */
export function mappedRows(db: Db, rows: unknown[]): unknown[] {
  const postProcess = db.client.config.postProcessResponse as ((rows: unknown[]) => unknown[]) | undefined;
  return postProcess ? postProcess(rows) : rows;
}

/** The number of rows a MySQL INSERT/UPDATE matched (mysql2 asks for found rows, not changed ones). */
export async function affectedRows(db: Db, sql: string, bindings: readonly Knex.Value[]): Promise<number> {
  const result = (await db.raw(sql, bindings)) as [{ affectedRows?: number }];
  return Number(result[0]?.affectedRows ?? 0);
}

/** "10.11.19-MariaDB-0+deb12u1": MariaDB 10.5 added RETURNING to INSERT. */
export function isMariaDbWithReturning(version: string): boolean {
  const match = /^(\d+)\.(\d+)\..*mariadb/i.exec(version);
  return match !== null && Number(match[1]) * 1000 + Number(match[2]) >= 10_005;
}

const returningSupport = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether `INSERT … RETURNING` works, upserts included: SQLite (3.35+, better-sqlite3 bundles a
 * newer one) and MariaDB 10.5+ yes, MySQL no. Asked of the server once per database handle.
 */
export function supportsInsertReturning(db: Db): Promise<boolean> {
  if (dialectOf(db) !== 'mysql') return Promise.resolve(true);
  let answer = returningSupport.get(db);
  if (!answer) {
    answer = selectRows<{ version: string }>(db, 'select version() as version', []).then(
      ([row]) => isMariaDbWithReturning(row?.version ?? ''),
      (error: unknown) => {
        returningSupport.delete(db);
        throw error;
      },
    );
    returningSupport.set(db, answer);
  }
  return answer;
}
