import type { CourseSummaryDto, OrderDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, toast } from './support/browser.ts';
import { createSchoolThroughApi } from './support/schoolSetup.ts';

const enabled = portalSuiteCanRun('portalEdges');
const PASSWORD = 'a-good-password';

async function signIn(page: Page, app: RunningApp, email: string, password = PASSWORD) {
  await page.goto(`${app.url}/auth`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Issue 34 #1, #7 and #10 in a real browser, at desk and phone widths. */
describe.skipIf(!enabled)('issue 34: the dashboard, fresh admin figures and Get Started', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let courses: CourseSummaryDto[];
  const stamp = Date.now();

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    courses = ((await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[]).filter((course) => course.price > 0);
    expect(courses.length).toBeGreaterThan(1);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
    expect(pageErrors).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`Get Started keeps the course through sign-up, and the first dashboard has its figures (${viewport.width} px)`, async () => {
      const page = await freshPage(viewport);
      const course = courses[0]!;
      await page.goto(`${app.url}/`);
      const card = page.getByRole('article').filter({ hasText: course.title }).first();
      await card.getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL(`**/auth?next=%2Fcourses%2F${course.id}`);
      await screenshot(page, 'h5-10-auth-from-card');

      await page.getByRole('tab', { name: 'Register' }).click();
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByRole('textbox', { name: 'First name' }).fill('Robin');
      await form.getByRole('textbox', { name: 'Last name' }).fill('Hale');
      await form.getByRole('textbox', { name: 'Email' }).fill(`robin-${viewport.width}-${stamp}@school.test`);
      await form.locator('input[autocomplete="new-password"]').fill(PASSWORD);
      await form.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`**/courses/${course.id}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      await screenshot(page, 'h5-10-course-after-sign-up');

      // A first visit: greeted as new, and the overall progress and the three tiles are there.
      await page.goto(`${app.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Robin!' }).waitFor();
      const tiles = page.getByRole('list', { name: 'Your learning in numbers' });
      await tiles.waitFor();
      expect(await tiles.getByRole('listitem').allTextContents()).toEqual(['Enrolled Courses0', 'Modules Completed0', 'Watch Time0 h hours watched']);
      await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
      expect(await page.getByTitle(/^Modules completed ÷ modules in your courses: 0 of 0$/).count()).toBe(1);
      await screenshot(page, 'h5-01-first-dashboard');

      // The chat launcher covers no text: on a phone it is docked below the footer.
      const launcher = await page.getByRole('button', { name: 'Open support chat' }).boundingBox();
      const footer = await page.getByRole('contentinfo').boundingBox();
      if (viewport.width <= 480) expect(launcher!.y).toBeGreaterThanOrEqual(footer!.y + footer!.height - 1);
    });

    it(`Get Started keeps the course through sign-in, to an existing account (${viewport.width} px)`, async () => {
      const email = `sam-${viewport.width}-${stamp}@school.test`;
      await signedInClient(app.url, { email, password: PASSWORD }, { firstName: 'Sam', lastName: 'Patel' });
      const page = await freshPage(viewport);
      const course = courses[1]!;
      await page.goto(`${app.url}/`);
      await page.getByRole('article').filter({ hasText: course.title }).first().getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL(`**/auth?next=%2Fcourses%2F${course.id}`);
      const form = page.getByRole('form', { name: 'Login' });
      // A wrong password first: said once, beside the form.
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill('not-the-password');
      await form.getByRole('button', { name: 'Sign In' }).click();
      await form
        .getByRole('alert')
        .filter({ hasText: /^Login failed: / })
        .waitFor();
      expect(await page.getByText('Login failed', { exact: true }).count()).toBe(0);
      await screenshot(page, 'h5-sign-in-failed-once');
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`**/courses/${course.id}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    });

    it(`admin figures follow Mark as paid and a licence grant (${viewport.width} px)`, async () => {
      const buyer = { email: `bursar-${viewport.width}-${stamp}@hill.sch.uk`, password: PASSWORD };
      const buyerApi = await signedInClient(app.url, buyer, { firstName: 'Bea', lastName: 'Bursar' });
      // Invoice requests need a confirmed address (issue 50 #1): this buyer has opened the link.
      await app.db('users').where({ email: buyer.email }).update({ emailVerifiedAt: Date.now() });
      const course = courses[0]!;
      const order = await buyerApi<OrderDto>('POST', '/api/orders', {
        courseId: course.id,
        schoolName: `Hill Primary ${viewport.width}`,
        billingEmail: buyer.email,
        currency: 'GBP',
        country: 'GB',
        billingAddress: '1 Hill Road, Leeds',
      });
      const adminApi = await signedInClient(app.url, app.admin);
      await adminApi('POST', `/api/admin/orders/${order.id}/invoice`, {});
      const { schoolId } = await createSchoolThroughApi(app, {
        name: `Oak Academy ${viewport.width}`,
        manager: { email: `head-${viewport.width}-${stamp}@oak.sch.uk`, password: PASSWORD, firstName: 'Helen' },
      });

      const page = await freshPage(viewport);
      await signIn(page, app, app.admin.email, app.admin.password);
      await page.goto(`${app.url}/admin`);
      const totals = page.getByRole('list', { name: 'Sales per currency' });
      const gbp = totals.locator('[data-currency="GBP"]');
      await gbp.waitFor();
      const outstandingBefore = (await gbp.textContent())!.match(/(£[\d,.]+) outstanding/)![1];
      expect(outstandingBefore).not.toBe('£0.00');
      await page.getByRole('button', { name: `Mark as paid: order ${order.reference}` }).click();
      await page.getByRole('alertdialog', { name: 'Mark this order as paid?' }).getByRole('button', { name: 'Mark as paid' }).click();
      await toast(page, 'Order marked as paid');
      // The toast leaves the header's controls uncovered, and there is no chat on admin pages.
      const banner = (await page.getByRole('banner').boundingBox())!;
      const shown = (await page
        .getByRole('region', { name: /Notification/ })
        .locator('li')
        .first()
        .boundingBox())!;
      expect(shown.y).toBeGreaterThanOrEqual(banner.y + banner.height);
      expect(await page.getByRole('button', { name: 'Open support chat' }).count()).toBe(0);
      // Without a reload: the totals are read again after the action.
      await expect.poll(async () => (await gbp.textContent())!.match(/(£[\d,.]+) outstanding/)![1]).not.toBe(outstandingBefore);
      await screenshot(page, 'h5-07-sales-after-paid');

      await page.goto(`${app.url}/admin/schools/${schoolId}`);
      const deadlines = page.getByRole('region', { name: 'Training deadlines' });
      await deadlines.getByText(/No courses are licensed for this school yet/).waitFor();
      await screenshot(page, 'h5-07-school-before-grant');
      await page.getByRole('combobox', { name: 'Grant a licence' }).selectOption({ label: course.title });
      await page.getByRole('button', { name: 'Grant', exact: true }).click();
      await toast(page, 'Licence granted');
      await deadlines.getByText(course.title).first().waitFor();
      expect(await deadlines.getByText(/No courses are licensed/).count()).toBe(0);
      await screenshot(page, 'h5-07-school-after-grant');
    });
  }
});
