import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd', '/usr/local/bin/mariadbd'];

function onPath(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Where mariadbd and mariadb-install-db are, or null when this machine has no MariaDB server. */
export function findMariadb(): { server: string; installDb: string } | null {
  const server = CANDIDATES.find((path) => existsSync(path)) ?? onPath('mariadbd');
  const installDb = onPath('mariadb-install-db');
  return server && installDb ? { server, installDb } : null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** True when something accepts TCP connections on the port (MariaDB opens it once it is ready). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('data', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

export interface PrivateMariadb {
  port: number;
  /** mysql://root@127.0.0.1:port/<database> */
  url(database?: string): string;
  /** Starts mariadbd on the same data directory and waits until it greets clients. */
  start(): Promise<void>;
  /** Sends a signal to mariadbd and waits for it to exit (SIGSTOP/SIGCONT return at once). */
  signal(signal: NodeJS.Signals): Promise<void>;
  running(): boolean;
  /** Stops it (SIGKILL: the data is thrown away) and removes the data directory. */
  destroy(): Promise<void>;
}

/**
 * A MariaDB server of the test's own, on a free loopback port with a fresh temporary data
 * directory, so a test may kill it without touching anybody else's database. --no-defaults
 * keeps the machine's my.cnf out of it; root has no password and is reachable on 127.0.0.1 only.
 */
export async function startPrivateMariadb(binaries: { server: string; installDb: string }): Promise<PrivateMariadb> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-faults-mariadb-'));
  const datadir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  // mariadbd refuses to run as root; as root it switches to the mysql user, which must own the files.
  const userArgs = asRoot ? ['--user=mysql'] : [];
  if (asRoot) chownSync(dir, ...mysqlIds());
  const install = spawnSync(
    binaries.installDb,
    ['--no-defaults', ...userArgs, `--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db'],
    {
      encoding: 'utf8',
    },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed (${install.status}): ${install.stderr || install.stdout}`);
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  const start = async () => {
    child = spawn(
      binaries.server,
      [
        '--no-defaults',
        ...userArgs,
        `--datadir=${datadir}`,
        '--bind-address=127.0.0.1',
        `--port=${port}`,
        `--socket=${join(dir, 'mysqld.sock')}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=64M',
        '--max-connections=200',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const current = child;
    current.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    current.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => current.once('exit', () => resolve()));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (current.exitCode !== null || current.signalCode !== null) throw new Error(`mariadbd exited at start:\n${output.slice(-2000)}`);
      if (await accepts(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`mariadbd did not start within 30 s:\n${output.slice(-2000)}`);
  };

  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const signal = async (name: NodeJS.Signals) => {
    if (!running()) return;
    child!.kill(name);
    if (name !== 'SIGSTOP' && name !== 'SIGCONT') await exited;
  };

  await start();
  return {
    port,
    url: (database = '') => `mysql://root@127.0.0.1:${port}/${database}`,
    start,
    signal,
    running,
    async destroy() {
      if (running()) {
        child!.kill('SIGCONT');
        await signal('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mysqlIds(): [number, number] {
  const uid = spawnSync('id', ['-u', 'mysql'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'mysql'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error('running as root, but there is no mysql user for mariadbd to run as');
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}
