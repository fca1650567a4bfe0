import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Where the bench lives and writes: paths resolve from the repository root, whatever the cwd. */
export const ROOT = resolve(import.meta.dirname, '..');
export const RESULTS_DIR = resolve(ROOT, 'bench/results');
const DEFAULT_SQLITE_FILE = resolve(ROOT, 'data/bench/atrium-bench.sqlite');

export type BenchTarget = { dialect: 'sqlite'; file: string; label: string } | { dialect: 'mysql'; url: string; database: string; label: string };

export interface BenchOptions {
  target: BenchTarget;
  /** 1 = 200,000 learners; 0.05 for a quick run. */
  scale: number;
  /** Seconds per scenario. */
  duration: number;
  connections: number;
  /** Scenario names to run (all when empty). */
  only: string[];
  /** Skip seeding and use the bench database as it is (for repeated analysis runs). */
  reuseDb: boolean;
  /** Signed-in learners whose cookies the scenarios rotate through. */
  signIns: number;
  /** Pass --cpu-prof to the server child; the profile lands in bench/results/profiles/. */
  cpuProf: boolean;
  /** Pass --trace-gc to the server child: one line per collection in its log (bench/results/*-server.log). */
  traceGc: boolean;
  /**
   * Lighthouse's preset: desktop (the default here: 1350×940, 40 ms RTT at 10 Mbit/s, no CPU
   * slowdown) or mobile (Lighthouse's own default: a Moto G Power on slow 4G with a 4× CPU
   * slowdown, simulated). See docs/performance-log.md (Lighthouse's mobile preset) for why desktop is the bench's default.
   */
  lighthousePreset: 'mobile' | 'desktop';
  /** Lighthouse runs per page; the median is reported. */
  lighthouseRuns: number;
  /** The uploads scenario: this many concurrent uploads of `uploadMb` MiB each. */
  uploads: number;
  uploadMb: number;
  /**
   * The directory scenario's pace, in requests a second on the trust's token: 35 by default, the
   * pace at which Entra ID's provisioning of 5,000 staff (a lookup and a create each, then the
   * groups) ends within the 5 minutes issue 56 asks. 0 sends as fast as 4 clients can.
   */
  scimPace: number;
}

export const USAGE = `npm run bench -- [--scale 0.05] [--duration 10] [--connections 32] [--only dashboard,progress]
                  [--reuse-db] [--sign-ins 200] [--cpu-prof] [--trace-gc] [--sqlite-file data/bench/x.sqlite]
                  [--lighthouse-preset desktop|mobile] [--lighthouse-runs 3] [--uploads 20] [--upload-mb 100]
                  [--scim-pace 35]
DATABASE_URL=mysql://root@127.0.0.1:3306/atrium_bench selects MariaDB/MySQL (loopback only, database name must contain "bench").`;

/**
 * The bench drops and recreates its database, so it refuses anything that could be somebody's
 * real data: only the loopback address, only a database or file whose name says "bench".
 */
export function resolveTarget(env: NodeJS.ProcessEnv, sqliteFile: string | undefined): BenchTarget {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (!/^mysql2?:$/.test(url.protocol)) throw new Error('DATABASE_URL must be a mysql:// URL');
    if (!['127.0.0.1', 'localhost'].includes(url.hostname)) {
      throw new Error(`The bench only targets 127.0.0.1, not ${url.hostname}`);
    }
    url.hostname = '127.0.0.1';
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!/^[A-Za-z0-9_]*bench[A-Za-z0-9_]*$/.test(database)) {
      throw new Error(`The bench drops its database: the name must contain "bench" (got "${database}")`);
    }
    return { dialect: 'mysql', url: url.toString(), database, label: 'mariadb' };
  }
  const file = sqliteFile ? (isAbsolute(sqliteFile) ? sqliteFile : resolve(ROOT, sqliteFile)) : DEFAULT_SQLITE_FILE;
  if (!/bench/i.test(file.split('/').pop() ?? '')) throw new Error('The bench deletes its SQLite file: its name must contain "bench"');
  return { dialect: 'sqlite', file, label: 'sqlite' };
}

function positive(name: string, value: string | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || (integer && !Number.isInteger(parsed))) {
    throw new Error(`--${name} must be a positive ${integer ? 'integer' : 'number'} (got "${value}")`);
  }
  return parsed;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      'reuse-db': { type: 'boolean', default: false },
      'sign-ins': { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      'trace-gc': { type: 'boolean', default: false },
      'sqlite-file': { type: 'string' },
      'lighthouse-preset': { type: 'string' },
      'lighthouse-runs': { type: 'string' },
      uploads: { type: 'string' },
      'upload-mb': { type: 'string' },
      'scim-pace': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const scale = positive('scale', values.scale, 1);
  const lighthousePreset = values['lighthouse-preset'] ?? 'desktop';
  if (lighthousePreset !== 'mobile' && lighthousePreset !== 'desktop')
    throw new Error(`--lighthouse-preset must be mobile or desktop (got "${lighthousePreset}")`);
  if (scale > 5) throw new Error('--scale above 5 is not supported');
  return {
    target: resolveTarget(env, values['sqlite-file']),
    scale,
    duration: positive('duration', values.duration, 10),
    connections: positive('connections', values.connections, 32, true),
    only: (values.only ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    reuseDb: values['reuse-db'],
    signIns: positive('sign-ins', values['sign-ins'], 200, true),
    cpuProf: values['cpu-prof'],
    traceGc: values['trace-gc'],
    lighthousePreset,
    lighthouseRuns: positive('lighthouse-runs', values['lighthouse-runs'], 3, true),
    uploads: positive('uploads', values.uploads, 20, true),
    uploadMb: positive('upload-mb', values['upload-mb'], 100, true),
    scimPace: values['scim-pace'] === '0' ? 0 : positive('scim-pace', values['scim-pace'], 35),
  };
}
