import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { Config } from '../config.ts';
import { Database } from '../db/database.ts';
import type { Db } from '../db/knex.ts';
import { CatalogueCache } from '../services/catalogue.ts';
import { migrateLatest } from '../db/migrate.ts';

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

/** A fresh, migrated database for one test file: a temp SQLite file or a new MariaDB schema. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect() === 'mysql') {
    const url = process.env.MYSQL_URL;
    if (!url) throw new Error('TEST_DB=mysql needs MYSQL_URL');
    const name = `atrium_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'mysql2', connection: url, pool: { min: 0, max: 1 } });
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const config: Config['database'] = { client: 'mysql', url: target.toString() };
    const database = await Database.open(config);
    await migrateLatest(database.knex);
    return {
      db: database.knex,
      database,
      config,
      catalogue: new CatalogueCache(database.knex),
      async destroy() {
        await database.close();
        await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const config: Config['database'] = { client: 'sqlite', filename: join(dir, 'test.sqlite') };
  const database = await Database.open(config);
  await migrateLatest(database.knex);
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
