import type { CourseDetailDto, CourseSummaryDto } from '@atrium/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { browserSession, DESKTOP, partScreenshot, PHONE, screenshot, signInWithForm } from './support/browser.ts';
import { createSchoolThroughApi, joinThroughInviteLink } from './support/schoolSetup.ts';

// Evidence of watching (issue 36) in the reports: Mark plays two minutes of the first module and
// marks it complete; Nia plays 95 % of it. The admin's student page and the manager's status
// list say what each played, and flag Mark's module, at 1280 and 390 px.
const enabled = portalSuiteCanRun('watching');
const PASSWORD = 'a-good-password';

describe.skipIf(!enabled)('what was played, in the admin’s and the manager’s reports', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof browserSession>>;
  let course: CourseDetailDto;
  let markId: number;
  const stamp = Date.now();
  const people = {
    manager: { email: `head-${stamp}@oak.sch.uk`, firstName: 'Helen', lastName: 'Head', password: PASSWORD },
    mark: { email: `mark-${stamp}@oak.sch.uk`, firstName: 'Mark', lastName: 'Marsh', password: PASSWORD },
    nia: { email: `nia-${stamp}@oak.sch.uk`, firstName: 'Nia', lastName: 'North', password: PASSWORD },
  };

  const signIn = (page: Page, email: string, password = PASSWORD) => signInWithForm(page, app.url, { email, password });

  beforeAll(async () => {
    app = await startApp();
    browser = await browserSession();
    const summary = ((await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[]).find((c) => c.totalModules > 1)!;
    const school = await createSchoolThroughApi(app, { name: 'Oak Academy', manager: people.manager, licensedCourseIds: [summary.id] });
    await joinThroughInviteLink(app, school.managerApi, school.schoolId, [people.mark, people.nia]);
    const mark = await signedInClient(app.url, people.mark);
    const nia = await signedInClient(app.url, people.nia);
    for (const learner of [mark, nia]) await learner('POST', '/api/enrollments', { courseId: summary.id });
    course = await mark<CourseDetailDto>('GET', `/api/courses/${summary.id}`);
    const first = course.modules[0]!;
    const report = (body: Record<string, unknown>) => ({ moduleId: first.id, courseId: course.id, ...body });
    await mark('POST', '/api/progress', report({ watchedDuration: 120, playedSeconds: 120, position: 120 }));
    await mark('POST', '/api/progress', report({ watchedDuration: first.duration, isCompleted: true }));
    const ninetyFive = Math.ceil(first.duration * 0.95);
    await nia('POST', '/api/progress', report({ watchedDuration: ninetyFive, playedSeconds: ninetyFive, position: ninetyFive }));
    markId = Number((await app.db('users').where({ email: people.mark.email }).first('id'))!.id);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the admin’s student page: minutes played per course, and per module the one marked complete without playing', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await browser.page(viewport);
      await signIn(page, app.admin.email, app.admin.password);
      await page.goto(`${app.url}/admin/students/${markId}`);
      const enrolled = page.getByRole('list', { name: 'Enrolled courses' });
      const courseMinutes = Math.ceil(course.modules.reduce((sum, module) => sum + module.duration, 0) / 60);
      await enrolled.getByText(`watched 2 of ${courseMinutes} min`, { exact: true }).waitFor();
      await enrolled.getByText('1 module completed without playing').waitFor();
      await enrolled.getByText(`Modules of ${course.title}: what was played (${course.modules.length})`).click();
      const firstModule = enrolled.locator('details li').first();
      await expect.poll(() => firstModule.innerText()).toContain('Marked complete, not played');
      await expectAccessible(page, page.url());
      await screenshot(page, 'watching-admin-student');
    }
  });

  it('the manager’s status list: each member’s minutes played, Mark flagged and Nia not, with the rule as a legend', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await browser.page(viewport);
      await signIn(page, people.manager.email);
      await page.goto(`${app.url}/school`);
      const rows = page.locator('section[aria-labelledby="status-title"] ul li');
      const mark = rows.filter({ hasText: 'Mark Marsh' });
      await mark.getByText('1 module completed without playing').waitFor();
      const nia = rows.filter({ hasText: 'Nia North' });
      await expect.poll(() => nia.innerText()).toMatch(/watched \d+ of \d+ min/);
      expect(await nia.innerText()).not.toContain('without playing');
      await page.getByText(/marked complete with less than 90% of its video played/).waitFor();
      await page.locator('section[aria-labelledby="status-title"]').scrollIntoViewIfNeeded();
      await expectAccessible(page, page.url());
      await screenshot(page, 'watching-school-status');
      // The list itself, close up: the whole /school page is long.
      await partScreenshot(page.locator('section[aria-labelledby="status-title"]'), 'watching-school-status-list');
    }
    expect(browser.errors).toEqual([]);
  });
});
