import type { CourseDetailDto, CourseSummaryDto } from '@atrium/common';
import { addMonths } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('renewal');
const PASSWORD = 'a-good-password';

/**
 * A learner whose certificate expired renews it: the course page says when it expired, the
 * confirmation says what happens, and they land on module 1 with the old certificate still
 * verifying. The app runs on the real clock, so the certificate is dated 13 months back.
 */
describe.skipIf(!enabled)('renewing an expired certificate in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let course: CourseDetailDto;
  let oldNumber: string;
  const expiredOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const learner = { email: `rae-${Date.now()}@oak.sch.uk`, firstName: 'Rae', lastName: 'Renewer' };

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  async function signIn(page: Page) {
    await page.goto(`${app.url}/auth`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: 'Email' }).fill(learner.email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const summary = ((await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[]).find((c) => c.totalModules > 0)!;
    const admin = await signedInClient(app.url, app.admin);
    await admin('PUT', `/api/courses/${summary.id}`, { validityMonths: 12 });
    const me = await signedInClient(app.url, { email: learner.email, password: PASSWORD }, learner);
    const user = (await app.db('users').where({ email: learner.email }).first('id'))!;
    await app.db('enrollments').insert({ userId: user.id, courseId: summary.id, source: 'admin', enrolledAt: Date.now() });
    course = await me<CourseDetailDto>('GET', `/api/courses/${summary.id}`);
    let number: string | null = null;
    for (const module of course.modules) {
      const progress = await me<{ certificateNumber: string | null }>('POST', '/api/progress', {
        moduleId: module.id,
        courseId: course.id,
        watchedDuration: module.duration,
        isCompleted: true,
      });
      number = progress.certificateNumber;
    }
    oldNumber = number!;
    // Issued 13 months ago: a month past its 12-month validity.
    const issuedAt = addMonths(Date.now(), -13);
    await app.db('certificates').where({ certificateNumber: oldNumber }).update({ issuedAt, completedAt: issuedAt });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('shows the expiry and the renew button (390 px), confirms, restarts at module 1, and the old certificate still verifies (1280 px)', async () => {
    const issued = (await app.db('certificates').where({ certificateNumber: oldNumber }).first('issuedAt'))!;
    const date = expiredOn.format(new Date(addMonths(Number(issued.issuedAt), 12)));

    const phone = await freshPage(PHONE);
    await signIn(phone);
    await phone.goto(`${app.url}/courses/${course.id}`);
    await phone.getByText(`Your certificate expired on ${date}`).waitFor();
    await phone.getByRole('button', { name: 'Renew: retake the course' }).waitFor();
    await screenshot(phone, 'renewal-course');
    // Nothing wider than the phone: the renew button wraps rather than push the card out.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const page = await freshPage(DESKTOP);
    await signIn(page);
    await page.goto(`${app.url}/courses/${course.id}`);
    await page.getByText(`Your certificate expired on ${date}`).waitFor();
    await screenshot(page, 'renewal-course');
    await page.getByRole('button', { name: 'Renew: retake the course' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toMatch(/restarts from module 1/);
    expect(await dialog.textContent()).toContain(oldNumber);
    await screenshot(page, 'renewal-confirm');
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/courses/${course.id}/renewal`) && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Retake the course' }).click();
    expect((await answer).status()).toBe(200);
    const first = [...course.modules].sort((a, b) => a.orderIndex - b.orderIndex)[0]!;
    await page.waitForURL(`${app.url}/courses/${course.id}/modules/${first.id}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await screenshot(page, 'renewal-module-1');
    await toast(page, 'Renewal started');

    await page.goto(`${app.url}/courses/${course.id}`);
    await page.getByText('Renewing: complete every module again for your new certificate.').waitFor();
    await page.getByText('0% Complete').waitFor();
    await screenshot(page, 'renewal-renewing');

    await page.goto(`${app.url}/certificate/${oldNumber}`);
    await page.getByText(`Expired on ${date}`).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
