import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { browserAvailable, launchBrowser, newContext, requireBrowserOrSkip } from './support/browser.ts';
import { FAILURE_DIR, reportFailure } from './support/failureReport.ts';

const enabled = requireBrowserOrSkip();

/** What a timed-out browser step leaves behind (e2e/support/failureReport.ts), on a page of its own. */
describe.skipIf(!enabled || !browserAvailable)('a failed browser step says why', () => {
  let browser: { browser: Browser; close(): Promise<void> };

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('names what it waited for, and saves the page and its console', async (context) => {
    const page = await (await newContext(browser.browser)).newPage();
    await page.setContent('<main><h1>Checkout</h1><button disabled>Pay now</button></main>');
    await page.evaluate(() => console.warn('payment form not ready'));

    const error = await page
      .getByRole('button', { name: 'Pay now' })
      .click({ timeout: 500 })
      .then(
        () => null,
        (caught: Error) => caught,
      );
    // Playwright's message names the step's target and what it was waiting for.
    expect(error?.message).toMatch(/Timeout 500ms exceeded/);
    expect(error?.message).toMatch(/waiting for getByRole\('button', \{ name: 'Pay now' \}\)/);

    // The hook every browser test has (support/setup.ts) reports a failed test's pages.
    const annotations: string[] = [];
    const failed = {
      task: { name: 'a checkout that never enables its button', file: { name: 'e2e/example.e2e.test.ts' }, result: { state: 'fail' } },
      annotate: async (message: string) => void annotations.push(message),
    } as unknown as TestContext;
    await reportFailure(failed);
    const dir = join(FAILURE_DIR, 'example.e2e.test.ts', 'a-checkout-that-never-enables-its-button');
    expect(existsSync(join(dir, 'page-1.png'))).toBe(true);
    const log = readFileSync(join(dir, 'page-1.log'), 'utf8');
    expect(log).toContain('console.warning: payment form not ready');
    expect(annotations[0]).toContain(join(dir, 'page-1.png'));
    // Not a real failure: nothing of it stays among the real ones.
    rmSync(dir, { recursive: true, force: true });

    // This test itself passed: its own report (after it) finds the page already reported and
    // nothing failed, so it leaves nothing behind.
    expect(context.task.result?.state).not.toBe('fail');
  });
});
