import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The repository's root: the working directory `npm start` runs the server from, so tsx compiles
// the server's files (its TSX mail templates among them) with the settings it does then.
const rootDir = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * How long a boot may take: tsx compiles the whole server on the way up, which is a few seconds on
 * a quiet machine and over 30 s beside three CPU burners (docs/development.md, "On a busy
 * machine"). A boot that prints its line sooner returns sooner.
 */
const BOOT_LIMIT_MS = 240_000;

/** Boots the real entry point as `npm start` does and waits for its "listening" line. */
async function boot(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: rootDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      SQLITE_FILE: join(dataDir, `${Date.now()}.sqlite`),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${BOOT_LIMIT_MS / 1000} s:\n${output}`)), BOOT_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, url, exited, output: () => output };
}

describe('server boot', { timeout: BOOT_LIMIT_MS + 60_000 }, () => {
  it('migrates, seeds the four demo courses and creates the configured admin', async () => {
    const server = await boot({ ADMIN_EMAIL: 'owner@agency.test', ADMIN_PASSWORD: 'owner-password' });
    try {
      const courses = (await (await fetch(`${server.url}/api/courses`)).json()) as Array<{ title: string; price: number }>;
      expect(courses.map((c) => c.title)).toEqual([
        'Smartphone Photography for School Marketing',
        'Creating Videos for School Marketing',
        'Running a School Podcast',
        'Marketing Photos Without Identifying Children',
      ]);
      expect(courses.map((c) => c.price)).toEqual([49900, 49900, 19900, 49900]);
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@agency.test', password: 'owner-password' }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { role: string }).role).toBe('admin');
      // Registering renders and queues the verification mail (react-email templates, TSX).
      const registered = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'teacher@school.test', password: 'a long password 123', firstName: 'Ada', lastName: 'Lovelace' }),
      });
      expect(registered.status).toBe(201);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('refuses to start with a clear message when the configuration is wrong', async () => {
    await expect(boot({ NODE_ENV: 'production' })).rejects.toThrow(/SESSION_SECRET is required/);
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const server = await boot({ SEED_DEMO: 'false', PASSWORD_HASH_CONCURRENCY: '1', RATE_LIMIT_MULTIPLIER: '1000' });
    // Each login spends an argon2 hash and they queue one at a time: plenty still in flight at SIGTERM.
    const requests = Array.from({ length: 12 }, (_, i) =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@school.test`, password: 'not-the-password' }),
      }).then((response) => response.status),
    );
    // SIGTERM once the first login has been answered: by then all twelve have arrived.
    const deadline = Date.now() + 20_000;
    while (!/"path":"\/api\/login"/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(requests);
    expect(statuses).toEqual(Array(12).fill(401));
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
    // The clients' keep-alive sockets closed as their answers went out: nothing waited for the grace period.
    expect(server.output()).not.toMatch(/grace period over/);
    // Once closed, new connections are refused.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
