import type { CourseDetailDto, ModuleDto } from '@atrium/common';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('journey');

describe.skipIf(!enabled)('a new learner’s journey in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseDetailDto;
  let modules: ModuleDto[];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    // The admin publishes a free two-module course through the API.
    const adminApi = await signedInClient(app.url, app.admin);
    course = await adminApi<CourseDetailDto>('POST', '/api/courses', {
      title: 'Safeguarding Essentials for Photographers',
      description: 'A short free course on consent and safe photography for every member of staff.',
      price: 0,
    });
    modules = [];
    for (const [index, title] of ['Why consent matters', 'Photos that protect identity'].entries()) {
      modules.push(
        await adminApi<ModuleDto>('POST', '/api/modules', {
          title,
          description: `Module ${index + 1} of the safeguarding course.`,
          vimeoVideoId: '76979871',
          duration: 120,
          courseId: course.id,
          orderIndex: index + 1,
        }),
      );
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`landing → register → dashboard → enroll → every module → certificate (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const email = `learner-${viewport.width}-${Date.now()}@school.test`;

      // Landing page
      await page.goto(app.url + '/');
      await page.getByRole('link', { name: 'Start Learning Today' }).waitFor();
      await page.getByRole('heading', { name: 'Available Courses' }).waitFor();
      await page.getByText('Smartphone Photography for School Marketing').first().waitFor();
      // The FAQ's questions are native disclosures (<summary>), working before the app loads.
      await expect(page.locator('summary', { hasText: 'What courses do you offer?' }).count()).resolves.toBe(1);
      await screenshot(page, 'journey-01-landing');
      await expectAccessible(page, 'landing');

      // Register
      await page.getByRole('link', { name: 'Start Learning Today' }).click();
      await page.waitForURL('**/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('textbox', { name: 'First name' }).fill('Jordan');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Lee');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill('a-good-password');
      await screenshot(page, 'journey-02-register');
      await expectAccessible(page, 'register');
      await page.getByRole('button', { name: 'Create Account' }).click();

      // Dashboard
      await page.getByRole('heading', { name: /^Welcome(?: back)?, Jordan!$/ }).waitFor();
      const card = page.getByRole('article', { name: course.title });
      await card.waitFor();
      await screenshot(page, 'journey-03-dashboard');
      await expectAccessible(page, 'dashboard');

      // Course page: enroll in the free course
      await card.getByRole('link', { name: 'View Course' }).click();
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      await page.getByText('Not Enrolled').waitFor();
      await screenshot(page, 'journey-04-course');
      await expectAccessible(page, 'course');

      // The module page before enrolling, and a module the course does not have
      await page.goto(`${app.url}/courses/${course.id}/modules/${modules[0]!.id}`);
      await page.getByRole('heading', { level: 1, name: 'Enroll to watch this module' }).waitFor();
      await screenshot(page, 'journey-04b-module-not-enrolled');
      await expectAccessible(page, 'module not enrolled');
      await page.goto(`${app.url}/courses/${course.id}/modules/999999`);
      await page.getByRole('heading', { level: 1, name: 'Module not found' }).waitFor();
      await screenshot(page, 'journey-04c-module-not-found');
      await page.getByRole('link', { name: 'Back to Course' }).click();
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();

      await page.getByRole('button', { name: 'Enroll Now' }).click();
      await toast(page, 'Enrolled successfully!');
      await page.getByText('0% Complete').waitFor();

      // Every module, completed by hand
      await page.getByRole('link', { name: 'Start Course' }).click();
      for (const [index, module] of modules.entries()) {
        await page.waitForURL(`**/courses/${course.id}/modules/${module.id}`);
        await page.getByRole('heading', { level: 1, name: module.title }).waitFor();
        await page
          .getByText(`Module ${index + 1} of ${modules.length}`)
          .last()
          .waitFor();
        await page.getByRole('button', { name: 'Mark as Complete' }).waitFor();
        if (index === 0) {
          await page.getByRole('link', { name: `Close and go back to ${course.title}` }).waitFor();
          await screenshot(page, 'journey-05-module');
          await expectAccessible(page, 'module');
        }
        await page.getByRole('button', { name: 'Mark as Complete' }).click();
        const last = index === modules.length - 1;
        await toast(page, last ? 'Course completed!' : 'Module completed!');
        await page.getByText('Module Completed', { exact: true }).waitFor();
        if (last) await screenshot(page, 'journey-06-course-completed');
      }

      // Certificates (after 2 s)
      await page.waitForURL('**/certificates');
      await page.getByRole('heading', { name: 'My Certificates' }).waitFor();
      const certificateCard = page.getByRole('article', { name: course.title });
      await certificateCard.getByText('100% Complete').waitFor();
      await screenshot(page, 'journey-07-certificates');
      await expectAccessible(page, 'certificates');
      const link = certificateCard.getByRole('link', { name: /View Certificate/ });
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      const href = await link.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${app.url}/certificate/`));

      // The public certificate page, as anyone would open the shared link
      const visitor = await newContext(browser.browser, viewport);
      const publicPage = await visitor.newPage();
      await publicPage.goto(href!);
      await publicPage.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();
      await publicPage.getByText('Jordan Lee').waitFor();
      await publicPage.getByText(course.title).first().waitFor();
      await publicPage.getByRole('button', { name: /Download \/ Print/ }).waitFor();
      const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
      expect(await publicPage.getByText(longDate).count()).toBeGreaterThanOrEqual(2);
      await screenshot(publicPage, 'journey-08-certificate');
      await expectAccessible(publicPage, 'certificate');
      // Download / Print: the print stylesheet makes exactly one A4 landscape page.
      const pdf = await publicPage.pdf({ preferCSSPageSize: true, printBackground: true });
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
      const mediaBox = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/.exec(pdf.toString('latin1'));
      expect(Number(mediaBox?.[1])).toBeGreaterThan(Number(mediaBox?.[2]));
      await visitor.close();

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
