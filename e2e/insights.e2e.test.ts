import { readFileSync } from 'node:fs';
import type { CourseDetailDto, CourseInsightsDto, CourseSummaryDto, FunnelDto, UserDto } from '@atrium/common';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinSchool } from '../server/src/commands/schools/membership.ts';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signInWithForm } from './support/browser.ts';
import { seedLicensedSchool } from './support/schoolSetup.ts';

const enabled = portalSuiteCanRun('insights');

/** The buckets [0, n): the first n × 10 seconds of a video, played. */
const firstBuckets = (n: number) => Array.from({ length: n }, (_, bucket) => bucket);

/**
 * Issue 40 in a real browser: the admin's Insights over learners who finished, stopped half way
 * and barely started a course, read as charts, as tables and as CSV; a manager's own staff only.
 */
describe.skipIf(!enabled)('Insights in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseDetailDto;
  let otherCourse: CourseSummaryDto;
  // The funnels before the four learners below (the demo learner, the manager on the school's licence).
  let before: FunnelDto;
  let schoolBefore: FunnelDto;
  const manager = { email: `manager-${Date.now()}@oakfield.test`, password: 'manager-password-1', firstName: 'Priya', lastName: 'Shah' };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const learner = (name: string, domain: string) =>
      signedInClient(
        app.url,
        { email: `${name.toLowerCase()}-${Date.now()}@${domain}`, password: 'learner-password-1' },
        { firstName: name, lastName: 'Tester' },
      );
    const firstApi = await learner('Finisher', 'oakfield.test');
    const courses = await firstApi<CourseSummaryDto[]>('GET', '/api/courses');
    const withModules = courses.filter((summary) => summary.totalModules >= 2);
    course = await firstApi<CourseDetailDto>('GET', `/api/courses/${withModules[0]!.id}`);
    otherCourse = withModules[1] ?? courses.find((summary) => summary.id !== course.id)!;
    const { schoolId } = await seedLicensedSchool(app, { name: 'Oakfield Primary', manager, courseIds: [course.id] });
    const adminApi = await signedInClient(app.url, app.admin);
    const managerApi = await signedInClient(app.url, manager);
    before = (await adminApi<CourseInsightsDto>('GET', `/api/admin/insights/courses/${course.id}`)).funnel;
    schoolBefore = (await managerApi<CourseInsightsDto>('GET', `/api/schools/${schoolId}/insights/courses/${course.id}`)).funnel;

    // Three learners of the school and one from nowhere: one finishes the course, one stops half
    // way through its first video, one only starts it.
    const learners = [
      { api: firstApi, played: 'all' as const, school: true },
      { api: await learner('Halfway', 'oakfield.test'), played: 'half' as const, school: true },
      { api: await learner('Starter', 'oakfield.test'), played: 'start' as const, school: true },
      { api: await learner('Solo', 'gmail.test'), played: 'all' as const, school: false },
    ];
    for (const person of learners) {
      const user = await person.api<UserDto>('GET', '/api/user');
      await app.db('enrollments').insert({ userId: user.id, courseId: course.id, source: 'admin', enrolledAt: Date.now() });
      if (person.school) await joinSchool(app.db, user.id, schoolId, 'member', Date.now());
      const modules = person.played === 'all' ? course.modules : course.modules.slice(0, 1);
      for (const module of modules) {
        const buckets = Math.ceil(module.duration / 10);
        const played = person.played === 'all' ? buckets : person.played === 'half' ? Math.ceil(buckets / 2) : 1;
        await person.api('POST', '/api/progress', {
          moduleId: module.id,
          courseId: course.id,
          watchedDuration: Math.min(module.duration, played * 10),
          playedSeconds: Math.min(module.duration, played * 10),
          playedBuckets: firstBuckets(Math.min(played, 360)),
          position: Math.min(module.duration, played * 10),
          isCompleted: person.played === 'all',
        });
      }
    }
    await adminApi('POST', '/api/admin/scheduler/insights-rollup/run');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the admin reads the weekly figures, a course funnel and a retention curve as charts, tables and CSV (1280 and 390 px)', async () => {
    const context = await newContext(browser.browser, DESKTOP);
    const page = await context.newPage();
    await signInWithForm(page, app.url, app.admin);
    await page.goto(`${app.url}/admin`);
    await page
      .getByRole('link', { name: /Insights/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();

    // The course filter picks the course the learners took; its funnel counts all four of them.
    await page.getByLabel('Course', { exact: true }).selectOption(String(course.id));
    await page.getByRole('heading', { name: `Course: ${course.title}` }).waitFor();
    const funnel = page.getByRole('region', { name: 'Funnel', exact: true });
    await funnel.waitFor();
    await funnel.getByRole('button', { name: 'Table' }).click();
    const funnelTable = funnel.getByRole('region', { name: 'Funnel as a table' });
    await funnelTable.waitFor();
    const rows = await funnelTable.getByRole('row').allInnerTexts();
    expect(rows.find((row) => /^Enrolled/.test(row))).toMatch(new RegExp(`^Enrolled\\s+${before.enrolled + 4}\\s`));
    expect(rows.find((row) => /^Completed/.test(row))).toMatch(new RegExp(`^Completed\\s+${before.completed + 2}\\s`));

    // The CSV holds exactly what the table shows.
    const [download] = await Promise.all([page.waitForEvent('download'), funnel.getByRole('button', { name: 'Download Funnel as CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.trim().split(/\r?\n/).length).toBe(rows.length);
    expect(csv).toMatch(new RegExp(`Enrolled,${before.enrolled + 4},`));

    // The retention curve of the first video: everyone started it, the half-way learner left half way.
    const retention = page.getByRole('region', { name: `Retention: ${course.modules[0]!.title}`, exact: true });
    await retention.waitFor();
    await retention.getByRole('button', { name: 'Table' }).click();
    await retention.getByRole('region', { name: /as a table/ }).waitFor();
    // Photographed from the top: scrolled to a chart, the sticky header would land mid-picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'insights-admin');
    await expectAccessible(page, 'insights');

    // A range with nothing in it says so instead of drawing an empty chart.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-03-31');
    await page
      .getByText(/Nothing in this range yet/)
      .first()
      .waitFor();
    await screenshot(page, 'insights-admin-empty-range');

    await page.setViewportSize(PHONE);
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('Course', { exact: true }).selectOption(String(otherCourse.id));
    await page.getByRole('heading', { name: `Course: ${otherCourse.title}` }).waitFor();
    await screenshot(page, 'insights-admin');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("a manager sees their own staff's completions and funnel, not the learner from elsewhere (390 px)", async () => {
    const context = await newContext(browser.browser, PHONE);
    const page = await context.newPage();
    await signInWithForm(page, app.url, manager);
    await page.goto(`${app.url}/school`);
    const insights = page.getByRole('region', { name: 'Insights' });
    await insights.waitFor();
    const funnel = insights.getByRole('region', { name: 'Funnel', exact: true });
    await funnel.waitFor();
    await funnel.getByRole('button', { name: 'Table' }).click();
    const rows = await funnel.getByRole('region', { name: 'Funnel as a table' }).getByRole('row').allInnerTexts();
    // Three staff enrolled and one of them finished: the fourth learner is not the school's.
    expect(rows.find((row) => /^Enrolled/.test(row))).toMatch(new RegExp(`^Enrolled\\s+${schoolBefore.enrolled + 3}\\s`));
    expect(rows.find((row) => /^Completed/.test(row))).toMatch(new RegExp(`^Completed\\s+${schoolBefore.completed + 1}\\s`));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'insights-school');
    await expectAccessible(page, 'school insights');
    await context.close();
  });
});
