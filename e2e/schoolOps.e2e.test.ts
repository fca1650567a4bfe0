import type { CourseSummaryDto } from '@atrium/common';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { appReady, DESKTOP, launchBrowser, newContext, partScreenshot, PHONE, screenshot, toast } from './support/browser.ts';

/**
 * Issue 34 #2 and #4 in a browser: a long school name is kept whole, counted and refused beside
 * the field (never cut); the FAQ quotes the catalogue's prices in the visitor's currency.
 */
const enabled = portalSuiteCanRun('school operations');
const PASSWORD = 'a-good-password';

const pricingAnswer = async (page: Page) => {
  const question = page.locator('#faq summary', { hasText: 'How much does a course cost?' });
  await question.scrollIntoViewIfNeeded();
  if (!(await question.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open))) await question.click();
  return page.getByRole('region', { name: 'How much does a course cost?' }).textContent();
};

describe.skipIf(!enabled)('school operations: limits, country, prices', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let courses: CourseSummaryDto[];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`the FAQ quotes the catalogue in the visitor's currency (${viewport.width} px)`, async () => {
      const usd = courses.find((course) => course.prices?.USD)!.prices!.USD!;
      const context = await newContext(browser.browser, viewport, { locale: 'en-US', timezoneId: 'America/Chicago' });
      try {
        const page = await context.newPage();
        await page.goto(app.url + '/');
        await expect.poll(() => pricingAnswer(page)).toContain(`$${(usd / 100).toFixed(2)}`);
        const answer = (await pricingAnswer(page))!;
        expect(answer).not.toMatch(/£|June 2025/);
        await partScreenshot(page.locator('#faq'), 'h4-faq-dollars');

        // The server drew the landing page: the switcher changes the prices once the app owns it.
        await appReady(page);
        await page.getByTestId('currency-switcher').selectOption('GBP');
        await expect.poll(() => pricingAnswer(page)).toMatch(/Most courses are £499\.00 .*£199\.00/);
        await partScreenshot(page.locator('#faq'), 'h4-faq-pounds');
      } finally {
        await context.close();
      }
    });

    it(`a 300-character school name is kept, counted and refused beside the field; the country is asked for and shown (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport, { locale: 'en-US', timezoneId: 'America/Chicago' });
      try {
        const page = await context.newPage();
        const email = `manager-${viewport.width}@lincoln.example`;
        await page.goto(`${app.url}/auth`);
        await page.getByRole('tab', { name: 'Register' }).click();
        await page.getByRole('textbox', { name: 'First name' }).fill('Lena');
        await page.getByRole('textbox', { name: 'Last name' }).fill('Park');
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await page.getByRole('heading', { name: /^Welcome(?: back)?, Lena!$/ }).waitFor();

        await page.goto(app.url + '/school');
        const name = page.getByRole('textbox', { name: /School or organisation name/ });
        await name.fill('L'.repeat(300));
        expect(await name.inputValue()).toHaveLength(300);
        await page.getByText('300 / 200 characters (100 over the limit)').waitFor();
        await page.getByRole('button', { name: 'Create school' }).click();
        await page.getByText('School name can be at most 200 characters').waitFor();
        expect(await app.db('schools').where('name', 'like', 'LLL%')).toEqual([]);
        await screenshot(page, 'h4-school-name-too-long');

        await name.fill('Lincoln Park Elementary');
        // The country starts as the browser's (en-US), and can be changed.
        expect(await page.getByRole('combobox', { name: /Country/ }).inputValue()).toBe('US');
        await page.getByRole('button', { name: 'Create school' }).click();
        await toast(page, 'School created');
        await page.getByRole('heading', { level: 1, name: 'Lincoln Park Elementary' }).waitFor();
        await page.getByText('United States').waitFor();
        // Creating the school refreshes the manager's reads; edit once they have all answered, as a
        // person would after reading the page (a busy CI machine answers them one by one).
        await page.waitForLoadState('networkidle');
        await page.getByRole('button', { name: 'Edit name or country' }).click();
        await page.getByRole('combobox', { name: /Country/ }).selectOption('CA');
        await page.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'School details saved');
        await page.getByText('Canada', { exact: true }).waitFor();
        expect((await app.db('schools').where({ name: 'Lincoln Park Elementary' }).orderBy('id', 'desc').first())!.country).toBe('CA');
        await screenshot(page, 'h4-school-details');
      } finally {
        await context.close();
      }
    });
  }

  it('the admin runs a scheduled job now and sees what it sent (1280 px)', async () => {
    const context = await newContext(browser.browser, DESKTOP);
    try {
      // A job the instance's timer ran an hour ago (e2e apps run no timer), not due again yet.
      await app
        .db('schedulerJobs')
        .insert({ name: 'school-digest', nextRunAt: Date.now() + 3_600_000, failures: 0, totalFailures: 0, lastSent: 0 })
        .onConflict('name')
        .ignore();
      const page = await context.newPage();
      await page.goto(`${app.url}/auth`);
      await page.getByRole('textbox', { name: 'Email' }).fill(app.admin.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(app.admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await page.goto(`${app.url}/admin`);
      const run = page.getByRole('button', { name: "Run Managers' weekly digest now" });
      await run.scrollIntoViewIfNeeded();
      await run.click();
      await page.getByText(/Ran just now: \d+ e-mails? queued\./).waitFor();
      await partScreenshot(page.getByRole('region', { name: 'Reminders and scheduled jobs' }), 'h4-scheduler-run-now');
    } finally {
      await context.close();
    }
  });
});
