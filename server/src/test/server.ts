import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/knex.ts';
import { createPasswordHasher } from '../services/passwords.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { TestClient } from './client.ts';

export interface TestServer {
  app: App;
  db: Db;
  config: Config;
  url: string;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, listening on a loopback port. Rate limits are raised
 * unless a test passes RATE_LIMIT_MULTIPLIER itself.
 */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database: TestDatabase = await createTestDatabase();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-key-one,test-secret-key-two',
    PUBLIC_URL: url,
    RATE_LIMIT_MULTIPLIER: '1000',
    SUPPORT_EMAIL: 'support@atrium.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  config.database = database.database;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = createApp({ config, db: database.db, logger, passwords: createPasswordHasher(4) });
  server.on('request', app.callback());
  return {
    app,
    db: database.db,
    config,
    url,
    client: () => new TestClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await database.destroy();
    },
  };
}
