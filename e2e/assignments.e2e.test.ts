import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { CertificateListItemDto, CourseDetailDto, CourseSummaryDto, UserDto } from '@atrium/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { browserSession, DESKTOP, partScreenshot, PHONE, screenshot, signInWithForm, toast, viewportScreenshot } from './support/browser.ts';
import { createSchoolThroughApi } from './support/schoolSetup.ts';

// Assignments (issue 37): an admin adds a photo assignment that needs approval at the end of a
// course; a learner on a phone (390 px) uploads two photos and submits; an admin asks for changes
// with feedback on the whole and on one photo; the learner reads it, replaces that photo in the new
// round (which starts with round 1's photos); the
// admin approves; the certificate is issued. Each screen at 1280 and 390 px, with its empty,
// loading and error states.
const enabled = portalSuiteCanRun('assignments');
const TITLE = 'Three photos of school life';

/** A real JPEG (a colour field with a stripe), so the server's sniffing and re-encoding see a photo. */
const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 1200, height: 120, channels: 3, background: '#ffffff' } }, top: 390, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();

describe.skipIf(!enabled)('assignments in a real browser', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof browserSession>>;
  let course: CourseSummaryDto;
  const stamp = Date.now();
  const robin = { email: `robin-${stamp}@school.test`, password: 'learner-password-1' };
  let robinId = 0;

  beforeAll(async () => {
    app = await startApp();
    browser = await browserSession();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    course = courses.find((candidate) => candidate.totalModules > 1)!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an admin adds a photo assignment that needs approval, at the end of the course', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await browser.page(viewport);
      await signInWithForm(admin, app.url, app.admin);
      await admin.goto(`${app.url}/admin/courses/${course.id}`);
      const section = admin.getByRole('region', { name: 'Assignments' });
      if (viewport === PHONE) {
        // Added at 1280 px just before: the list as a phone shows it.
        await section.getByText(TITLE).waitFor();
        await section.scrollIntoViewIfNeeded();
        await viewportScreenshot(admin, 'assignment-admin-panel');
        continue;
      }
      await section.getByText('No assignments yet', { exact: false }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await viewportScreenshot(admin, 'assignment-admin-empty');

      await section.getByRole('button', { name: 'Add Assignment' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add an assignment' });
      await dialog.getByRole('button', { name: 'Add assignment' }).click();
      await dialog.getByText('Give the assignment a title').waitFor();
      await viewportScreenshot(admin, 'assignment-admin-dialog-errors');
      await dialog.getByLabel(/^Title/).fill(TITLE);
      await dialog
        .getByLabel(/^Instructions/)
        .fill(
          'Take three photos of a lesson in progress, with no child identifiable: hands at work, displays, the room.\n\nThe consent guide is at https://example.org/consent-guide.',
        );
      await dialog.getByLabel('Position in the course').selectOption({ label: 'At the end of the course' });
      await dialog.getByLabel('Most files per submission').fill('3');
      await expectAccessible(admin, 'the assignment dialog');
      await viewportScreenshot(admin, 'assignment-admin-dialog');
      await dialog.getByRole('button', { name: 'Add assignment' }).click();
      await toast(admin, 'Assignment added');
      const row = section.getByRole('list', { name: 'Assignments in course order' }).getByRole('listitem').filter({ hasText: TITLE });
      await row.getByText('At the end of the course · photos · up to 3 files').waitFor();
      await row.getByText('Approval required').waitFor();
      await section.scrollIntoViewIfNeeded();
      await viewportScreenshot(admin, 'assignment-admin-panel');
    }
  });

  it('a learner on a phone uploads two photos and submits; an admin asks for changes; the learner resubmits; the admin approves; the certificate is issued', async () => {
    const api = await signedInClient(app.url, robin, { firstName: 'Robin', lastName: 'Okafor' });
    robinId = (await api<UserDto>('GET', '/api/user')).id;
    await app.db('enrollments').insert({ userId: robinId, courseId: course.id, source: 'admin', enrolledAt: Date.now() });
    const detail = await api<CourseDetailDto>('GET', `/api/courses/${course.id}`);
    for (const module of detail.modules) {
      await api('POST', '/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: module.duration, isCompleted: true });
    }

    const page = await browser.page(PHONE);
    await signInWithForm(page, app.url, robin);
    await page.goto(`${app.url}/courses/${course.id}`);
    const step = page.getByRole('heading', { name: new RegExp(`assignment: ${TITLE}`) });
    await step.waitFor();
    // Every video is done, but the step is not: no certificate yet.
    expect(await page.getByRole('link', { name: /View Certificate/ }).count()).toBe(0);
    await step.scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'assignment-course-step');
    await page.getByRole('link', { name: `Start: ${TITLE}` }).click();
    await page.waitForURL(/\/assignments\/\d+$/);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('link', { name: 'https://example.org/consent-guide' }).waitFor();
    await page.getByText(/Photos are stripped of location and camera details/).waitFor();
    await expectAccessible(page, 'the assignment page before any upload');
    await fromTop(page, 'assignment-learner-empty');

    // Nothing yet: Submit says what is missing.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Add at least one photo before submitting.').waitFor();

    const input = page.getByTestId('assignment-file-input');
    await input.setInputFiles([
      { name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await photo('#3b6ea5') },
      { name: 'yard.jpg', mimeType: 'image/jpeg', buffer: await photo('#6a994e') },
    ]);
    await page.getByRole('link', { name: 'hall.jpg', exact: true }).waitFor();
    await page.getByRole('link', { name: 'yard.jpg', exact: true }).waitFor();
    await page.getByText('2 of 3 files').waitFor();
    await page.getByLabel('Note for the reviewer (optional)').fill('Taken in the hall during assembly practice.');
    await fromTop(page, 'assignment-learner-uploaded');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submitted: awaiting review').waitFor();
    await expectAccessible(page, 'a submitted assignment');
    await fromTop(page, 'assignment-learner-submitted');

    // The admin's queue: one waiting, oldest first.
    const admin = await browser.page(DESKTOP);
    await signInWithForm(admin, app.url, app.admin);
    await admin.goto(`${app.url}/admin`);
    await admin.getByRole('link', { name: 'Reviews 1 awaiting' }).click();
    await admin.waitForURL(/\/admin\/reviews$/);
    const queued = admin.getByRole('link', { name: `Robin Okafor: ${TITLE}` });
    await queued.waitFor();
    await expectAccessible(admin, 'the review queue');
    await screenshot(admin, 'assignment-reviews');
    await queued.click();
    await admin.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await admin.getByRole('img', { name: 'hall.jpg' }).waitFor();
    // The photo came back re-encoded and is served: it decodes in the page.
    expect(await admin.getByRole('img', { name: 'hall.jpg' }).evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBe(1200);
    await admin.getByLabel('Feedback on yard.jpg (optional)').fill('A face shows at the left edge: crop it out.');
    await admin.getByLabel('Feedback to the learner').fill('Good light and framing. One photo shows a child’s face; please send a new one.');
    await expectAccessible(admin, 'the review page');
    await fromTop(admin, 'assignment-review');
    await admin.getByRole('button', { name: /Ask for changes/ }).click();
    await toast(admin, 'Changes requested');

    // The learner reads the feedback and sends a new round: it starts with round 1's photos carried
    // over, the note on yard.jpg beside it; they replace that one (round 1 is kept as it was sent).
    await page.reload();
    await page.getByText('Changes requested on round 1').waitFor();
    await page.getByText('One photo shows a child’s face; please send a new one.', { exact: false }).first().waitFor();
    const round2 = page.getByRole('region', { name: 'Your submission (round 2)' });
    await round2.getByText('A face shows at the left edge: crop it out.', { exact: false }).waitFor();
    await round2.getByText('2 of 3 files').waitFor();
    await expectAccessible(page, 'changes requested');
    await fromTop(page, 'assignment-learner-changes');
    await round2.getByRole('button', { name: 'Remove yard.jpg' }).click();
    await round2.getByText('1 of 3 files').waitFor();
    await input.setInputFiles([{ name: 'yard-cropped.jpg', mimeType: 'image/jpeg', buffer: await photo('#457b9d') }]);
    await page.getByRole('link', { name: 'yard-cropped.jpg', exact: true }).waitFor();
    await round2.getByRole('link', { name: 'hall.jpg', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submitted: awaiting review').waitFor();

    // The admin approves round 2; its page shows round 1 as history.
    await admin.goto(`${app.url}/admin/reviews`);
    await admin.getByRole('link', { name: `Robin Okafor: ${TITLE}` }).click();
    await admin.getByRole('heading', { name: 'Round 2' }).waitFor();
    await admin.getByRole('region', { name: 'Earlier rounds' }).getByText('Changes requested').waitFor();
    await admin.getByLabel('Feedback to the learner').fill('Well done: all three rules followed.');
    await admin.getByRole('button', { name: /Approve/ }).click();
    await toast(admin, 'Approved');

    await page.reload();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await page.getByText('Assignment complete').waitFor();
    await fromTop(page, 'assignment-learner-approved');
    const certificates = await api<CertificateListItemDto[]>('GET', '/api/certificates');
    expect(certificates.map((certificate) => certificate.courseId)).toContain(course.id);
    await page.goto(`${app.url}/courses/${course.id}`);
    await page.getByRole('link', { name: /View Certificate/ }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('the other widths and states: the learner’s steps at 1280, the queue and review at 390, empty, loading and error', async () => {
    const learner = await browser.page(DESKTOP);
    await signInWithForm(learner, app.url, robin);
    await learner.goto(`${app.url}/courses/${course.id}`);
    const link = learner.getByRole('link', { name: `View: ${TITLE}` });
    await link.click();
    await learner.getByText('Assignment complete').waitFor();
    await fromTop(learner, 'assignment-learner-approved');
    const url = learner.url();

    // Loading: the assignment's answer held back; error: the server fails; not found: another id.
    let release: () => void = () => undefined;
    await learner.route('**/api/assignments/*', async (route) => {
      await new Promise<void>((done) => (release = done));
      await route.continue();
    });
    await learner.goto(url);
    await learner.getByText('Loading assignment').first().waitFor();
    await viewportScreenshot(learner, 'assignment-learner-loading');
    release();
    // The held answer goes through before the route is replaced.
    await learner.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await learner.unroute('**/api/assignments/*');
    await learner.route('**/api/assignments/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable","id":"internal"}' }),
    );
    await learner.goto(url);
    await learner.getByRole('heading', { name: 'This assignment could not be loaded' }).waitFor();
    await viewportScreenshot(learner, 'assignment-learner-error');
    await learner.unroute('**/api/assignments/*');
    await learner.goto(`${app.url}/courses/${course.id}/assignments/999999`);
    await learner.getByRole('heading', { name: 'Assignment not found' }).waitFor();
    await viewportScreenshot(learner, 'assignment-learner-not-found');

    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await browser.page(viewport);
      await signInWithForm(admin, app.url, app.admin);
      await admin.goto(`${app.url}/admin/reviews`);
      // Nothing waits now: the empty state; the approved tab lists the round.
      await admin.getByText('Nothing waits for a review.', { exact: false }).waitFor();
      await screenshot(admin, 'assignment-reviews-empty');
      await admin.getByRole('button', { name: /^Approved/ }).click();
      await admin.getByRole('link', { name: `Robin Okafor: ${TITLE}` }).click();
      await admin.getByText('Well done: all three rules followed.').waitFor();
      await screenshot(admin, 'assignment-review-approved');
      await admin.route('**/api/admin/reviews?*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable","id":"internal"}' }),
      );
      await admin.goto(`${app.url}/admin/reviews`);
      // The read's failure says the server's sentence, with Try again.
      await admin.getByText('Database unavailable').first().waitFor();
      await admin.getByRole('button', { name: 'Try again' }).first().waitFor();
      await screenshot(admin, 'assignment-reviews-error');
    }
    expect(browser.errors).toEqual([]);
  });

  it('the school manager turns on sharing and sees the status in the list, at 1280 and 390 px', async () => {
    const manager = { email: `kim-${stamp}@school.test`, password: 'manager-password-1', firstName: 'Kim', lastName: 'Adeyemi' };
    const { schoolId } = await createSchoolThroughApi(app, { name: 'Assignment Primary', manager, licensedCourseIds: [course.id] });
    await app.db('schoolMembers').insert({ schoolId, userId: robinId, role: 'member', joinedAt: Date.now() });
    for (const viewport of [DESKTOP, PHONE]) {
      const school = await browser.page(viewport);
      await signInWithForm(school, app.url, manager);
      await school.goto(`${app.url}/school`);
      const sharing = school.getByRole('checkbox', { name: /Managers of this school may see what staff submit/ });
      if (viewport === DESKTOP) {
        await sharing.check();
        await toast(school, 'Managers can now see submissions');
      }
      await school.reload();
      expect(await sharing.isChecked()).toBe(true);
      const list = school.locator('section[aria-labelledby="status-title"]');
      await list.locator('ul li').filter({ hasText: 'Robin' }).getByText('Assignment approved').waitFor();
      await sharing.scrollIntoViewIfNeeded();
      await viewportScreenshot(school, 'assignment-school-sharing');
      await list.scrollIntoViewIfNeeded();
      await expectAccessible(school, school.url());
      await partScreenshot(list, 'assignment-school-status-list');
    }
    expect(browser.errors).toEqual([]);
  });

  it('a PDF submission is drawn in the review page by pdf.js, at 1280 and 390 px', async () => {
    const admin = await signedInClient(app.url, app.admin);
    const form = 'Signed consent form';
    const { id } = await admin<{ id: number }>('POST', `/api/courses/${course.id}/assignments`, {
      title: form,
      instructions: 'Upload the signed photography consent form for your class, as a PDF.',
      afterModuleId: null,
      accepts: ['pdf'],
      maxFiles: 1,
      approvalRequired: true,
    });
    const learner = await browser.page(DESKTOP);
    await signInWithForm(learner, app.url, robin);
    await learner.goto(`${app.url}/courses/${course.id}/assignments/${id}`);
    await learner.getByRole('heading', { level: 1, name: form }).waitFor();
    await learner.getByTestId('assignment-file-input').setInputFiles([{ name: 'consent.pdf', mimeType: 'application/pdf', buffer: await consentPdf() }]);
    await learner.getByRole('link', { name: 'consent.pdf', exact: true }).waitFor();
    await learner.getByRole('button', { name: 'Submit' }).click();
    await learner.getByText('Submitted: awaiting review').waitFor();

    for (const viewport of [DESKTOP, PHONE]) {
      const reviewer = await browser.page(viewport);
      await signInWithForm(reviewer, app.url, app.admin);
      await reviewer.goto(`${app.url}/admin/reviews`);
      await reviewer.getByRole('link', { name: `Robin Okafor: ${form}` }).click();
      await reviewer.getByRole('heading', { level: 1, name: form }).waitFor();
      // pdf.js fetched the file through the authorized route and painted its page on a canvas.
      const page = reviewer.getByRole('img', { name: 'Page 1 of 1' });
      await page.waitFor();
      const painted = await page.evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128 && pixels[index + 3]! > 0) dark += 1;
        return { width: canvas.getBoundingClientRect().width, dark };
      });
      // The title's ink is on it, and the page fits the screen's width.
      expect(painted.dark).toBeGreaterThan(200);
      expect(painted.width).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(reviewer, 'the review page with a PDF');
      await page.scrollIntoViewIfNeeded();
      await viewportScreenshot(reviewer, 'assignment-review-pdf');
    }
    expect(browser.errors).toEqual([]);
  });
});

/** A one-page PDF as a school would scan or export it: a title and a few lines of text. */
async function consentPdf(): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((done) => document.on('end', () => done(Buffer.concat(chunks))));
  document.fontSize(26).text('Photography consent form');
  document
    .moveDown()
    .fontSize(13)
    .text('Class 4B, Hillside Primary. Parents and carers have agreed that photos may show the class at work, with no child identifiable by name or face.');
  document.moveDown().text('Signed: J. Teacher, 12 November 2026');
  document.end();
  return ended;
}

/** The whole page from its top (a focused heading may have scrolled it). */
async function fromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
