import sharp from 'sharp';
import type { AssignmentAdminDto, AssignmentDto, CourseSummaryDto, UserDto } from '@atrium/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { browserSession, screenshot, signInWithForm } from './support/browser.ts';

// Uploads as a learner meets them (issue 53 item 7): a photo going up on a slow connection, Back
// pressed meanwhile (asked first; after leaving, the upload carries on from the server's offset
// on return), a file the server refuses (a red "Refused" bar with the reason, not a full green
// one), and a round sent back for changes (its files carried into the new round, each removable,
// the reviewer's note beside the file). At 1280, 390 and 320 px.
const enabled = portalSuiteCanRun('upload states');
const TITLE = 'Photos of the hall';
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 320, height: 700 },
];

/** A real JPEG of about 2 MB (noise compresses badly): long enough to watch on a throttled connection. */
const bigPhoto = () =>
  sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
const photo = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Limits what the page may send: bytes per second, or no limit. */
async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond ?? -1 });
}

describe.skipIf(!enabled)('upload states in a real browser', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof browserSession>>;
  let course: CourseSummaryDto;
  let assignment: AssignmentAdminDto;
  let admin: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    app = await startApp();
    browser = await browserSession();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    course = courses.find((candidate) => candidate.totalModules > 1)!;
    admin = await signedInClient(app.url, app.admin);
    assignment = await admin<AssignmentAdminDto>('POST', `/api/courses/${course.id}/assignments`, {
      title: TITLE,
      instructions: 'Three photos of the hall in use, with no child identifiable.',
      afterModuleId: null,
      accepts: ['image'],
      maxFiles: 3,
      approvalRequired: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px: an upload going, Back asked about, resumed on return, a refusal, and a round sent back with its files carried`, async () => {
      const learner = { email: `uploader-${viewport.width}-${Date.now()}@school.test`, password: 'learner-password-1' };
      const api = await signedInClient(app.url, learner, { firstName: 'Sam', lastName: 'Uploader' });
      const learnerId = (await api<UserDto>('GET', '/api/user')).id;
      await app.db('enrollments').insert({ userId: learnerId, courseId: course.id, source: 'admin', enrolledAt: Date.now() });
      const page = await browser.page(viewport);
      const creates: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') creates.push(request.url());
      });
      await signInWithForm(page, app.url, learner);
      await page.goto(`${app.url}/courses/${course.id}`);
      await page.getByRole('link', { name: new RegExp(`: ${TITLE}$`) }).click();
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      const assignmentUrl = page.url();

      // A slow connection: the photo is part-way up.
      await throttleUploads(page, 96 * 1024);
      await page.getByTestId('assignment-file-input').setInputFiles([{ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await bigPhoto() }]);
      const bar = page.getByRole('progressbar', { name: 'Uploading hall.jpg' });
      await page.waitForFunction(() => {
        const text = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') ?? '0%';
        return Number.parseInt(text, 10) >= 5;
      });
      await bar.scrollIntoViewIfNeeded();
      await screenshot(page, 'upload-in-progress');

      // Back: asked first. Staying keeps the upload; leaving pauses it.
      const questions: string[] = [];
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      await page.evaluate(() => window.history.back());
      await expect.poll(() => questions.length).toBe(1);
      expect(questions[0]).toMatch(/upload is still in progress/);
      expect(page.url()).toBe(assignmentUrl);
      await bar.waitFor();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.evaluate(() => window.history.back());
      await page.waitForURL(`${app.url}/courses/${course.id}`);

      // Coming back: the same upload goes on from what the server holds (no second upload created), and finishes.
      await throttleUploads(page, null);
      await page.getByRole('link', { name: new RegExp(`: ${TITLE}$`) }).click();
      await page.getByRole('link', { name: 'hall.jpg', exact: true }).waitFor({ timeout: 60_000 });
      expect(creates).toHaveLength(1);

      // A file the server refuses once it reads the bytes: a web page named .jpg.
      await page
        .getByTestId('assignment-file-input')
        .setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><html><body>not a photo</body></html>') }]);
      const refused = page.getByRole('progressbar', { name: 'notes.jpg was refused' });
      await refused.waitFor();
      expect(await refused.getAttribute('aria-valuetext')).toBe('Refused');
      await page.getByText('Refused', { exact: true }).waitFor();
      await refused.scrollIntoViewIfNeeded();
      await screenshot(page, 'upload-refused');
      await page.getByRole('button', { name: 'Cancel notes.jpg' }).click();

      // A second photo, submitted; the reviewer asks for changes, with a note on one photo.
      await page.getByTestId('assignment-file-input').setInputFiles([{ name: 'yard.jpg', mimeType: 'image/jpeg', buffer: await photo('#6a994e') }]);
      await page.getByRole('link', { name: 'yard.jpg', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Submitted: awaiting review').waitFor();
      const sent = (await api<AssignmentDto>('GET', `/api/assignments/${assignment.id}`)).rounds[0]!;
      const yard = sent.files.find((file) => file.originalName === 'yard.jpg')!;
      await admin('POST', `/api/admin/reviews/${sent.id}`, {
        decision: 'changes',
        feedback: 'Good light. One photo shows a child’s face: please replace it.',
        files: [{ fileId: yard.id, feedback: 'A face shows at the left edge: crop it out.' }],
      });

      // The new round starts with both files, each removable, the note beside the photo it is about.
      await page.reload();
      await page.getByText('Changes requested on round 1').waitFor();
      const editor = page.getByRole('region', { name: 'Your submission (round 2)' });
      await editor.getByText('2 of 3 files').waitFor();
      await editor.getByText('A face shows at the left edge: crop it out.').waitFor();
      await editor.getByRole('button', { name: 'Remove hall.jpg' }).waitFor();
      await editor.getByRole('button', { name: 'Remove yard.jpg' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'upload-resubmission-carried');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      expect(browser.errors).toEqual([]);
    });
  }
});
