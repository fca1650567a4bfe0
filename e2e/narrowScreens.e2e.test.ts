import type { CourseSummaryDto } from '@atrium/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachSchool, createTrust } from '../server/src/commands/trusts.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { appReady, browserSession, screenshot, signInWithForm } from './support/browser.ts';
import { seedLicensedSchool } from './support/schoolSetup.ts';

// Issue 53.2: every page fits a 320 px phone. Each person's pages are opened at 320 px and the
// document may not scroll sideways (a wide table scrolls inside its own box, never the page).
const enabled = portalSuiteCanRun('narrowScreens');
const NARROW = { width: 320, height: 640 };
const PASSWORD = 'a-good-password';

/** How far the page scrolls sideways, and the widest elements that stick out, to name in a failure. */
async function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const by = root.scrollWidth - root.clientWidth;
    const culprits: string[] = [];
    if (by > 0) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.right > root.clientWidth + 1 && box.width > 0) {
          const label = `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(box.right)}`;
          culprits.push(label);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { by, culprits };
  });
}

describe.skipIf(!enabled)('every page fits 320 px', () => {
  let app: RunningApp;
  let session: Awaited<ReturnType<typeof browserSession>>;
  let course: CourseSummaryDto;
  let schoolId = 0;
  const stamp = Date.now();
  const manager = { email: `head-${stamp}@narrow.sch.uk`, password: PASSWORD, firstName: 'Nina', lastName: 'Narrow' };
  const trustLead = { email: `lead-${stamp}@narrow-trust.org.uk`, password: PASSWORD, firstName: 'Tom', lastName: 'Trust' };

  beforeAll(async () => {
    app = await startApp();
    session = await browserSession();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    course = courses.find((c) => c.totalModules > 0)!;
    ({ schoolId } = await seedLicensedSchool(app, { name: 'Narrow Lane Primary School', manager, courseIds: [course.id] }));
    const lead = await seedLicensedSchool(app, { name: 'Trust Lead Office', manager: trustLead, courseIds: [] });
    const now = Date.now();
    const trustId = await createTrust(app.db, 'Narrow Valley Multi-Academy Trust', now);
    await attachSchool(app.db, trustId, schoolId, now);
    await app.db('trustManagers').insert({ trustId, userId: lead.managerId, joinedAt: now });
  });

  afterAll(async () => {
    await session?.close();
    await app?.close();
    expect(session?.errors ?? []).toEqual([]);
  });

  async function visitAll(page: Page, who: string, paths: string[]): Promise<void> {
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(app.url + path);
      await appReady(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const { by, culprits } = await overflow(page);
      await screenshot(page, `narrow-320-${who}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`);
      if (by > 0) wide.push(`${path} scrolls ${by} px sideways: ${culprits.join('; ')}`);
    }
    expect(wide).toEqual([]);
  }

  it('signed out: the landing page, sign-in, verification, accessibility and a missing page', async () => {
    const page = await session.page(NARROW);
    await visitAll(page, 'visitor', ['/', '/auth', '/verify', '/accessibility', '/join', '/no-such-page']);
  });

  it('a learner: dashboard, course, module, certificates, profile', async () => {
    const page = await session.page(NARROW);
    await signInWithForm(page, app.url, { email: 'demo.learner@example.com', password: 'atrium-demo-learner' });
    const demo = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    const detail = (await (await fetch(`${app.url}/api/courses/${demo[0]!.id}`)).json()) as { modules?: Array<{ id: number }> };
    const paths = ['/', `/courses/${demo[0]!.id}`, '/certificates', '/profile', `/checkout/${demo[demo.length - 1]!.id}`];
    if (detail.modules?.[0]) paths.push(`/courses/${demo[0]!.id}/modules/${detail.modules[0].id}`);
    await visitAll(page, 'learner', paths);
  });

  it("a school's manager and a trust's manager: /school, /trust, their dashboard", async () => {
    const head = await session.page(NARROW);
    await signInWithForm(head, app.url, manager);
    await visitAll(head, 'manager', ['/', '/school']);
    const lead = await session.page(NARROW);
    await signInWithForm(lead, app.url, trustLead);
    await visitAll(lead, 'trust', ['/', '/trust']);
  });

  it("the agency's admin: every admin screen", async () => {
    const page = await session.page(NARROW);
    await signInWithForm(page, app.url, app.admin);
    const learner = await app.db('users').where({ email: 'demo.learner@example.com' }).first();
    await visitAll(page, 'admin', [
      '/admin',
      `/admin/courses/${course.id}`,
      `/admin/students/${learner!.id}`,
      `/admin/schools/${schoolId}`,
      '/admin/insights',
      '/admin/reviews',
    ]);
  });
});
