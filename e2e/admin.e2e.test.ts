import type { CourseDetailDto, CourseSummaryDto, UserDto } from '@atrium/common';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signInWithForm, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('admin');

/** Registers through the API like the register form does (same Origin the server checks). */
async function register(baseUrl: string, person: { email: string; password: string; firstName: string; lastName: string }): Promise<UserDto> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as UserDto;
}

describe.skipIf(!enabled)('the admin area in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const student = { email: `teacher-${Date.now()}@school.test`, password: 'teacher-password-1', firstName: 'Robin', lastName: 'Okafor' };
  let studentId: number;
  let pricedCourse: CourseSummaryDto;
  const courseTitle = 'Drone Footage for Open Days';
  let courseId: number;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    studentId = (await register(app.url, student)).id;
    // Something in the inbox and an invoice order, as schools produce them.
    const contact = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({
        name: 'Sam Patel',
        email: 'sam@hill.sch.uk',
        company: 'Hill Primary',
        message: 'Do you offer a discount for a trust of five schools?',
      }),
    });
    expect(contact.ok).toBe(true);
    // Invoice requests need a confirmed address (issue 50 #1): this student has opened the link.
    await app.db('users').where({ email: student.email }).update({ emailVerifiedAt: Date.now() });
    const studentApi = await signedInClient(app.url, student);
    const courses = await studentApi<CourseSummaryDto[]>('GET', '/api/courses');
    pricedCourse = courses.find((course) => course.price > 0)!;
    await studentApi('POST', '/api/orders', {
      courseId: pricedCourse.id,
      schoolName: 'Hill Primary',
      billingEmail: 'bursar@hill.sch.uk',
      purchaseOrderNumber: 'PO-1184',
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an admin runs the catalogue and the students from the admin screens (1280 px)', async () => {
    const context = await newContext(browser.browser, DESKTOP);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await signInWithForm(page, app.url, app.admin);
    // The Admin link carries the count of unanswered contact messages.
    await page.getByRole('link', { name: 'Admin (1 unanswered message)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Total Students').waitFor();
    await page.getByRole('list', { name: 'Students', exact: true }).getByText(student.email).waitFor();
    await page.getByRole('list', { name: 'Contact messages' }).getByText('Sam Patel').waitFor();
    await screenshot(page, 'admin-01-dashboard');
    await expectAccessible(page, 'admin dashboard');

    // New Course, price in pounds
    await page.getByRole('button', { name: 'New Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Course' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(courseTitle);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Plan, fly and edit safe aerial footage for your open day film.');
    await dialog.getByRole('textbox', { name: 'Price (£)' }).fill('199.99');
    await screenshot(page, 'admin-02-new-course');
    await expectAccessible(page, 'new course dialog');
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await toast(page, 'Course created');
    const courses = page.getByRole('list', { name: 'Courses' });
    await courses.getByText(courseTitle).waitFor();
    await courses.getByText('£199.99').waitFor();

    // Manage Modules: add two, then reorder
    await page.getByRole('link', { name: `Manage Modules of ${courseTitle}` }).click();
    await page.waitForURL('**/admin/courses/*');
    courseId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    for (const [title, video, duration] of [
      ['Planning a safe flight', 'https://vimeo.com/76979871', '2:30'],
      ['Editing the footage', 'https://player.vimeo.com/video/76979871?h=abc123def0', '1.5'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Module' }).first().click();
      const form = page.getByRole('form', { name: 'Add a module' });
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('textbox', { name: 'Vimeo video' }).fill(video);
      await form.getByRole('textbox', { name: 'Duration' }).fill(duration);
      await form.getByRole('button', { name: 'Add Module' }).click();
      await toast(page, 'Module created');
      await page.getByRole('list', { name: 'Modules in order' }).getByText(title).waitFor();
    }
    const adminApi = await signedInClient(app.url, app.admin);
    let stored = await adminApi<CourseDetailDto>('GET', `/api/courses/${courseId}`);
    expect(stored.modules.map((m) => [m.title, m.orderIndex, m.duration, m.vimeoVideoId, m.vimeoHash])).toEqual([
      ['Planning a safe flight', 1, 150, '76979871', null],
      ['Editing the footage', 2, 90, '76979871', 'abc123def0'],
    ]);

    // Move up by keyboard: focus stays with the moved module and the change is announced.
    await page.getByRole('button', { name: 'Move Editing the footage up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Editing the footage moved to position 1 of 2.').waitFor({ state: 'attached' });
    const items = page.getByRole('list', { name: 'Modules in order' }).getByRole('listitem');
    await expect.poll(() => items.first().textContent()).toContain('Editing the footage');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Editing the footage down');
    await expect
      .poll(async () => (await adminApi<CourseDetailDto>('GET', `/api/courses/${courseId}`)).modules.map((m) => m.title))
      .toEqual(['Editing the footage', 'Planning a safe flight']);
    await page.getByRole('button', { name: 'Edit Planning a safe flight' }).click();
    await page.getByRole('form', { name: 'Edit module Planning a safe flight' }).waitFor();
    await screenshot(page, 'admin-03-course-modules');
    await expectAccessible(page, 'course modules');
    await page.getByRole('link', { name: 'Back to Admin' }).click();

    // Quick Enroll by e-mail
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('searchbox', { name: 'Find a student' }).fill(student.email);
    await page
      .getByRole('list', { name: 'Matching students' })
      .getByRole('button', { name: /Robin Okafor/ })
      .click();
    const courseSelect = page.getByRole('combobox', { name: 'Course' });
    await expect.poll(() => courseSelect.isEnabled()).toBe(true);
    // Only courses the student is not in: the invoiced course is not paid yet, so it is offered.
    await courseSelect.selectOption({ label: courseTitle });
    await page.getByRole('button', { name: 'Enroll Student' }).click();
    await toast(page, 'Student enrolled');
    await expect.poll(async () => (await courseSelect.locator('option').allTextContents()).includes(courseTitle)).toBe(false);
    await screenshot(page, 'admin-04-quick-enroll');

    // Export to Excel
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^students-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await toast(page, 'Export successful');

    // Inbox: handled, and the nav count goes
    await page.getByRole('list', { name: 'Contact messages' }).getByRole('checkbox', { name: 'Handled' }).check();
    await toast(page, 'Marked as handled');
    await page.getByRole('link', { name: 'Admin', exact: true }).waitFor();

    // Invoice order: Mark as paid (confirmed) enrolls the buyer
    // Named by its reference, and the school's own "PO-1184" is not labelled twice.
    const orders = page.getByRole('list', { name: 'Invoice orders' });
    await orders.getByText(/^ORD-\d{6} · /).waitFor();
    await orders.getByText(/ · PO-1184$/).waitFor();
    expect(await orders.getByText(/PO PO-1184/).count()).toBe(0);
    await page.getByRole('button', { name: /^Mark as paid: order ORD-\d{6}$/ }).click();
    await page.getByRole('alertdialog', { name: 'Mark this order as paid?' }).getByRole('button', { name: 'Mark as paid' }).click();
    await toast(page, 'Order marked as paid');
    await page.getByRole('list', { name: 'Invoice orders' }).getByText('Paid', { exact: true }).waitFor();

    // Students panel: search as you type, then the student's page
    const search = page.getByRole('searchbox', { name: 'Search students' });
    await search.fill('Okafor');
    const studentLink = page.getByRole('list', { name: 'Students', exact: true }).getByRole('link', { name: /Robin Okafor/ });
    await studentLink.waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Students', exact: true }).getByRole('link').count()).toBe(1);
    await studentLink.click();
    await page.waitForURL(`**/admin/students/${studentId}`);
    await page.getByRole('heading', { level: 1, name: /Robin Okafor/ }).waitFor();
    const enrolled = page.getByRole('list', { name: 'Enrolled courses' });
    await enrolled.getByText(courseTitle, { exact: true }).waitFor();
    await enrolled.getByText(pricedCourse.title, { exact: true }).waitFor();
    await page.getByText('Total enrollments').waitFor();
    await screenshot(page, 'admin-05-student');
    await expectAccessible(page, 'student page');

    // Unenroll, confirmed
    await page.getByRole('button', { name: `Unenroll from ${courseTitle}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unenroll this student?' });
    await screenshot(page, 'admin-06-unenroll-confirm');
    await confirm.getByRole('button', { name: 'Unenroll' }).click();
    await toast(page, 'Student unenrolled');
    await expect.poll(() => enrolled.getByText(courseTitle, { exact: true }).count()).toBe(0);

    // Fallbacks
    await page.goto(`${app.url}/admin/students/999999`);
    await page.getByRole('heading', { level: 1, name: 'Student Not Found' }).waitFor();
    await page.goto(`${app.url}/admin/courses/999999`);
    await page.getByRole('heading', { level: 1, name: 'Course not found' }).waitFor();

    // Delete the course, with a confirmation that says it cannot be undone
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await page.getByRole('button', { name: `Delete ${courseTitle}` }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Delete this course?' });
    await deleteDialog.getByText('This cannot be undone.').waitFor();
    await deleteDialog.getByRole('button', { name: 'Delete course' }).click();
    await toast(page, 'Course deleted');
    await expect.poll(() => page.getByRole('list', { name: 'Courses' }).getByText(courseTitle).count()).toBe(0);

    stored = await adminApi<CourseDetailDto>('GET', `/api/courses/${pricedCourse.id}`);
    expect(stored.title).toBe(pricedCourse.title);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('every admin screen at 390 px', async () => {
    const adminApi = await signedInClient(app.url, app.admin);
    const course = await adminApi<CourseSummaryDto>('POST', '/api/courses', {
      title: 'Phone Layout Check',
      description: 'A course for the narrow screens.',
      price: 49900,
    });
    for (const title of ['Framing a shot', 'Light and shade']) {
      await adminApi('POST', '/api/modules', { title, description: '', vimeoVideoId: '76979871', duration: 200, courseId: course.id });
    }
    const context: BrowserContext = await newContext(browser.browser, PHONE);
    const page = await context.newPage();
    await signInWithForm(page, app.url, app.admin);
    for (const [path, heading, name] of [
      ['/admin', 'Admin Dashboard', 'admin-01-dashboard'],
      [`/admin/courses/${course.id}`, 'Phone Layout Check', 'admin-03-course-modules'],
      [`/admin/students/${studentId}`, /Robin Okafor/, 'admin-05-student'],
    ] as const) {
      await page.goto(app.url + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      // Nothing may overflow sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, name);
      await expectAccessible(page, `${path} at 390 px`);
    }
    await page.goto(`${app.url}/admin/courses/${course.id}`);
    await page.getByRole('button', { name: 'Add Module' }).click();
    await page.getByRole('form', { name: 'Add a module' }).waitFor();
    await screenshot(page, 'admin-03b-module-form');
    await context.close();
  });

  it('a signed-in non-admin sees Access Denied', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      await signInWithForm(page, app.url, student);
      expect(await page.getByRole('link', { name: /^Admin/ }).count()).toBe(0);
      await page.goto(`${app.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
      await page.getByText('You need admin privileges to access this page.').waitFor();
      await screenshot(page, 'admin-07-access-denied');
      await expectAccessible(page, 'access denied');
      await context.close();
    }
  });
});
