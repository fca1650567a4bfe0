import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../db/knex.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './db.ts';

type Row = Record<string, unknown>;

/** Order-free and comparable: rows sorted by their JSON. */
const sorted = (rows: Row[]) => rows.map((row) => JSON.stringify(row)).sort();

/** When each migration ran differs between two databases; its name and batch do not. */
const withoutRunTimes = (table: string, rows: Row[]) =>
  table === 'knex_migrations' ? rows.map(({ migration_time: _time, migrationTime: _alsoTime, ...rest }) => rest) : rows;

/** Everything SQLite knows about the database: every object's SQL, the file's settings and every row. */
async function describeSqlite(db: Db) {
  const objects = (await db.raw('select type, name, tbl_name, sql from sqlite_master order by type, name')) as Row[];
  const settings: Row = {};
  for (const pragma of ['user_version', 'application_id', 'page_size', 'auto_vacuum', 'encoding', 'journal_mode']) {
    settings[pragma] = await db.raw(`pragma ${pragma}`);
  }
  const rows: Record<string, string[]> = {};
  for (const { name } of objects.filter((object) => object.type === 'table') as Array<{ name: string }>) {
    rows[name] = sorted(withoutRunTimes(name, (await db.raw(`select * from ${JSON.stringify(name)}`)) as Row[]));
  }
  return { objects, settings, rows };
}

/** Values that name the schema itself, and figures that differ between two copies of one schema. */
const SCHEMA_FIELDS =
  /^(TABLE_CATALOG|TABLE_SCHEMA|INDEX_SCHEMA|CONSTRAINT_CATALOG|CONSTRAINT_SCHEMA|UNIQUE_CONSTRAINT_CATALOG|UNIQUE_CONSTRAINT_SCHEMA|REFERENCED_TABLE_SCHEMA|TRIGGER_CATALOG|TRIGGER_SCHEMA|EVENT_OBJECT_CATALOG|EVENT_OBJECT_SCHEMA|ROUTINE_SCHEMA|EVENT_SCHEMA|CREATED|LAST_ALTERED|CREATE_TIME|UPDATE_TIME|CHECK_TIME|TABLE_ROWS|AVG_ROW_LENGTH|DATA_LENGTH|MAX_DATA_LENGTH|INDEX_LENGTH|DATA_FREE|CARDINALITY|CHECKSUM)$/;

/** information_schema's views, each filtered to one schema by the named column. */
const CATALOGUE: Array<[view: string, schemaColumn: string]> = [
  ['TABLES', 'TABLE_SCHEMA'],
  ['COLUMNS', 'TABLE_SCHEMA'],
  ['STATISTICS', 'TABLE_SCHEMA'],
  ['TABLE_CONSTRAINTS', 'CONSTRAINT_SCHEMA'],
  ['KEY_COLUMN_USAGE', 'CONSTRAINT_SCHEMA'],
  ['REFERENTIAL_CONSTRAINTS', 'CONSTRAINT_SCHEMA'],
  ['CHECK_CONSTRAINTS', 'CONSTRAINT_SCHEMA'],
  ['TRIGGERS', 'TRIGGER_SCHEMA'],
  ['VIEWS', 'TABLE_SCHEMA'],
  ['ROUTINES', 'ROUTINE_SCHEMA'],
  ['EVENTS', 'EVENT_SCHEMA'],
];

/** Everything MariaDB's catalogue says about the schema, SHOW CREATE TABLE of each table, and every row. */
async function describeMysql(url: string) {
  const connection = await mysql.createConnection({ uri: url, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  try {
    const select = async (sql: string, values: unknown[] = []) => (await connection.query(sql, values))[0] as Row[];
    const [{ schema }] = (await select('select database() as `schema`')) as [{ schema: string }];
    const catalogue: Record<string, string[]> = {};
    for (const [view, column] of CATALOGUE) {
      const rows = await select(`select * from information_schema.${view} where ${column} = ?`, [schema]);
      catalogue[view] = sorted(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !SCHEMA_FIELDS.test(key.toUpperCase())))));
    }
    const tables = (await select('select table_name as name from information_schema.tables where table_schema = ? order by table_name', [schema])).map((row) =>
      String(row.name),
    );
    const created: Record<string, string> = {};
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const [shown] = await select(`show create table \`${table}\``);
      created[table] = String(shown!['Create Table']);
      rows[table] = sorted(withoutRunTimes(table, await select(`select * from \`${table}\``)));
    }
    return { catalogue, created, rows };
  } finally {
    await connection.end();
  }
}

const describeDatabase = (test: TestDatabase) => (test.config.client === 'mysql' ? describeMysql(test.config.url) : describeSqlite(test.db));

describe('the test database template', () => {
  let copied: TestDatabase;
  let migrated: TestDatabase;

  beforeAll(async () => {
    copied = await createTestDatabase();
    migrated = await createTestDatabase({ fromScratch: true });
  });
  afterAll(async () => {
    await copied?.destroy();
    await migrated?.destroy();
  });

  it('is what this run copies each test file’s database from (the server projects’ globalSetup)', () => {
    expect(inject('databaseTemplate')?.dialect).toBe(testDialect());
  });

  it('gives a copy identical to a database migrated from scratch: every table, column, index, key, trigger, setting and row', async () => {
    const [copy, fresh] = await Promise.all([describeDatabase(copied), describeDatabase(migrated)]);
    expect(Object.keys(fresh.rows).length).toBeGreaterThan(40);
    expect(fresh.rows.knex_migrations!.length).toBeGreaterThan(30);
    expect(copy).toEqual(fresh);
  });
});
