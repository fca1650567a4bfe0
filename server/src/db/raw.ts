import type { Knex } from 'knex';
import { dialectOf, type Db } from './knex.ts';

/**
 * Helpers for hand-written SQL (database.ts's statements): written in snake_case, in the subset
 * both databases read the same way (plain identifiers, `?` placeholders), rows answered in
 * camelCase as the query builder gives them.
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
