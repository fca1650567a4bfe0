import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { Database } from '../db/database.ts';
import { migrateLatest } from '../db/migrate.ts';

/**
 * Every migration, run once per test run (the server projects' globalSetup), and copied into each
 * test file's database: running all of them per file was most of the server suites' time on
 * MariaDB, where each one is DDL. templateDatabase.test.ts proves a copy is the schema a fresh
 * migration gives, object for object, so a migration cannot bring anything the copy leaves out.
 */
export type DatabaseTemplate = SqliteTemplate | MysqlTemplate;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Provided by test/globalSetup.ts to the server projects' files (test/db.ts). */
    databaseTemplate: DatabaseTemplate;
  }
}

export interface SqliteTemplate {
  dialect: 'sqlite';
  /** A migrated, checkpointed SQLite file (no WAL beside it): a byte copy is a migrated database. */
  filename: string;
}

export interface MysqlTrigger {
  /** The table it is on: a table's triggers are created one after another, in firing order. */
  table: string;
  /** SHOW CREATE TRIGGER's statement without its DEFINER (the copy's user is the definer, as when migrating). */
  statement: string;
  sqlMode: string;
  characterSetClient: string;
  collationConnection: string;
}

export interface MysqlTemplate {
  dialect: 'mysql';
  /** The migrated schema the rows are copied from; dropped when the run ends. */
  schema: string;
  /** SHOW CREATE TABLE of every table: columns, indexes, foreign keys, checks, options. */
  tables: string[];
  /** INSERT … SELECT from the template for each table the migrations wrote rows to. */
  rows: string[];
  /** In the order they fire (per table and event), each with the session settings it was created under. */
  triggers: MysqlTrigger[];
}

export const TEST_SCHEMA_CHARSET = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';

/** `mysql://…/test` → the same server with `schema` as its database. */
export function mysqlUrlFor(url: string, schema: string): string {
  const target = new URL(url);
  target.pathname = `/${schema}`;
  return target.toString();
}

export const uniqueSchemaName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** Migrates a new database from scratch and describes how to copy it; `dispose` removes it. */
export async function buildTemplate(dialect: 'sqlite' | 'mysql', mysqlUrl?: string): Promise<{ template: DatabaseTemplate; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'));
    const filename = join(dir, 'template.sqlite');
    const database = await Database.open({ client: 'sqlite', filename });
    try {
      await migrateLatest(database.knex);
      // Everything into the main file, so copying it alone copies the database.
      await database.knex.raw('pragma wal_checkpoint(TRUNCATE)');
    } finally {
      await database.close();
    }
    return { template: { dialect, filename }, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!mysqlUrl) throw new Error('TEST_DB=mysql needs MYSQL_URL');
  const schema = uniqueSchemaName('atrium_tpl');
  const admin = await mysql.createConnection(mysqlUrl);
  const dispose = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${quote(schema)}`);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE ${quote(schema)} ${TEST_SCHEMA_CHARSET}`);
    const database = await Database.open({ client: 'mysql', url: mysqlUrlFor(mysqlUrl, schema) });
    try {
      await migrateLatest(database.knex);
    } finally {
      await database.close();
    }
    return { template: await describeMysqlTemplate(admin, schema), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

type Rows = Array<Record<string, unknown>>;

async function describeMysqlTemplate(admin: mysql.Connection, schema: string): Promise<MysqlTemplate> {
  const select = async (sql: string, values: unknown[] = []) => (await admin.query(sql, values))[0] as Rows;
  // Objects the copy would not bring: fail here, naming them, rather than hand out a smaller schema.
  const unknown = await select(
    `select concat(table_type, ' ', table_name) as what from information_schema.tables where table_schema = ? and table_type <> 'BASE TABLE'
     union all select concat(routine_type, ' ', routine_name) from information_schema.routines where routine_schema = ?
     union all select concat('EVENT ', event_name) from information_schema.events where event_schema = ?`,
    [schema, schema, schema],
  );
  if (unknown.length > 0) {
    throw new Error(
      `the test database template copies tables and triggers only; the migrations made ${unknown.map((row) => row.what).join(', ')} (see test/templateDatabase.ts)`,
    );
  }
  const tables = (await select(`select table_name as name from information_schema.tables where table_schema = ? order by table_name`, [schema])).map((row) =>
    String(row.name),
  );
  const creates: string[] = [];
  const rows: string[] = [];
  for (const table of tables) {
    const [created] = await select(`show create table ${quote(schema)}.${quote(table)}`);
    creates.push(String(created!['Create Table']));
    const [count] = await select(`select count(*) as n from ${quote(schema)}.${quote(table)}`);
    if (Number(count!.n) === 0) continue;
    const columns = await select(
      `select column_name as name from information_schema.columns
        where table_schema = ? and table_name = ? and extra not like '%GENERATED%' order by ordinal_position`,
      [schema, table],
    );
    const list = columns.map((column) => quote(String(column.name))).join(', ');
    rows.push(`INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM ${quote(schema)}.${quote(table)}`);
  }
  const triggerNames = await select(
    `select trigger_name as name, event_object_table as \`table\` from information_schema.triggers where trigger_schema = ?
      order by event_object_table, action_timing, event_manipulation, action_order`,
    [schema],
  );
  const triggers: MysqlTrigger[] = [];
  for (const { name, table } of triggerNames) {
    const [shown] = await select(`show create trigger ${quote(schema)}.${quote(String(name))}`);
    triggers.push({
      table: String(table),
      statement: String(shown!['SQL Original Statement']).replace(/^CREATE\s+DEFINER\s*=\s*(`[^`]*`|'[^']*'|\S+?)@(`[^`]*`|'[^']*'|\S+)\s+/i, 'CREATE '),
      sqlMode: String(shown!.sql_mode),
      characterSetClient: String(shown!.character_set_client),
      collationConnection: String(shown!.collation_connection),
    });
  }
  return { dialect: 'mysql', schema, tables: creates, rows, triggers };
}

/** A copy of the SQLite template at `filename`. */
export function copySqliteTemplate(template: SqliteTemplate, filename: string): void {
  copyFileSync(template.filename, filename);
}

/** Connections that create a copy's tables side by side: MariaDB spends a CREATE TABLE mostly waiting on its files. */
const COPY_CONNECTIONS = 4;

/**
 * A new schema `target` holding a copy of the MariaDB template: its tables, then the rows the
 * migrations wrote, then its triggers (after the rows, so copying them fires none).
 */
export async function copyMysqlTemplate(template: MysqlTemplate, mysqlUrl: string, target: string): Promise<void> {
  const first = await mysql.createConnection(mysqlUrl);
  const connections = [first];
  try {
    await first.query(`CREATE DATABASE ${quote(target)} ${TEST_SCHEMA_CHARSET}`);
    while (connections.length < COPY_CONNECTIONS) connections.push(await mysql.createConnection(mysqlUrl));
    for (const connection of connections) {
      await connection.query(`USE ${quote(target)}`);
      // A table's foreign keys may name a table created after it.
      await connection.query('SET SESSION foreign_key_checks = 0');
    }
    // Tables, then rows, then triggers; each step on every connection at once (a table's
    // triggers on one, in their firing order).
    const byTable = new Map<string, MysqlTrigger[]>();
    for (const trigger of template.triggers) byTable.set(trigger.table, [...(byTable.get(trigger.table) ?? []), trigger]);
    const steps: Array<Array<Array<(connection: mysql.Connection) => Promise<unknown>>>> = [
      template.tables.map((statement) => [(connection) => connection.query(statement)]),
      template.rows.map((statement) => [(connection) => connection.query(statement)]),
      [...byTable.values()].map((triggers) =>
        triggers.map((trigger) => async (connection) => {
          await connection.query('SET SESSION sql_mode = ?', [trigger.sqlMode]);
          await connection.query(`SET NAMES ${trigger.characterSetClient} COLLATE ${trigger.collationConnection}`);
          await connection.query(trigger.statement);
        }),
      ),
    ];
    for (const step of steps) {
      const queue = [...step];
      await Promise.all(
        connections.map(async (connection) => {
          for (let work = queue.shift(); work !== undefined; work = queue.shift()) for (const run of work) await run(connection);
        }),
      );
    }
  } finally {
    await Promise.all(connections.map((connection) => connection.end()));
  }
}
