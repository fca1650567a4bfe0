import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/knex.ts';
import { migrateLatest } from '../db/migrate.ts';

export type TestDialect = 'sqlite' | 'mysql';

export const testDialect = (): TestDialect => (process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite');

export interface TestDatabase {
  db: Db;
  database: Config['database'];
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
    const database: Config['database'] = { client: 'mysql', url: target.toString() };
    const db = createDb(database);
    await migrateLatest(db);
    return {
      db,
      database,
      async destroy() {
        await db.destroy();
        await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const database: Config['database'] = { client: 'sqlite', filename: join(dir, 'test.sqlite') };
  const db = createDb(database);
  await migrateLatest(db);
  return {
    db,
    database,
    async destroy() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
