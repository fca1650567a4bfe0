import type { CourseDetailDto, ModuleDto } from '@atrium/common';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, partScreenshot, PHONE, screenshot, signInWithForm, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('accessibility');

describe.skipIf(!enabled)('the accessibility statement and its report form in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseDetailDto;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const adminApi = await signedInClient(app.url, app.admin);
    course = await adminApi<CourseDetailDto>('POST', '/api/courses', {
      title: 'Accessible Assemblies',
      description: 'Assemblies everyone can follow',
      price: 0,
    });
    const captioned = await adminApi<ModuleDto>('POST', '/api/modules', {
      title: 'Signing the welcome',
      description: '',
      vimeoVideoId: '76979871',
      duration: 120,
      courseId: course.id,
      orderIndex: 1,
    });
    await adminApi<ModuleDto>('POST', '/api/modules', {
      title: 'Music without words',
      description: '',
      vimeoVideoId: '76979872',
      duration: 90,
      courseId: course.id,
      orderIndex: 2,
    });
    const now = Date.now();
    await app.db('captions').insert({
      moduleId: captioned.id,
      lang: 'en',
      label: 'English',
      vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nGood morning.\n',
      cueCount: 1,
      sourceFormat: 'vtt',
      createdAt: now,
      updatedAt: now,
    });
    app.app.deps.catalogue.invalidate();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`a visitor reaches the statement from the footer, reads what is not accessible and reports a problem (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      await page.goto(`${app.url}/auth`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
      await page.getByRole('heading', { level: 1, name: /^Accessibility statement for / }).waitFor();
      expect(page.url()).toBe(`${app.url}/accessibility`);
      await page.getByText(/This website is partially compliant with the/).waitFor();
      const missing = page.getByRole('listitem').filter({ has: page.getByText('Accessible Assemblies', { exact: true }) });
      expect(await missing.getByRole('listitem').allTextContents()).toEqual(['Music without words']);
      await page.getByRole('link', { name: 'Equality Advisory and Support Service (EASS)' }).waitFor();
      await expectAccessible(page, `accessibility statement (${viewport.width} px)`);
      await screenshot(page, 'accessibility-01-statement');

      const form = page.getByRole('form', { name: 'Reporting accessibility problems with this website' });
      await form.getByRole('textbox', { name: /Your e-mail address/ }).fill('not-an-address');
      await form.getByRole('button', { name: 'Send report' }).click();
      await form.getByText('Name is required').waitFor();
      await form.getByText('Message is required').waitFor();
      await expectAccessible(page, `report form with errors (${viewport.width} px)`);
      await screenshot(page, 'accessibility-02-report-errors');
      await partScreenshot(form, 'accessibility-02-report-errors-form');

      const name = `Rosa ${viewport.width}`;
      await form.getByRole('textbox', { name: /Your name/ }).fill(name);
      await form.getByRole('textbox', { name: /Your e-mail address/ }).fill('rosa@school.test');
      await form.getByRole('textbox', { name: /Page or feature/ }).fill('Transcript search');
      await form.getByRole('textbox', { name: /What went wrong/ }).fill('The search box does not say how many matches it found.');
      await form.getByRole('button', { name: 'Send report' }).click();
      await page
        .getByRole('status')
        .getByText(/Thank you for telling us. We will reply within 5 working days./)
        .waitFor();
      await screenshot(page, 'accessibility-03-report-sent');
      const stored = await app.db('contactMessages').where({ name }).first();
      expect(stored).toMatchObject({ source: 'accessibility', email: 'rosa@school.test' });
      await context.close();
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(`a school checks on the course page which videos have captions before buying (${viewport.width} px)`, async () => {
      const buyer = { email: `buyer-${viewport.width}-${Date.now()}@school.test`, password: 'buyer-password-1' };
      await signedInClient(app.url, buyer, { firstName: 'Sam', lastName: 'Okafor' });
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      await signInWithForm(page, app.url, buyer);
      await page.goto(`${app.url}/courses/${course.id}`);
      await page.getByText('Captions on 1 of 2 videos').waitFor();
      const modules = page.getByRole('region', { name: 'Course modules' });
      await modules.getByRole('listitem').filter({ hasText: 'Signing the welcome' }).getByText('Captions: English').waitFor();
      await modules.getByRole('listitem').filter({ hasText: 'Music without words' }).getByText('No captions yet').waitFor();
      await expectAccessible(page, `course page with captions (${viewport.width} px)`);
      await screenshot(page, 'accessibility-05-course-captions');
      await context.close();
    });
  }

  it('an admin sets the reply time and review date, sees the report in the inbox as an accessibility problem, and the statement says them', async () => {
    const context = await newContext(browser.browser, DESKTOP);
    const page = await context.newPage();
    await signInWithForm(page, app.url, app.admin);
    await page.goto(`${app.url}/admin`);
    const inbox = page.getByRole('region', { name: 'Contact inbox' });
    await inbox.getByText('Rosa 1280').waitFor();
    expect(await inbox.getByText('Accessibility problem').count()).toBeGreaterThan(0);

    const panel = page.getByRole('form', { name: 'Accessibility statement details' });
    await panel.getByRole('textbox', { name: 'Contact e-mail' }).fill('access@agency.test');
    await panel.getByRole('spinbutton', { name: /Reply within/ }).fill('3');
    await panel.getByLabel('Last reviewed on').fill('2026-11-02');
    await panel.getByRole('textbox', { name: 'Reviewed by' }).fill('The agency’s web team');
    await panel.getByRole('textbox', { name: /Known issues/ }).fill('Certificate PDFs are not yet tagged for screen readers.');
    await panel.getByRole('button', { name: 'Save statement' }).click();
    await toast(page, 'Statement saved');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'accessibility-04-admin');
    await partScreenshot(panel, 'accessibility-04-admin-panel');
    await expectAccessible(page, 'admin with the statement panel');

    await page.getByRole('link', { name: 'View the statement' }).click();
    await page.getByText(/get back to you in 3 working days/).waitFor();
    await page.getByText('Certificate PDFs are not yet tagged for screen readers.').waitFor();
    await page.getByText(/last reviewed on 2 November 2026/).waitFor();
    expect(await page.getByRole('link', { name: 'access@agency.test' }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
