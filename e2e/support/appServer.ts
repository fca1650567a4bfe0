import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp, type App } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { Database } from '../../server/src/db/database.ts';
import type { Db } from '../../server/src/db/knex.ts';
import { migrateLatest } from '../../server/src/db/migrate.ts';
import { ensureAdmin } from '../../server/src/seed/admin.ts';
import { seedDemoCatalogue } from '../../server/src/seed/demoCatalogue.ts';
import { seedDemoLearner } from '../../server/src/seed/demoLearner.ts';
import { copySqliteTemplate } from '../../server/src/test/templateDatabase.ts';
import { requireBrowserOrSkip } from './browser.ts';

export const PORTAL_DIST = resolve(import.meta.dirname, '../../portal/dist');
export const WIDGETS_DIST = resolve(import.meta.dirname, '../../widgets/dist');

export interface RunningApp {
  url: string;
  app: App;
  db: Db;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/**
 * The real server with the built portal and widgets, on a fresh SQLite file, seeded like
 * `npm start` seeds it (demo catalogue and demo learner), plus a known admin account.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = { email: 'admin@atrium.test', password: 'admin-password-1' };
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'e2e-secret',
    PUBLIC_URL: url,
    SQLITE_FILE: join(dir, 'e2e.sqlite'),
    STORAGE_DIR: join(dir, 'files'),
    RATE_LIMIT_MULTIPLIER: '100',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'silent',
    ...env,
  });
  // A copy of the run's migrated template (the e2e project's globalSetup, as the server
  // projects'), or every migration when the file runs without it.
  const template = inject('databaseTemplate');
  if (template?.dialect === 'sqlite' && config.database.client === 'sqlite') copySqliteTemplate(template, config.database.filename);
  const database = await Database.open(config.database);
  const db = database.knex;
  if (template?.dialect !== 'sqlite') await migrateLatest(db);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = createApp({ config, database, logger });
  await seedDemoCatalogue(app.deps, logger);
  await seedDemoLearner(db, config, logger);
  await ensureAdmin(db, app.deps.passwords, config.admin!, logger);
  server.on('request', app.callback());
  return {
    url,
    app,
    db,
    admin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Browser journeys need the built portal; CI builds it before testing. */
export function portalBuilt(): boolean {
  return existsSync(join(PORTAL_DIST, 'index.html'));
}

/** Chromium and the built portal are both needed; with REQUIRE_BROWSER=1 (CI) their absence fails. */
export function portalSuiteCanRun(suite: string): boolean {
  if (!requireBrowserOrSkip()) return false;
  if (portalBuilt()) return true;
  if (process.env.REQUIRE_BROWSER === '1') throw new Error('REQUIRE_BROWSER=1 but portal/dist is missing: run `npm run build` first');
  console.warn(`[atrium] portal/dist not found: ${suite} browser suite skipped (npm run build -w portal).`);
  return false;
}
