import type { CourseDetailDto, ModuleDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';

const enabled = portalSuiteCanRun('trust');

/** Signs in through the Login form of the /auth page the browser is on. */
async function signInHere(page: Page, credentials: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email' }).fill(credentials.email);
  await form.getByLabel('Password', { exact: true }).fill(credentials.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/** Issue 24: what a school sees first must not lose its trust. */
describe.skipIf(!enabled)('trust: sign-out, deep links (issue 24)', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  const learner = { email: `deep-link-${Date.now()}@school.test`, password: 'a-good-password' };
  let course: CourseDetailDto;
  let modules: ModuleDto[];

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const adminApi = await signedInClient(app.url, app.admin);
    course = await adminApi<CourseDetailDto>('POST', '/api/courses', { title: 'Filming Sports Day', description: 'Short clips that parents share.', price: 0 });
    modules = [];
    for (const [index, title] of ['Planning the shots', 'Editing on a phone'].entries()) {
      modules.push(
        await adminApi<ModuleDto>('POST', '/api/modules', { title, description: `Part ${index + 1}.`, vimeoVideoId: '76979871', duration: 60, courseId: course.id, orderIndex: index + 1 }),
      );
    }
    const learnerApi = await signedInClient(app.url, learner, { firstName: 'Sam', lastName: 'Rowe' });
    await learnerApi('POST', '/api/enrollments', { courseId: course.id });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('Sign Out from an admin page and from a course page lands on / (SPEC §2), never on /auth', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/auth`);
    await signInHere(page, app.admin);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${app.url}/admin/courses/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await signOut(page);
    await page.getByRole('link', { name: 'Start Learning Today' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto(`${app.url}/auth`);
    await signInHere(page, learner);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${app.url}/courses/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await signOut(page);
    await page.getByRole('link', { name: 'Start Learning Today' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`a link to a module opens that module once the learner signs in (${viewport.width} px)`, async () => {
      const page = await freshPage(viewport);
      const wanted = `/courses/${course.id}/modules/${modules[1]!.id}`;
      await page.goto(app.url + wanted);
      // SPEC §2's redirect stays: a visitor is sent to the landing page...
      await page.getByRole('link', { name: 'Start Learning Today' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      // ...and after signing in from there, the module they were sent is what opens.
      await page.getByRole('link', { name: 'Start Learning Today' }).click();
      await page.waitForURL('**/auth');
      await signInHere(page, learner);
      await page.getByRole('heading', { level: 1, name: modules[1]!.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(wanted);
      await screenshot(page, 'trust-deep-link-module');
    });
  }

  it('/admin counts students one way: "Total Students" is the number the students list shows', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/auth`);
    await signInHere(page, app.admin);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${app.url}/admin`);
    const tile = page.locator('dt', { hasText: 'Total Students' }).locator('xpath=following-sibling::dd[1]');
    await tile.waitFor();
    // The admin, the demo learner and this suite's learner exist: the admin is not a student.
    expect(await tile.textContent()).toBe('2');
    const students = page.getByRole('region', { name: 'Students' });
    await students.getByText(/^\d+ students?$/).waitFor();
    expect(await students.getByText(/^\d+ students?$/).textContent()).toBe('2 students');
    expect(await students.getByRole('link').count()).toBe(2);
    await screenshot(page, 'trust-admin-counts');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`a certificate never shows an e-mail address: the name is asked for when the course is completed (${viewport.width} px)`, async () => {
      const adminApi = await signedInClient(app.url, app.admin);
      const short = await adminApi<CourseDetailDto>('POST', '/api/courses', { title: `One-Minute Tips ${viewport.width}`, description: 'A single short module.', price: 0 });
      const only = await adminApi<ModuleDto>('POST', '/api/modules', { title: 'Hold the phone level', description: 'One tip.', vimeoVideoId: '76979871', duration: 60, courseId: short.id, orderIndex: 1 });
      const nameless = { email: `no-name-${viewport.width}-${Date.now()}@school.test`, password: 'a-good-password' };
      const namelessApi = await signedInClient(app.url, nameless, {});
      await namelessApi('POST', '/api/enrollments', { courseId: short.id });

      const page = await freshPage(viewport);
      await page.goto(`${app.url}/auth`);
      await signInHere(page, nameless);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.goto(`${app.url}/courses/${short.id}/modules/${only.id}`);
      await page.getByRole('button', { name: 'Mark as Complete' }).click();
      // SPEC: two seconds later, /certificates; there the learner is asked for their name.
      await page.waitForURL('**/certificates');
      const ask = page.getByRole('region', { name: 'Whose name goes on your certificates?' });
      await ask.waitFor();
      const card = page.getByRole('article', { name: short.title });
      await card.getByText('100% Complete').waitFor();
      expect(await card.getByRole('link', { name: /View Certificate/ }).count()).toBe(0);
      await screenshot(page, 'trust-certificate-name-asked');

      // Issued already: the public page (and the badge's API) says "Name not given", never the address.
      const [issued] = await namelessApi<Array<{ certificateNumber: string }>>('GET', '/api/certificates');
      const visitor = await freshPage(viewport);
      await visitor.goto(`${app.url}/certificate/${issued!.certificateNumber}`);
      await visitor.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();
      await visitor.getByText('Name not given').waitFor();
      expect(await visitor.content()).not.toContain(nameless.email);
      await screenshot(visitor, 'trust-certificate-name-not-given');

      await ask.getByRole('textbox', { name: 'First name' }).fill('Morgan');
      await ask.getByRole('textbox', { name: 'Last name' }).fill('Ellis');
      await ask.getByRole('button', { name: 'Save name' }).click();
      await card.getByRole('link', { name: /View Certificate/ }).waitFor();
      expect(await ask.count()).toBe(0);
      await visitor.reload();
      await visitor.getByText('Morgan Ellis').waitFor();
      await screenshot(visitor, 'trust-certificate-named');
    });
  }

  it('an admin link opens after signing in at /auth, and a next that leaves the site is ignored', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/admin/courses/${course.id}`);
    await page.waitForURL('**/auth?**');
    await signInHere(page, app.admin);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/courses/${course.id}`);
    await signOut(page);
    await page.getByRole('link', { name: 'Start Learning Today' }).waitFor();

    await page.goto(`${app.url}/auth?next=${encodeURIComponent('//evil.example/phish')}`);
    await signInHere(page, app.admin);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForURL(`${app.url}/`);
  });
});
