import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint) from whichever
 * connection commits when the log passes `wal_autocheckpoint` pages. better-sqlite3 is
 * synchronous, so that copy and its fsync would run on the event loop inside one unlucky request,
 * stalling every request in flight meanwhile.
 *
 * Here a worker thread with a connection of its own checkpoints every CHECKPOINT_INTERVAL_MS,
 * PASSIVE (it copies what no reader still needs, and never waits for a lock or blocks one).
 * The server's connection keeps a far higher threshold (BACKSTOP_PAGES, set in knex.ts), so the
 * log still stays bounded if this thread stops or falls behind.
 */
export const CHECKPOINT_INTERVAL_MS = 250;
/** The server's own `wal_autocheckpoint`: about 80 MB of log, reached only without this thread. */
export const BACKSTOP_PAGES = 20_000;

// The worker is plain CommonJS evaluated from this string: a .ts file would need the tsx loader
// in the thread, which the server has but test runners do not.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
let failures = 0;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failures = 0;
  } catch (error) {
    failures += 1;
    // Reported once per run of failures; the backstop keeps the log bounded meanwhile.
    if (failures === 1) parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

export function startBackgroundCheckpoints(filename: string, onError: (message: string) => void): BackgroundCheckpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver, intervalMs: CHECKPOINT_INTERVAL_MS } });
  // Never what keeps the process alive; shutdown stops it properly through stop().
  worker.unref();
  let exited = false;
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(error.message));
  worker.on('exit', () => {
    exited = true;
  });
  return {
    async stop() {
      if (exited) return;
      const done = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      // The worker closes its connection, then it is ended; a stuck one is ended after 2 s.
      await Promise.race([new Promise((resolve) => worker.once('message', resolve)), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await worker.terminate();
      await done;
    },
  };
}
