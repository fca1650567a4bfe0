import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { Database } from '../db/database.ts';
import type { Db } from '../db/knex.ts';
import type { CatalogueCache } from '../services/catalogue.ts';
import { MovableClock } from './movableClock.ts';
import { createPasswordHasher } from '../services/passwords.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { TestClient } from './client.ts';

export interface TestServer {
  app: App;
  /** The app's query builder and Database object, and its catalogue cache. */
  db: Db;
  database: Database;
  catalogue: CatalogueCache;
  /** The app's clock: move it to reach a date instead of waiting for it. */
  clock: MovableClock;
  config: Config;
  url: string;
  client(): TestClient;
  close(): Promise<void>;
}

interface ListeningApp {
  app: App;
  clock: MovableClock;
  config: Config;
  url: string;
  close(): Promise<void>;
}

/** The real app on `db`, listening on a loopback port; close() stops it and leaves the database. */
async function listenApp(database: Database, config: Config['database'], env: Record<string, string>): Promise<ListeningApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Uploaded files go to a folder of this app's own, removed when it stops.
  const filesDir = mkdtempSync(join(tmpdir(), 'atrium-files-'));
  const stagingDir = mkdtempSync(join(tmpdir(), 'atrium-uploads-'));
  const appConfig = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-key-one,test-secret-key-two',
    PUBLIC_URL: url,
    RATE_LIMIT_MULTIPLIER: '1000',
    SUPPORT_EMAIL: 'support@atrium.test',
    LOG_LEVEL: 'silent',
    STORAGE_DIR: filesDir,
    UPLOAD_STAGING_DIR: stagingDir,
    ...env,
  });
  appConfig.database = config;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = new MovableClock();
  const app = createApp({ config: appConfig, database, logger, clock, passwords: createPasswordHasher(4) });
  server.on('request', app.callback());
  return {
    app,
    clock,
    config: appConfig,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await rm(filesDir, { recursive: true, force: true });
      await rm(stagingDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app on a fresh database, listening on a loopback port. Rate limits are raised
 * unless a test passes RATE_LIMIT_MULTIPLIER itself.
 */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const test: TestDatabase = await createTestDatabase();
  const listening = await listenApp(test.database, test.config, env);
  return {
    ...listening,
    db: test.db,
    database: test.database,
    catalogue: listening.app.deps.catalogue,
    client: () => new TestClient(listening.url),
    async close() {
      await listening.close();
      await test.destroy();
    },
  };
}

export interface TestCluster {
  /** A handle of the test's own on the shared database, for arranging and checking rows. */
  db: Db;
  /** The test's own catalogue cache (its factories' writes drop it; the instances' caches catch up by TTL). */
  catalogue: CatalogueCache;
  /** The instances; each one's `db` is its own connection pool, its close() stops only it. */
  servers: TestServer[];
  close(): Promise<void>;
}

/**
 * `count` instances of the app on one fresh database, as separate processes behind a load
 * balancer would be: each has its own connection pool (and so its own catalogue cache and its
 * own in-memory rate limits), and they share only the database and, with REDIS_URL, Redis.
 * `env` may differ per instance.
 */
export async function createTestCluster(count: number, env: Record<string, string> | ((index: number) => Record<string, string>) = {}): Promise<TestCluster> {
  const test: TestDatabase = await createTestDatabase();
  const servers: TestServer[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const database = await Database.open(test.config);
      const listening = await listenApp(database, test.config, typeof env === 'function' ? env(index) : env);
      servers.push({
        ...listening,
        db: database.knex,
        database,
        catalogue: listening.app.deps.catalogue,
        client: () => new TestClient(listening.url),
        async close() {
          await listening.close();
          await database.close();
        },
      });
    }
  } catch (error) {
    for (const server of servers) await server.close();
    await test.destroy();
    throw error;
  }
  return {
    db: test.db,
    catalogue: test.catalogue,
    servers,
    async close() {
      for (const server of servers) await server.close();
      await test.destroy();
    },
  };
}
