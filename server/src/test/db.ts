import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import type { Config } from '../config.ts';
import { Database } from '../db/database.ts';
import type { Db } from '../db/knex.ts';
import { CatalogueCache } from '../services/catalogue.ts';
import { migrateLatest } from '../db/migrate.ts';
import { copyMysqlTemplate, copySqliteTemplate, mysqlUrlFor, TEST_SCHEMA_CHARSET, uniqueSchemaName, type DatabaseTemplate } from './templateDatabase.ts';

export type TestDialect = 'sqlite' | 'mysql';

export const testDialect = (): TestDialect => (process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite');

export interface TestDatabase {
  /** The query builder of `database`. */
  db: Db;
  database: Database;
  config: Config['database'];
  /** A catalogue cache of its own, for the catalogue commands that test code runs (factories). */
  catalogue: CatalogueCache;
  destroy(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /**
   * Run every migration on the new database instead of copying the run's migrated template: for
   * the tests of migrations themselves (their rollbacks and re-runs), and for the test that
   * compares the copy with a fresh migration.
   */
  fromScratch?: boolean;
}

/** The template the server projects' globalSetup migrated, when this run has one for this dialect. */
function runTemplate(dialect: TestDialect): DatabaseTemplate | undefined {
  const template = inject('databaseTemplate') as DatabaseTemplate | undefined;
  return template?.dialect === dialect ? template : undefined;
}

/**
 * A fresh, migrated database for one test file: a temp SQLite file or a new MariaDB schema, copied
 * from the run's migrated template (test/templateDatabase.ts) or, with `fromScratch` or outside
 * the server projects, migrated here.
 */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = options.fromScratch ? undefined : runTemplate(testDialect());
  if (testDialect() === 'mysql') {
    const url = process.env.MYSQL_URL;
    if (!url) throw new Error('TEST_DB=mysql needs MYSQL_URL');
    const name = uniqueSchemaName('atrium_t');
    const admin = knexFactory({ client: 'mysql2', connection: url, pool: { min: 0, max: 1 } });
    const config: Config['database'] = { client: 'mysql', url: mysqlUrlFor(url, name) };
    let database: Database;
    try {
      if (template?.dialect === 'mysql') {
        await copyMysqlTemplate(template, url, name);
        database = await Database.open(config);
      } else {
        await admin.raw(`CREATE DATABASE ?? ${TEST_SCHEMA_CHARSET}`, [name]);
        database = await Database.open(config);
        await migrateLatest(database.knex);
      }
    } catch (error) {
      await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
      await admin.destroy();
      throw error;
    }
    return {
      db: database.knex,
      database,
      config,
      catalogue: new CatalogueCache(database.knex),
      async destroy() {
        await database.close();
        await dropTestSchema(admin, name);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const config: Config['database'] = { client: 'sqlite', filename: join(dir, 'test.sqlite') };
  if (template?.dialect === 'sqlite') copySqliteTemplate(template, config.filename);
  const database = await Database.open(config);
  if (!template) await migrateLatest(database.knex);
  return {
    db: database.knex,
    database,
    config,
    catalogue: new CatalogueCache(database.knex),
    async destroy() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Drops a file's throwaway schema. On a loaded machine MariaDB sometimes answers "Directory not
 * empty" (errno 39, error 1010) while it still closes the schema's table files: tried again a few
 * times, and if it still refuses, left behind with a warning (as a killed run leaves one) rather
 * than failing a file whose tests have all run.
 */
async function dropTestSchema(admin: Knex, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
      return;
    } catch (error) {
      if ((error as { errno?: number }).errno !== 1010) throw error;
      if (attempt === 5) {
        console.warn(`[atrium] test schema ${name} left behind: ${(error as Error).message}`);
        return;
      }
      await new Promise((done) => setTimeout(done, 500 * attempt));
    }
  }
}
