import { readFileSync } from 'node:fs';
import type { CourseSummaryDto, UserDto } from '@atrium/common';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../server/src/test/files.ts';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signInWithForm, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('resources');

describe.skipIf(!enabled)('course resources in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseSummaryDto;
  const learner = { email: `learner-${Date.now()}@school.test`, password: 'learner-password-1' };
  let learnerUser: UserDto;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const api = await signedInClient(app.url, learner, { firstName: 'Robin', lastName: 'Okafor' });
    learnerUser = await api<UserDto>('GET', '/api/user');
    course = (await api<CourseSummaryDto[]>('GET', '/api/courses'))[0]!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an admin attaches a PDF to the course; a learner sees it, and downloads it once enrolled', async () => {
    const adminContext = await newContext(browser.browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signInWithForm(admin, app.url, app.admin);
    await admin.goto(`${app.url}/admin/courses/${course.id}`);
    const panel = admin.getByRole('region', { name: 'Resources' });
    await panel.getByRole('button', { name: 'Attach File' }).click();
    const form = panel.getByRole('form', { name: 'Attach a resource' });
    await form.getByLabel('Title').fill('Photo consent checklist');
    await form.getByLabel('Description').fill('Print it and keep a copy with each signed form.');
    await form.getByLabel('File').setInputFiles({ name: 'consent checklist.pdf', mimeType: 'application/pdf', buffer: pdfBytes('e2e') });
    await form.getByRole('button', { name: 'Attach file' }).click();
    await toast(admin, 'Resource attached');
    await panel.getByRole('region', { name: 'Course page' }).getByText('Photo consent checklist').waitFor();
    await screenshot(admin, 'resources-admin');
    await admin.setViewportSize(PHONE);
    await screenshot(admin, 'resources-admin');
    await adminContext.close();

    // Not enrolled: the list shows, with how to get access, and no download link.
    const learnerContext = await newContext(browser.browser, PHONE);
    const page = await learnerContext.newPage();
    await signInWithForm(page, app.url, learner);
    await page.goto(`${app.url}/courses/${course.id}`);
    const resources = page.getByRole('region', { name: 'Resources' });
    await resources.getByText('Photo consent checklist').waitFor();
    await resources.getByText(/Enroll in this course to download these resources/).waitFor();
    expect(await resources.getByRole('link', { name: /Photo consent checklist/ }).count()).toBe(0);
    await screenshot(page, 'resources-not-enrolled');

    await app.db('enrollments').insert({ userId: learnerUser.id, courseId: course.id, source: 'admin', enrolledAt: Date.now() });
    await page.reload();
    const link = page.getByRole('region', { name: 'Resources' }).getByRole('link', { name: /Photo consent checklist \(download PDF/ });
    await link.waitFor();
    await screenshot(page, 'resources-enrolled');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'resources-enrolled');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('consent checklist.pdf');
    expect(readFileSync((await download.path())!).toString()).toBe(pdfBytes('e2e').toString());
    await learnerContext.close();
  });
});
