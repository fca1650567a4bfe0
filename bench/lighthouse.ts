/**
 * Lighthouse (the `lighthouse` package) on the landing page and on a signed-in learner's
 * dashboard, in Debian's Chromium, against the bench's own server. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Flags, Result, RunnerResult } from 'lighthouse';
import { HOST } from './processes.ts';
import { CHROMIUM_OFFLINE_FLAGS } from '../e2e/support/chromiumFlags.ts';

export type LighthousePreset = 'mobile' | 'desktop';

/** Issue 41's targets (mobile preset): performance by page, accessibility 100, LCP < 2.0 s, CLS < 0.02. */
export const LIGHTHOUSE_TARGETS = { performance: { landing: 98, dashboard: 95 }, accessibility: 100, lcpMs: 2000, cls: 0.02 } as const;

export interface LighthousePageResult {
  page: 'landing' | 'dashboard';
  url: string;
  /** Median of the runs' performance scores (0–100). */
  performance: number;
  /** The lowest accessibility score of the runs (it should not vary; a failure in any run counts). */
  accessibility: number;
  performanceRuns: number[];
  holds: boolean;
  /** Metrics of the run whose performance score is the median. */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Accessibility audits that did not pass, with their titles. */
  failedAccessibility: string[];
  /** Performance audits and insights that cost score in the median run, worst first. */
  performanceHints: string[];
  /** Requests to anything but the bench server (there must be none: no internet here, nor needed). */
  offOriginRequests: string[];
  /** Lighthouse's CPU benchmark of this machine (a fast desktop scores about 1,500–2,500). */
  benchmarkIndex: number | null;
  lighthouseVersion: string;
  /** The median run's HTML report (its JSON beside it, .report.json). */
  reportFile: string;
}

export interface LighthouseSummary {
  preset: LighthousePreset;
  runsPerPage: number;
  chromium: string;
  pages: LighthousePageResult[];
}

export interface LighthouseOptions {
  base: string;
  /** A signed-in learner's session cookie (`name=value; name.sig=value`), for the dashboard. */
  learnerCookie: string;
  preset: LighthousePreset;
  runs: number;
  reportDir: string;
  log: (message: string) => void;
}

/** Debian's Chromium; CHROME_PATH may point elsewhere (never a browser downloaded by a package). */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * The flags without which this machine's Chromium hangs, plus: DevTools on a free port, and every
 * host name but the loopback address resolving to nothing, so a stray third-party request fails
 * at once (and shows up in offOriginRequests) instead of waiting for a network that is not there.
 */
function chromiumArgs(userDataDir: string): string[] {
  return [
    '--headless',
    ...CHROMIUM_OFFLINE_FLAGS,
    `--user-data-dir=${userDataDir}`,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${HOST}`,
    'about:blank',
  ];
}

interface Browser {
  port: number;
  version: string;
  stop(): Promise<void>;
}

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROME_PATH)`);
  const userDataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-chromium-'));
  // Its own process group, so stopping it also stops its renderer and utility processes.
  const child = spawn(CHROMIUM, chromiumArgs(userDataDir), { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // A helper process may still be closing its cache files for a moment.
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // a leftover directory in the temporary folder is not worth failing the bench for
    }
  };
  try {
    // Chromium prints "DevTools listening on ws://127.0.0.1:<port>/devtools/browser/<id>" on stderr.
    const port = await new Promise<number>((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools within 30 s: ${stderr.slice(-500)}`)), 30_000);
      child.once('exit', (code) => reject(new Error(`Chromium exited with code ${code}: ${stderr.slice(-500)}`)));
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const response = await fetch(`http://${HOST}:${port}/json/version`, { signal: AbortSignal.timeout(10_000) });
    const version = ((await response.json()) as { Browser?: string }).Browser ?? 'Chromium';
    return { port, version, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function failedAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id}: ${audit.title}`);
}

/** The performance metrics that fell short and the opportunities Lighthouse lists, for the note. */
function performanceHints(lhr: Result): string[] {
  const metrics = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => `${ref.id} ${lhr.audits[ref.id]!.displayValue ?? ''} (score ${score(lhr.audits[ref.id]!.score)})`.trim());
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` ${audit.displayValue}` : ''}`);
  return [...metrics, ...opportunities];
}

function offOrigin(lhr: Result, base: string): string[] {
  const origin = new URL(base).origin;
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
  return items.map((item) => item.url ?? '').filter((url) => /^(https?|wss?):/.test(url) && new URL(url).origin !== origin);
}

/** The status of the page's request for `path`, if it made one. */
function requested(lhr: Result, path: string): number | undefined {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url?: string; statusCode?: number }> } | undefined)?.items ?? [];
  return items.find((item) => item.url && new URL(item.url).pathname === path)?.statusCode;
}

/** The status of the page's request for the built chunk named `name` (assets/<name>-<hash>.js). */
function requestedChunk(lhr: Result, name: string): number | undefined {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url?: string; statusCode?: number }> } | undefined)?.items ?? [];
  return items.find((item) => item.url && new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(new URL(item.url).pathname))?.statusCode;
}

/**
 * One Lighthouse run. Its trace recording fails now and then on a busy machine (NO_NAVSTART,
 * NO_FCP: "Please run Lighthouse again", says Lighthouse), so a run is tried up to three times.
 */
async function oneRun(run: () => Promise<RunnerResult | undefined>, page: string, log: (message: string) => void): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = (await run())?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
    if (!lhr.runtimeError) return lhr;
    const message = `Lighthouse on ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(message);
    log(`  ${message}; again`);
  }
}

/**
 * Runs Lighthouse `runs` times on each page (a median is what Lighthouse's own docs advise: one
 * run on a shared machine is noise) and keeps the median run's report.
 */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseSummary> {
  const { default: lighthouse, generateReport, desktopConfig } = await import('lighthouse');
  mkdirSync(options.reportDir, { recursive: true });
  const browser = await launchChromium();
  const pages: LighthousePageResult[] = [];
  try {
    const chunk = (lhr: Result, name: string) => requestedChunk(lhr, name) === 200;
    const targets = [
      // Each run must really have shown its page. A visitor: the session check answers 401, or
      // (a server-rendered landing page, issue 41) the page asks neither for the session nor for
      // the dashboard. The learner: the dashboard is fetched, or the server wrote its answer into
      // the page and the dashboard's code came with it, with no session check of its own.
      {
        page: 'landing' as const,
        cookie: null,
        shown: (lhr: Result) =>
          requested(lhr, '/api/user') === 401 || (requested(lhr, '/api/user') === undefined && requested(lhr, '/api/dashboard') === undefined),
        what: '/api/user answered 401, or neither /api/user nor /api/dashboard was asked for',
      },
      {
        page: 'dashboard' as const,
        cookie: options.learnerCookie,
        shown: (lhr: Result) => requested(lhr, '/api/dashboard') === 200 || (requested(lhr, '/api/user') === undefined && chunk(lhr, 'DashboardScene')),
        what: '/api/dashboard answered 200, or the dashboard came with the page',
      },
    ];
    for (const target of targets) {
      const url = `${options.base}/`;
      const flags: Flags = {
        port: browser.port,
        hostname: HOST,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Lighthouse resets the origin's storage (cookies too) before loading, so the session
        // travels as a header, the way its documentation signs in to a page.
        ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
      };
      const runs: Result[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        const lhr = await oneRun(() => lighthouse(url, flags, options.preset === 'desktop' ? desktopConfig : undefined), target.page, options.log);
        if (!target.shown(lhr)) throw new Error(`Lighthouse on ${target.page}: not shown (expected ${target.what}; is the session cookie right?)`);
        runs.push(lhr);
        options.log(
          `  ${target.page} run ${run + 1}/${options.runs}: performance ${score(lhr.categories.performance?.score)}, accessibility ${score(lhr.categories.accessibility?.score)}`,
        );
      }
      const performanceRuns = runs.map((lhr) => score(lhr.categories.performance?.score));
      const performance = median(performanceRuns);
      const lhr = runs[performanceRuns.indexOf(performance)]!;
      const accessibility = Math.min(...runs.map((one) => score(one.categories.accessibility?.score)));
      const reportFile = join(options.reportDir, `${target.page}.report.html`);
      writeFileSync(reportFile, generateReport(lhr, 'html'));
      writeFileSync(reportFile.replace(/html$/, 'json'), JSON.stringify(lhr));
      const failedAccessibility = [...new Set(runs.flatMap((one) => failedAudits(one, 'accessibility')))];
      pages.push({
        page: target.page,
        url,
        performance,
        accessibility,
        performanceRuns,
        holds:
          performance >= LIGHTHOUSE_TARGETS.performance[target.page] &&
          accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
          numeric(lhr, 'largest-contentful-paint') < LIGHTHOUSE_TARGETS.lcpMs &&
          numeric(lhr, 'cumulative-layout-shift') < LIGHTHOUSE_TARGETS.cls,
        metrics: {
          fcpMs: numeric(lhr, 'first-contentful-paint'),
          lcpMs: numeric(lhr, 'largest-contentful-paint'),
          tbtMs: numeric(lhr, 'total-blocking-time'),
          cls: numeric(lhr, 'cumulative-layout-shift'),
          speedIndexMs: numeric(lhr, 'speed-index'),
        },
        failedAccessibility,
        performanceHints: performanceHints(lhr),
        offOriginRequests: [...new Set(runs.flatMap((one) => offOrigin(one, options.base)))],
        benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
        lighthouseVersion: lhr.lighthouseVersion,
        reportFile,
      });
    }
  } finally {
    await browser.stop();
  }
  return { preset: options.preset, runsPerPage: options.runs, chromium: browser.version, pages };
}
