import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { TestContext } from 'vitest';

/** Where a failed browser test leaves its pages' screenshots and console logs (gitignored). */
export const FAILURE_DIR = resolve(import.meta.dirname, '../../test-results/failures');

/**
 * The longest one browser step (a click, a wait for an element, a navigation) may take before it
 * fails naming what it waited for. A test has no limit of its own beyond its steps' (see the e2e
 * project in vitest.config.ts): a journey of forty steps may take forty times this, a short test
 * little, so a slow machine slows each step without any one test running out of a shared budget.
 * E2E_STEP_TIMEOUT_MS raises it for a very slow machine.
 */
export const STEP_TIMEOUT_MS = Number(process.env.E2E_STEP_TIMEOUT_MS ?? 60_000);

interface WatchedPage {
  page: Page;
  /** The page's console, uncaught errors, failed requests and navigations, oldest first. */
  log: string[];
}

/** Every page open, and every page closed since the last test ended, with what it logged. */
let watched: WatchedPage[] = [];

function watchPage(page: Page): void {
  const log: string[] = [];
  const started = Date.now();
  const at = () => `+${((Date.now() - started) / 1000).toFixed(2)}s`;
  watched.push({ page, log });
  page.on('console', (message) => log.push(`${at()} console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => log.push(`${at()} uncaught: ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) =>
    log.push(`${at()} request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`),
  );
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log.push(`${at()} navigated to ${frame.url()}`);
  });
  page.on('close', () => log.push(`${at()} page closed`));
}

/**
 * Forgets every page of the files before: the journeys share their modules, and a file's failure
 * report shows its own pages, not those an earlier file closed in its `afterAll` or left open.
 */
export function forgetEarlierPages(): void {
  watched = [];
}

/**
 * Gives a context the step limit and watches every page it opens (newContext in browser.ts calls
 * it for every context a test opens), so that a failure can show what each page showed and said.
 */
export function watchContext(context: BrowserContext): void {
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  context.on('page', watchPage);
}

const fileName = (text: string) =>
  text
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/**
 * After a failed test: a screenshot of every page still open and every page's log, in
 * test-results/failures/<file>/<test>/, named in the test's output. A step that ran out of time
 * already names what it waited for (Playwright's "waiting for getByRole(…)"); this shows why.
 */
export async function reportFailure(context: TestContext): Promise<void> {
  const pages = watched;
  watched = watched.filter(({ page }) => !page.isClosed());
  const task = context.task;
  if (task.result?.state !== 'fail' || pages.length === 0) return;
  const dir = join(FAILURE_DIR, fileName(task.file.name.replace(/^.*\//, '')), fileName(task.name));
  mkdirSync(dir, { recursive: true });
  const saved: string[] = [];
  for (const [index, { page, log }] of pages.entries()) {
    const name = `page-${index + 1}`;
    let url = '(closed)';
    if (!page.isClosed()) {
      url = page.url();
      try {
        const path = join(dir, `${name}.png`);
        // Bounded: a page that cannot draw must not hold the report up (the log says the shot is
        // missing). A loaded machine needs seconds for a full page: 10 s missed some under load 30.
        await page.screenshot({ path, fullPage: true, timeout: 30_000 });
        saved.push(path);
      } catch (error) {
        log.push(`(no screenshot: ${(error as Error).message.split('\n')[0]})`);
      }
    }
    const path = join(dir, `${name}.log`);
    writeFileSync(path, [`url: ${url}`, ...log, ''].join('\n'));
    saved.push(path);
  }
  const summary = `browser pages at the failure (screenshots and console): \n  ${saved.join('\n  ')}`;
  console.error(`[e2e] ${task.name}: ${summary}`);
  try {
    await context.annotate(summary, 'e2e-failure');
  } catch {
    // A reporter without annotations still has the line above.
  }
}
