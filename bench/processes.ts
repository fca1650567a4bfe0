import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { ROOT, type BenchTarget } from './options.ts';
import { serverEnv, serverNodeArgs } from '../scripts/serverProcess.mjs';
import { generateCredentialSigningKey } from '../server/src/config.ts';

/** Every address the bench talks to is on the loopback interface. */
export const HOST = '127.0.0.1';

export interface Child {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, HOST, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a URL until it answers 200, for at most `timeoutMs`; fails early if the child exits. */
async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

/** SIGTERM (a graceful shutdown writes the CPU profile), then SIGKILL after `graceMs`. */
function stopper(child: ChildProcess, graceMs = 15_000): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
}

export interface ServerOptions {
  target: BenchTarget;
  logFile: string;
  cpuProfDir?: string | undefined;
  /** One line per garbage collection in the server's log. */
  traceGc?: boolean;
}

/**
 * The real server, as `npm start` runs it (the node flags and environment of
 * scripts/serverProcess.mjs), in its own process. Every variable it reads is set here, so a
 * developer's .env cannot point it elsewhere (dotenv never overrides a variable that is present,
 * even empty).
 */
export async function startServer(options: ServerOptions): Promise<Child> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const { target } = options;
  const dataDir = resolve(ROOT, 'data/bench');
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = serverEnv({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: target.dialect === 'mysql' ? target.url : '',
    SQLITE_FILE: target.dialect === 'sqlite' ? target.file : resolve(dataDir, 'unused-bench.sqlite'),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '100000',
    SEED_DEMO: 'false',
    // The bench times the scheduler's passes itself (the trust scenario): one starting on its own
    // at boot would run over the seeded deadlines during the measured scenarios.
    REMINDERS_ENABLED: 'false',
    // Housekeeping runs at boot only: the bench folds the retention news itself after each
    // progress measure and counts that CPU against the reports that made it (run.ts). A tick every
    // 60 s fell inside whichever scenario ran then: inside the completion passes it added 50–100 µs
    // to each completion's CPU (docs/performance-log.md, issue 54's twelfth round).
    SCHEDULER_INTERVAL_S: '86400',
    DATA_DIR: dataDir,
    // Uploaded files (the uploads scenario) stay in the bench's folder, on disk.
    STORAGE_DIR: resolve(dataDir, 'files'),
    UPLOAD_STAGING_DIR: resolve(dataDir, 'uploads'),
    S3_BUCKET: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
  });
  const nodeArgs: string[] = [];
  if (options.cpuProfDir) {
    mkdirSync(options.cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`);
  }
  if (options.traceGc) nodeArgs.push('--trace-gc');
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, [...nodeArgs, ...serverNodeArgs()], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const stop = stopper(child);
  try {
    await waitReady(`${url}/readyz`, child, 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; server log: ${options.logFile}`, { cause: error });
  }
  return { pid: child.pid!, url, stop };
}

/**
 * The ceiling: a bare Koa handler in its own process answering fixed bytes, under the server's
 * V8 flags, so the two are compared on the same runtime.
 */
export async function startCeiling(body: Buffer, bodyFile: string): Promise<Child> {
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const child = spawn(process.execPath, serverNodeArgs('bench/ceiling.ts'), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', CEILING_PORT: String(port), CEILING_BODY_FILE: bodyFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = stopper(child, 5_000);
  try {
    await waitReady(`${url}/`, child, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid!, url, stop };
}

/** Resident memory of a process in MB, now (VmRSS) and at its peak (VmHWM). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Resets the kernel's peak-RSS mark (VmHWM) so it measures from now on; false where not allowed. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
