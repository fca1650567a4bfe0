import type { CourseDetailDto, CourseSummaryDto, ModuleDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, landingHydrated, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { createSchoolThroughApi } from './support/schoolSetup.ts';

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
        await adminApi<ModuleDto>('POST', '/api/modules', {
          title,
          description: `Part ${index + 1}.`,
          vimeoVideoId: '76979871',
          duration: 60,
          courseId: course.id,
          orderIndex: index + 1,
        }),
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
      const short = await adminApi<CourseDetailDto>('POST', '/api/courses', {
        title: `One-Minute Tips ${viewport.width}`,
        description: 'A single short module.',
        price: 0,
      });
      const only = await adminApi<ModuleDto>('POST', '/api/modules', {
        title: 'Hold the phone level',
        description: 'One tip.',
        vimeoVideoId: '76979871',
        duration: 60,
        courseId: short.id,
        orderIndex: 1,
      });
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

  /** Nothing may widen the page past the phone's screen (a table scrolled the whole page sideways). */
  async function expectNoSidewaysScroll(page: Page, screen: string) {
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page, `${screen} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
  }

  /** Every part of `locator` (a grid of points over it, edges included) is its own: nothing floats over it. */
  async function expectUncovered(locator: ReturnType<Page['locator']>, what: string) {
    const covered = await locator.evaluate((element) => {
      // A modal dialog turns pointer events off outside itself, and hit-testing skips such
      // elements: switched back on for the test, hit-testing follows what is painted on top.
      const before = document.body.style.pointerEvents;
      document.body.style.pointerEvents = 'auto';
      const box = element.getBoundingClientRect();
      const misses: string[] = [];
      for (const fx of [0.05, 0.5, 0.95]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const hit = document.elementFromPoint(box.left + box.width * fx, box.top + box.height * fy);
          if (!hit || !(element === hit || element.contains(hit)))
            misses.push(`${fx},${fy}: ${hit?.tagName ?? 'nothing'} ${hit?.getAttribute('aria-label') ?? ''}`);
        }
      }
      document.body.style.pointerEvents = before;
      return misses;
    });
    expect(covered, `${what} is covered`).toEqual([]);
  }

  it('phones: the /school members table is stacked rows, the "You" label in view (390 px)', async () => {
    const manager = { email: `manager-${Date.now()}@hillside.sch.uk`, password: 'a-good-password' };
    const { schoolId, managerApi } = await createSchoolThroughApi(app, {
      name: 'Hillside Church of England Primary Academy',
      manager: { ...manager, firstName: 'Harriet', lastName: 'Hughes-Fennimore' },
    });
    const priced = (await managerApi<CourseSummaryDto[]>('GET', '/api/courses')).find((c) => c.price > 0)!;
    // Invoice requests need a confirmed address (issue 50 #1): this manager has opened the link.
    await app.db('users').where({ email: manager.email }).update({ emailVerifiedAt: Date.now() });
    await managerApi('POST', '/api/orders', {
      courseId: priced.id,
      schoolName: 'Hillside Church of England Primary Academy',
      billingEmail: 'office@hillside.sch.uk',
      schoolId,
    });
    const [order] = await managerApi<Array<{ id: number }>>('GET', '/api/orders');
    await (
      await signedInClient(app.url, app.admin)
    )('POST', `/api/admin/orders/${order!.id}/paid`);

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/auth`);
      await signInHere(page, manager);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.goto(`${app.url}/school`);
      const you = page.getByRole('table').getByText('You', { exact: true });
      await you.waitFor();
      await expectNoSidewaysScroll(page, '/school');
      const box = (await you.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, 'trust-school-members');
    }
  });

  it('phones: the tables on /examples/ fit the screen (390 px and 1280 px)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/examples/`);
      await page.getByRole('table').waitFor();
      await expectNoSidewaysScroll(page, '/examples/');
      await screenshot(page, 'trust-examples-index');
    }
  });

  it('phones: the support-chat launcher never covers a dialog\'s buttons ("Create Course" in New Course)', async () => {
    const page = await freshPage(PHONE);
    await page.goto(`${app.url}/auth`);
    await signInHere(page, app.admin);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${app.url}/admin`);
    await page.getByRole('button', { name: 'New Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Course' });
    const create = dialog.getByRole('button', { name: 'Create Course' });
    await create.scrollIntoViewIfNeeded();
    await expectUncovered(create, 'Create Course');
    await expectUncovered(dialog.getByRole('button', { name: 'Cancel' }), 'Cancel');
    await screenshot(page, 'trust-new-course-dialog');
    await page.keyboard.press('Escape');
    // Admin pages carry no support chat at all (issue 34), so nothing floats over their tables.
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Open support chat' }).count()).toBe(0);
  });

  it('phones: the landing header keeps its links in a menu (390 px)', async () => {
    const page = await freshPage(PHONE);
    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: 'Start Learning Today' }).waitFor();
    // The server's HTML shows the Menu button before the script that opens it has run.
    await landingHydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Courses', 'FAQ', 'Contact']) await menu.getByRole('menuitem', { name }).waitFor();
    await screenshot(page, 'trust-landing-menu');
    await menu.getByRole('menuitem', { name: 'FAQ' }).click();
    await page.waitForURL('**/#faq');
    await expectNoSidewaysScroll(page, 'the landing page');
  });
});
