import 'dotenv/config';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { Database } from './db/database.ts';
import { migrateLatest } from './db/migrate.ts';
import { ensureAdmin } from './seed/admin.ts';
import { seedDemoCatalogue } from './seed/demoCatalogue.ts';
import { seedDemoLearner } from './seed/demoLearner.ts';
import { pruneExpiredSessions } from './middlewares/session.ts';
import { housekeepingJobs, reminderJobs } from './reminders/jobs.ts';
import { Scheduler } from './scheduler/scheduler.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Readable logs for a developer at a terminal; JSON lines everywhere else.
  const pretty = !config.isProduction && process.stdout.isTTY;
  const logger = pino({ level: config.logLevel, ...(pretty ? { transport: { target: 'pino-pretty' } } : {}) });
  for (const notice of config.notices) logger.warn(notice);
  const database = await Database.open(config.database);
  const db = database.knex;
  await migrateLatest(db);

  const app = createApp({ config, database, logger });
  if (config.seedDemo) await seedDemoCatalogue(app.deps, logger);
  await seedDemoLearner(db, config, logger);
  // The signing key is published (and any key it replaces retired) before the first request.
  await app.deps.credentials.register(db, app.deps.clock);
  if (config.admin) await ensureAdmin(db, app.deps.passwords, config.admin, logger);

  // The first visitor's landing page is drawn from modules loaded now, not on their request.
  await app.deps.pages.warm();

  const server = createServer(app.callback());
  // Keep-alive longer than typical load balancer idle timeouts, so they close first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const { port } = server.address() as AddressInfo;
  logger.info(
    { url: `http://localhost:${port}`, database: config.database.client, files: app.deps.storage.description },
    `Atrium is listening on http://localhost:${port}`,
  );
  console.log(`Atrium is running: open http://localhost:${port}/ (also /auth to sign in, /admin, /examples/ for the widgets)`);

  // Mail left pending by a restart or a mail-server outage is retried; stale sessions pruned.
  const timers = [
    setInterval(() => app.deps.mailer.kick(), 30_000),
    setInterval(() => void pruneExpiredSessions(db).catch((error: unknown) => logger.warn({ err: error }, 'session pruning failed')), 60 * 60_000),
  ];
  timers.forEach((timer) => timer.unref());
  app.deps.mailer.kick();
  // Deadline reminders and digests: every instance looks for due jobs; a lease row lets one run each.
  // Without reminders, the housekeeping (unfinished uploads removed after 24 hours) still runs.
  const scheduler = new Scheduler(app.deps, config.remindersEnabled ? reminderJobs() : housekeepingJobs());
  scheduler.start();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    timers.forEach(clearInterval);
    // Stop accepting; idle keep-alive sockets close now, busy ones after their response: Node
    // keeps a socket that falls idle after close() open for the client's next request, which
    // would hold every shutdown for the whole grace period, so idle ones are swept until none is left.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(async () => {
      clearInterval(sweep);
      await scheduler.stop();
      await app.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('grace period over: closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Atrium failed to start:', error);
  }
  process.exit(1);
});
