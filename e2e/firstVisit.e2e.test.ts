import type { CourseDetailDto, CourseSummaryDto, ModuleDto } from '@atrium/common';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';

const enabled = portalSuiteCanRun('firstVisit');
const PASSWORD = 'a-good-password';

/** What a new member of staff sees first (issue 24, points 8–13), at desk and phone widths. */
describe.skipIf(!enabled)('a first visit in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let free: CourseDetailDto;
  let priced: CourseSummaryDto;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const adminApi = await signedInClient(app.url, app.admin);
    free = await adminApi<CourseDetailDto>('POST', '/api/courses', { title: 'Consent Basics', description: 'A short free course.', price: 0 });
    await adminApi<ModuleDto>('POST', '/api/modules', {
      title: 'Asking first',
      description: 'Module 1.',
      vimeoVideoId: '76979871',
      duration: 60,
      courseId: free.id,
      orderIndex: 1,
    });
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    priced = courses.find((course) => course.price > 0)!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`sign-in failure, first dashboard, My school, checkout default, a finished course, profile (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const email = `robin-${viewport.width}-${Date.now()}@school.test`;
      const registered = await fetch(`${app.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ email, password: PASSWORD, firstName: 'Robin', lastName: 'Hale' }),
      });
      expect(registered.status).toBe(201);

      // A failed sign-in is said once, beside the form, as an alert (no toast repeating it).
      await page.goto(`${app.url}/auth`);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const login = page.getByRole('form', { name: 'Login' });
      await login
        .getByRole('alert')
        .filter({ hasText: /^Login failed: / })
        .waitFor();
      expect(await page.getByText('Login failed', { exact: true }).count()).toBe(0);
      await screenshot(page, 'first-01-login-failed');
      await expectAccessible(page, 'login failed');

      // The first dashboard: greeted as new, the figures still there (SPEC §2), and how staff get access.
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome, Robin!' }).waitFor();
      expect(await page.getByRole('list', { name: 'Your learning in numbers' }).count()).toBe(1);
      const help = page.getByRole('region', { name: 'Is your school signed up?' });
      await help.getByText(/Use the link your school sent you/).waitFor();
      await screenshot(page, 'first-02-dashboard');
      await expectAccessible(page, 'first dashboard');

      // My school from the user menu, for someone without a school too.
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'My school' }).click();
      await page.waitForURL('**/school');
      await page.getByRole('heading', { name: 'Joining your school' }).waitFor();

      // Checkout: buying for the school is the default and says what it gives.
      await page.goto(`${app.url}/checkout/${priced.id}`);
      await page.getByRole('heading', { level: 1, name: 'Purchase Course' }).waitFor();
      await expect.poll(() => page.getByRole('radio', { name: /For my school/ }).isChecked()).toBe(true);
      await page.getByRole('region', { name: 'Order summary' }).getByText('Every member of staff at your school gets their own login').waitFor();
      expect(await page.getByText(/\b1 hours\b/).count()).toBe(0);
      await screenshot(page, 'first-03-checkout');

      // A finished course links to its certificate from the dashboard card and the course page.
      const api = await signedInClient(app.url, { email, password: PASSWORD });
      await api('POST', '/api/enrollments', { courseId: free.id });
      const [module] = (await api<CourseDetailDto>('GET', `/api/courses/${free.id}`)).modules;
      await api('POST', '/api/progress', { moduleId: module!.id, courseId: free.id, watchedDuration: 60, isCompleted: true });
      const certificate = await app
        .db('certificates')
        .join('users', 'users.id', 'certificates.userId')
        .where('users.email', email)
        .first('certificates.certificateNumber');
      expect(certificate?.certificateNumber).toBeTruthy();
      const certificateHref = `/certificate/${encodeURIComponent(certificate.certificateNumber)}`;

      await page.goto(`${app.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Robin!' }).waitFor();
      const card = page.getByRole('article', { name: free.title });
      await expect.poll(() => card.getByRole('link', { name: /View Certificate/ }).getAttribute('href')).toBe(certificateHref);
      // The learner's own course comes before the ones to buy.
      expect(await page.getByRole('article').first().getAttribute('aria-labelledby')).toBe(`course-${free.id}-title`);
      await screenshot(page, 'first-04-dashboard-finished');
      await expectAccessible(page, 'dashboard with a finished course');

      await page.goto(`${app.url}/courses/${free.id}`);
      await page.getByText('100% Complete').waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'View Certificate' }).getAttribute('href')).toBe(certificateHref);
      await screenshot(page, 'first-05-course-finished');
      await page.getByRole('link', { name: 'View Certificate' }).click();
      await page.waitForURL(`**${certificateHref}`);
      await page.getByText('Certificate of Completion').first().waitFor();

      // Profile: password, my data, and deletion behind a confirmation.
      await page.goto(`${app.url}/profile`);
      await page.getByRole('form', { name: 'Change password' }).waitFor();
      await page.getByRole('button', { name: /Download my data/ }).waitFor();
      await screenshot(page, 'first-06-profile');
      await expectAccessible(page, 'profile');
      await page.getByRole('button', { name: /Delete my account/ }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      // The dialog rises in over 160 ms: photographed once it has settled.
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await screenshot(page, 'first-07-delete-dialog');
      await expectAccessible(page, 'delete account dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await app.db('users').where({ email }).whereNull('deletedAt').first()).toBeTruthy();

      // The dashboard's loading and error states, as a slow or failing server leaves them.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/dashboard', async (route) => {
        await held;
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong' }) });
      });
      // The server puts the dashboard's answer in the page on a full load of /, so the states are
      // reached as a learner coming back from another page does: a client-side move to /.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByText('Loading your courses').first().waitFor();
      await screenshot(page, 'first-08-dashboard-loading');
      release();
      await page.getByRole('heading', { name: 'Your dashboard could not be loaded' }).waitFor();
      await screenshot(page, 'first-09-dashboard-error');
      await page.unroute('**/api/dashboard');

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
