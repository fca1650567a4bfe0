import type { Database } from '../db/database.ts';
import { dialectOf, type Db } from '../db/knex.ts';
import { selectRows } from '../db/raw.ts';

/**
 * What one write costs the database, counted rather than timed (issue 54), so the figures do not
 * move with the machine's load: the statements the app sends, and
 * - MariaDB: the session's Handler_* and Rows_read counters (SHOW SESSION STATUS before and after,
 *   less what reading them costs), triggers included. `database` must have a single pooled
 *   connection, so the session is the write's own: open a Database of its own for it and send
 *   one write at a time (checked: a second connection fails the measurement).
 * - SQLite: the rows inserted, updated or deleted, triggers included (total_changes() on the
 *   writer connection), and the statements' query plans.
 */
export interface WriteWork {
  /** As sent, `begin` and `commit` included. */
  statements: string[];
  /** Transactions committed: explicit commits and statements autocommitted on their own. */
  commits: number;
  /** MariaDB: counter deltas; SQLite: { rowsChanged }. */
  counters: Record<string, number>;
}

export const MYSQL_COUNTERS = [
  'Handler_read_key',
  'Handler_read_next',
  'Handler_read_rnd_next',
  'Handler_read_first',
  'Handler_write',
  'Handler_update',
  'Handler_delete',
  'Handler_tmp_write',
  'Rows_read',
];

async function mysqlCounters(db: Db): Promise<Record<string, number>> {
  const [rows] = (await db.raw('show session status')) as [Array<{ Variable_name: string; Value: string }>];
  const wanted = new Set(MYSQL_COUNTERS);
  const counters: Record<string, number> = {};
  for (const row of rows) if (wanted.has(row.Variable_name)) counters[row.Variable_name] = Number(row.Value);
  return counters;
}

async function sqliteChanges(db: Db): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, 'select total_changes() as n', []);
  return Number(row!.n);
}

function connections(database: Database): number {
  const pool = (database.knex.client as { pool?: { numUsed(): number; numFree(): number } }).pool;
  return pool ? pool.numUsed() + pool.numFree() : 0;
}

/** The work `run` makes `database` do (see WriteWork). */
export async function measureWrite(database: Database, run: () => Promise<unknown>): Promise<WriteWork> {
  const db = database.knex;
  const statements: string[] = [];
  const onQuery = (query: { sql: string }) => {
    statements.push(oneLine(query.sql));
  };
  if (dialectOf(db) === 'sqlite') {
    const before = await sqliteChanges(db);
    db.on('query', onQuery);
    const stop = database.onStatement(onQuery);
    try {
      await run();
    } finally {
      db.removeListener('query', onQuery);
      stop();
    }
    // The group commit wraps its statements in a transaction of its own, which it does not report.
    return { statements, commits: 1, counters: { rowsChanged: (await sqliteChanges(db)) - before } };
  }
  // What reading the counters costs, to take off.
  const idle0 = await mysqlCounters(db);
  const idle1 = await mysqlCounters(db);
  const before = await mysqlCounters(db);
  db.on('query', onQuery);
  const stop = database.onStatement(onQuery);
  try {
    await run();
  } finally {
    db.removeListener('query', onQuery);
    stop();
  }
  const after = await mysqlCounters(db);
  if (connections(database) !== 1) throw new Error(`measureWrite needs a Database with one connection; it has ${connections(database)}`);
  const counters: Record<string, number> = {};
  for (const name of MYSQL_COUNTERS) counters[name] = after[name]! - before[name]! - (idle1[name]! - idle0[name]!);
  return { statements, commits: commitsOf(statements), counters };
}

function commitsOf(statements: string[]): number {
  let commits = 0;
  let open = false;
  for (const sql of statements) {
    if (/^(begin|start transaction)/i.test(sql)) open = true;
    else if (/^commit/i.test(sql)) {
      open = false;
      commits += 1;
    } else if (/^rollback/i.test(sql)) open = false;
    else if (!open) commits += 1;
  }
  return commits;
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();
