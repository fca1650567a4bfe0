/**
 * Seeds a fresh bench database at school-network scale, in bulk: the server's own migrations
 * build the schema, then the rows go in through multi-row prepared statements (SQLite, one
 * transaction, secondary indexes built once at the end) or multi-row INSERT batches (MariaDB).
 * The triggers that keep course_progress are set aside while the rows go in and put back after,
 * and the table is then built in one pass (db/courseProgress.ts), as the migration that added it
 * did: three million trigger runs would have cost more than the load.
 *
 *   node --import tsx bench/seed.ts [--scale 0.05]      (DATABASE_URL=mysql://… for MariaDB)
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { rebuildStatements } from '../server/src/db/courseProgress.ts';
import { createDb } from '../server/src/db/knex.ts';
import { migrateLatest } from '../server/src/db/migrate.ts';
import { createPasswordHasher } from '../server/src/services/passwords.ts';
import { parseOptions, type BenchTarget } from './options.ts';
import { BENCH_PASSWORD, generate, seedPlan, type Row, type SeedPlan, type TableData } from './seedData.ts';
import { generateTrusts, trustPlan, type TrustPlan } from './trustData.ts';

export interface SeedSummary {
  plan: SeedPlan;
  /** The trust scenario's trusts, schools and staff, when it was selected (trustData.ts). */
  trusts: TrustPlan | null;
  seconds: number;
  counts: Record<string, number>;
}

const log = (message: string) => console.log(`[seed] ${message}`);

export async function seedBenchDatabase(target: BenchTarget, scale: number, options: { trusts?: boolean } = {}): Promise<SeedSummary> {
  const started = Date.now();
  const plan = seedPlan(scale);
  log(
    `${target.label}: ${plan.learners.toLocaleString('en')} learners + 1 admin, ${plan.courses} courses × ${plan.modules / plan.courses} modules, ` +
      `${plan.enrollments.toLocaleString('en')} enrollments, ${plan.progress.toLocaleString('en')} progress rows, ${plan.comments.toLocaleString('en')} comments`,
  );
  // One hash, made by the server's own hasher (same argon2id parameters), for every seeded account.
  const passwordHash = await createPasswordHasher(1).hash(BENCH_PASSWORD);
  const tables = generate(plan, passwordHash);
  const trusts = options.trusts ? trustPlan(scale, plan.learners + 1, plan.progress) : null;
  if (trusts) {
    log(
      `trusts: ${trusts.trusts.toLocaleString('en')} trusts × 20 schools × 250 staff × 20 courses (${trusts.staff.toLocaleString('en')} staff, ${(trusts.staff * 20).toLocaleString('en')} member × course pairs)`,
    );
    tables.push(...generateTrusts(trusts, passwordHash));
  }

  await freshSchema(target);
  log(`schema migrated (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const counts = target.dialect === 'sqlite' ? loadSqlite(target.file, tables) : await loadMysql(target.url, tables);
  const seconds = (Date.now() - started) / 1000;
  log(`done in ${seconds.toFixed(1)} s`);
  return { plan, trusts, seconds, counts };
}

/** Drops whatever bench database exists and runs the server's migrations on an empty one. */
async function freshSchema(target: BenchTarget): Promise<void> {
  if (target.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${target.file}${suffix}`, { force: true });
    mkdirSync(dirname(target.file), { recursive: true });
    const db = createDb({ client: 'sqlite', filename: target.file });
    await migrateLatest(db);
    await db.destroy();
    return;
  }
  const server = new URL(target.url);
  server.pathname = '/';
  const admin = await mysql.createConnection({ uri: server.toString() });
  try {
    await admin.query('DROP DATABASE IF EXISTS ??', [target.database]);
    await admin.query('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [target.database]);
  } finally {
    await admin.end();
  }
  const db = createDb({ client: 'mysql', url: target.url });
  await migrateLatest(db);
  await db.destroy();
}

function progressLine(table: TableData, done: number, started: number): void {
  const seconds = (Date.now() - started) / 1000;
  log(
    `${table.table}: ${done.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en')} rows/s)`,
  );
}

/**
 * SQLite: one connection, no journal while loading, a large page cache, one transaction, and
 * multi-row prepared INSERTs. Secondary indexes (including the unique ones) are dropped before
 * and re-created from their own stored SQL afterwards, which is what enforces uniqueness.
 */
function loadSqlite(file: string, tables: TableData[]): Record<string, number> {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1048576');
    db.pragma('temp_store = MEMORY');
    db.pragma('foreign_keys = OFF');
    const names = [...new Set(tables.map((table) => table.table))];
    const indexes = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${names.map(() => '?').join(',')})`)
      .all(...names) as Array<{ name: string; sql: string }>;
    for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
    const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`).all() as Array<{ name: string; sql: string }>;
    for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);

    const counts: Record<string, number> = {};
    db.transaction(() => {
      for (const table of tables) {
        const started = Date.now();
        // SQLite allows 32,766 bound parameters per statement.
        const perStatement = Math.min(500, Math.floor(32_000 / table.columns.length));
        const statements = new Map<number, Database.Statement>();
        const statementFor = (rows: number) => {
          let statement = statements.get(rows);
          if (!statement) {
            const tuple = `(${table.columns.map(() => '?').join(',')})`;
            statement = db.prepare(
              `INSERT INTO "${table.table}" (${table.columns.map((c) => `"${c}"`).join(',')}) VALUES ${Array(rows).fill(tuple).join(',')}`,
            );
            statements.set(rows, statement);
          }
          return statement;
        };
        let done = 0;
        let reported = Date.now();
        for (const batch of table.batches(perStatement)) {
          statementFor(batch.length).run(...batch.flat());
          done += batch.length;
          if (Date.now() - reported > 10_000) {
            progressLine(table, done, started);
            reported = Date.now();
          }
        }
        progressLine(table, done, started);
        counts[table.table] = (counts[table.table] ?? 0) + done;
      }
    })();
    const started = Date.now();
    for (const index of indexes) db.exec(index.sql);
    log(`${indexes.length} indexes built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const rebuilt = Date.now();
    db.transaction(() => {
      for (const statement of rebuildStatements()) db.prepare(statement.sql).run(...statement.bindings);
      db.exec(FOLLOWS_OF_AUTHORS);
      for (const trigger of triggers) db.exec(trigger.sql);
    })();
    log(`course_progress built and ${triggers.length} triggers restored in ${((Date.now() - rebuilt) / 1000).toFixed(1)} s`);
    // The server opens it in WAL mode; set it here so the first server start finds it so.
    db.pragma('journal_mode = WAL');
    const check = db.pragma('foreign_key_check') as unknown[];
    if (check.length) throw new Error(`seeded data breaks ${check.length} foreign keys`);
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Each seeded comment opens a thread its author follows, as posting one through the app does
 * (commands/discussionFollows.ts): replies then mark a follower as the product would.
 */
const FOLLOWS_OF_AUTHORS =
  'INSERT INTO comment_follows (user_id, thread_id, following, created_at, notified_up_to_id) SELECT user_id, id, 1, created_at, id FROM comments WHERE parent_id IS NULL';

/**
 * MariaDB/MySQL: multi-row INSERT batches of a few thousand rows, committed every few batches.
 * Foreign keys are not re-checked row by row (the generator keeps them by construction);
 * unique keys are checked as usual.
 */
async function loadMysql(url: string, tables: TableData[]): Promise<Record<string, number>> {
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4' });
  const counts: Record<string, number> = {};
  try {
    await connection.query('SET SESSION foreign_key_checks = 0');
    const [triggers] = (await connection.query(
      `SELECT trigger_name AS name, action_timing AS timing, event_manipulation AS event, event_object_table AS tbl, action_statement AS body
       FROM information_schema.triggers WHERE trigger_schema = DATABASE()`,
    )) as unknown as [Array<{ name: string; timing: string; event: string; tbl: string; body: string }>];
    for (const trigger of triggers) await connection.query(`DROP TRIGGER ${mysql.escapeId(trigger.name)}`);
    await connection.query('SET SESSION autocommit = 0');
    for (const table of tables) {
      const started = Date.now();
      const columns = table.columns.map((column) => mysql.escapeId(column)).join(',');
      const sql = `INSERT INTO ${mysql.escapeId(table.table)} (${columns}) VALUES ?`;
      let done = 0;
      let reported = Date.now();
      let sinceCommit = 0;
      for (const batch of table.batches(table.table === 'comments' ? 2000 : 5000)) {
        await connection.query(sql, [batch satisfies Row[]]);
        done += batch.length;
        sinceCommit += batch.length;
        if (sinceCommit >= 50_000) {
          await connection.query('COMMIT');
          sinceCommit = 0;
        }
        if (Date.now() - reported > 10_000) {
          progressLine(table, done, started);
          reported = Date.now();
        }
      }
      await connection.query('COMMIT');
      progressLine(table, done, started);
      counts[table.table] = (counts[table.table] ?? 0) + done;
    }
    const rebuilt = Date.now();
    for (const statement of rebuildStatements()) await connection.query(statement.sql, statement.bindings);
    await connection.query(FOLLOWS_OF_AUTHORS);
    await connection.query('COMMIT');
    for (const trigger of triggers) {
      await connection.query(
        `CREATE TRIGGER ${mysql.escapeId(trigger.name)} ${trigger.timing} ${trigger.event} ON ${mysql.escapeId(trigger.tbl)} FOR EACH ROW ${trigger.body}`,
      );
    }
    log(`course_progress built and ${triggers.length} triggers restored in ${((Date.now() - rebuilt) / 1000).toFixed(1)} s`);
    await connection.query('SET SESSION foreign_key_checks = 1');
    // InnoDB refreshes statistics by itself after bulk changes, in the background; doing it now
    // makes the first scenario see the same plans as every later one.
    await connection.query(
      `ANALYZE TABLE ${[...new Set([...tables.map((table) => table.table), 'course_progress'])].map((name) => mysql.escapeId(name)).join(', ')}`,
    );
    return counts;
  } finally {
    await connection.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = parseOptions(process.argv.slice(2));
  if (options.target.dialect === 'sqlite' && existsSync(options.target.file)) log(`replacing ${options.target.file}`);
  seedBenchDatabase(options.target, options.scale, { trusts: options.only.includes('trust') }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
