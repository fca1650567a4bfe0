import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import type { TestContext } from 'vitest';
import { CHROMIUM_OFFLINE_FLAGS } from './chromiumFlags.ts';
import { describeCspViolation, watchCspViolations, type CspViolation } from './cspWatch.ts';
import { forgetEarlierPages, reportFailure, watchContext } from './failureReport.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROMIUM_PATH);

/** Where journeys save their screenshots (gitignored). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * Debian's Chromium with the flags this network needs: without them it hangs reaching Google.
 * Every launch gets a fresh profile directory: Playwright creates (and removes) a temporary one
 * itself and refuses a --user-data-dir argument.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_OFFLINE_FLAGS],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Content-Security-Policy violations seen in any page since the last test ended. */
const cspViolations: CspViolation[] = [];

/** Starts a file afresh: nothing a file before it saw (in its `afterAll`) is counted in its tests. */
export function beforeBrowserFile(): void {
  forgetEarlierPages();
  cspViolations.length = 0;
}

/**
 * Every browser test fails on a CSP violation in any page it opened, and a failed one leaves its
 * pages' screenshots and console logs behind (failureReport.ts). The e2e project's setup file
 * (setup.ts) runs this after every test of every file, so no test can forget it.
 */
export async function afterBrowserTest(context: TestContext): Promise<void> {
  await reportFailure(context);
  const seen = cspViolations.splice(0);
  if (seen.length) throw new Error(`Content-Security-Policy violations:\n  ${seen.map(describeCspViolation).join('\n  ')}`);
}

/**
 * The only way tests open a browser context: each one is watched for CSP violations, its steps get
 * the step limit, and its pages are shown and their console saved when the test fails.
 */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: { locale?: string; timezoneId?: string; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: options.locale ?? 'en-GB',
    timezoneId: options.timezoneId ?? 'Europe/London',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  watchContext(context);
  await watchCspViolations(context, (violation) => cspViolations.push(violation));
  return context;
}

/**
 * The journeys' screenshots are for a person to open after a run (test-results/screenshots/); no
 * test judges them. CI, where nobody opens them, sets E2E_SCREENSHOTS=0 and skips them: a picture
 * costs Chromium a layout and a PNG, most of a second on a 2-core machine, and the journeys take
 * some 350 (a tenth of their time). A failed test still leaves its pages' pictures
 * (failureReport.ts).
 */
export const reviewScreenshots = process.env.E2E_SCREENSHOTS !== '0';

const screenshotPath = (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`);
};

/** Full-page screenshot named after the screen and the viewport width. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (reviewScreenshots) await page.screenshot({ path: screenshotPath(page, name), fullPage: true });
}

/** What the screen shows, where it is scrolled to: a dialog or a chat is fixed to the viewport, so a full-page capture would misplace it. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  if (reviewScreenshots) await page.screenshot({ path: screenshotPath(page, name) });
}

/** One part of the page (a panel, a list), named after it and the viewport width. */
export async function partScreenshot(part: Locator, name: string): Promise<void> {
  if (reviewScreenshots) await part.screenshot({ path: screenshotPath(part.page(), name) });
}

/**
 * Browser suites call this at the top: it skips when Chromium is missing, and with
 * REQUIRE_BROWSER=1 (CI) a missing Chromium is a failure instead.
 */
export function requireBrowserOrSkip(): boolean {
  if (browserAvailable) return true;
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM_PATH} does not exist (apt-get install -y chromium)`);
  }
  console.warn(`[atrium] ${CHROMIUM_PATH} not found: browser suite skipped.`);
  return false;
}

/**
 * Resolves once React owns the landing page's server-rendered markup (its first FAQ button has a
 * fiber): before that, the page reads but its buttons (the phone menu, the FAQ) do nothing yet.
 */
export const landingHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const button = document.querySelector('[data-faq-trigger]');
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactFiber$'));
  });

/**
 * Resolves once React owns what `#root` shows: the page the server drew (the landing page, a
 * learner's dashboard) hydrated, or any other page rendered. Until then a server-drawn page reads
 * but its buttons do nothing: a test that clicks one waits for this first (unless clicking early
 * is what it tests). React marks each element it owns with a `__reactFiber$…` key.
 */
export async function appReady(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => {
      const top = document.getElementById('root')?.firstElementChild;
      return !!top && Object.keys(top).some((key) => key.startsWith('__reactFiber$'));
    });
  } catch (error) {
    throw new Error(`waiting for the app to start on ${page.url()} (React owning #root): ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Resolves with the server's answer to the page's next `method` request to `path`: started before
 * the action that sends it, awaited after, so a test reads what the answer stored (a cookie, a
 * row) once it has arrived rather than when the screen first changes.
 */
export async function answered(page: Page, method: string, path: string): Promise<Response> {
  try {
    return await page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname === path);
  } catch (error) {
    throw new Error(`waiting for the answer to ${method} ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** Waits for a toast by its exact title (Radix also announces it in a hidden live region). */
export const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first().waitFor();

/** Signs in through the /auth form, as a person would, and waits for the signed-in navigation. */
export async function signInWithForm(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(baseUrl + '/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email' }).fill(credentials.email);
  await form.getByLabel('Password', { exact: true }).fill(credentials.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * A suite's browser and pages: each page in a context of its own (no shared session), the pages'
 * uncaught errors collected in `errors`, everything closed by `close()`.
 */
export async function browserSession(): Promise<{ page(viewport?: typeof DESKTOP): Promise<Page>; errors: string[]; close(): Promise<void> }> {
  const launched = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  return {
    errors,
    async page(viewport = DESKTOP) {
      const context = await newContext(launched.browser, viewport);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
    async close() {
      for (const context of contexts) await context.close();
      await launched.close();
    },
  };
}
