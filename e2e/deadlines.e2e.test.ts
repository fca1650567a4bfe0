import type { CourseSummaryDto } from '@atrium/common';
import { dayOf, isoDay } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../server/src/scheduler/scheduler.ts';
import { reminderJobs } from '../server/src/reminders/jobs.ts';
import { unsubscribeToken } from '../server/src/services/unsubscribe.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, toast } from './support/browser.ts';
import { createSchoolThroughApi, joinThroughInviteLink } from './support/schoolSetup.ts';

const enabled = portalSuiteCanRun('deadlines');
const PASSWORD = 'a-good-password';

async function signIn(page: Page, app: RunningApp, email: string, password = PASSWORD) {
  await page.goto(`${app.url}/auth`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

const longDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

describe.skipIf(!enabled)('deadlines in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let schoolId: number;
  let courses: CourseSummaryDto[];
  const stamp = Date.now();
  const people = {
    manager: { email: `head-${stamp}@oak.sch.uk`, firstName: 'Helen', lastName: 'Head' },
    newcomer: { email: `ana-${stamp}@oak.sch.uk`, firstName: 'Ana', lastName: 'Newcomer' },
    veteran: { email: `vic-${stamp}@oak.sch.uk`, firstName: 'Vic', lastName: 'Veteran' },
  };
  const dueOn = isoDay(dayOf(Date.now()) + 5);

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    courses = ((await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[]).filter((c) => c.totalModules > 0).slice(0, 2);
    expect(courses).toHaveLength(2);
    const school = await createSchoolThroughApi(app, {
      name: 'Oak Academy',
      manager: { ...people.manager, password: PASSWORD },
      licensedCourseIds: courses.map((course) => course.id),
    });
    schoolId = school.schoolId;
    await joinThroughInviteLink(
      app,
      school.managerApi,
      schoolId,
      [people.newcomer, people.veteran].map((person) => ({ ...person, password: PASSWORD })),
    );
    // The veteran joined two months ago: 30 days for new staff have long passed.
    const veteran = (await app.db('users').where({ email: people.veteran.email }).first('id'))!;
    await app
      .db('schoolMembers')
      .where({ userId: veteran.id })
      .update({ joinedAt: Date.now() - 60 * 86_400_000 });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('a manager sets deadlines and sees each member’s status; filters the list (1280 and 390 px)', async () => {
    const page = await freshPage();
    await signIn(page, app, people.manager.email);
    await page.goto(`${app.url}/school`);
    await page.getByRole('heading', { name: 'Training deadlines' }).waitFor();
    await screenshot(page, 'deadlines-school-before');

    const first = page.getByRole('form', { name: `Deadline for ${courses[0]!.title}` });
    // A date in the past is refused, with the field named.
    await first.getByLabel('Complete by').fill('2020-01-01');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.getByText(/Choose today/).waitFor();
    await first.getByLabel('Complete by').fill(dueOn);
    await first.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Deadline saved');

    const second = page.getByRole('form', { name: `Deadline for ${courses[1]!.title}` });
    await second.getByLabel('New staff: days from joining').fill('30');
    await second.getByRole('button', { name: 'Save' }).click();
    await page.getByText('new staff: 30 days from joining').waitFor();

    const counts = page.getByRole('group', { name: 'Filter by status' });
    await counts.getByRole('button', { name: /Due soon\s*3/ }).waitFor();
    await counts.getByRole('button', { name: /Overdue\s*1/ }).waitFor();
    await counts.getByRole('button', { name: /Overdue/ }).click();
    const list = page.locator('section[aria-labelledby="status-title"] ul li');
    await expect.poll(() => list.count()).toBe(1);
    await expect.poll(() => list.first().innerText()).toContain('Vic Veteran');
    await screenshot(page, 'deadlines-school-overdue');

    const phone = await freshPage(PHONE);
    await signIn(phone, app, people.manager.email);
    await phone.goto(`${app.url}/school`);
    await phone.getByRole('group', { name: 'Filter by status' }).waitFor();
    await screenshot(phone, 'deadlines-school');
  });

  it('a learner sees "Due …" and another "Overdue" on their course cards', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, ''],
      [PHONE, '-phone'],
    ] as const) {
      const newcomer = await freshPage(viewport);
      await signIn(newcomer, app, people.newcomer.email);
      const card = newcomer.getByRole('article', { name: courses[0]!.title });
      await card.getByText(`Due ${longDate(dueOn)}`).waitFor();
      await screenshot(newcomer, `deadlines-learner-due${suffix}`);

      const veteran = await freshPage(viewport);
      await signIn(veteran, app, people.veteran.email);
      const late = veteran.getByRole('article', { name: courses[1]!.title });
      await late.getByText(/^Overdue: was due /).waitFor();
      await late.scrollIntoViewIfNeeded();
      await screenshot(veteran, `deadlines-learner-overdue${suffix}`);
    }
  });

  it('the admin sees the jobs after a scheduler pass and the school’s deadlines; unsubscribe confirms', async () => {
    await new Scheduler(app.app.deps, reminderJobs()).tick();
    const reminders = await app.db('remindersSent').select('kind');
    expect(reminders.length).toBeGreaterThan(0);
    const admin = await freshPage();
    await signIn(admin, app, app.admin.email, app.admin.password);
    await admin.goto(`${app.url}/admin`);
    await admin.getByRole('heading', { name: 'Reminders and scheduled jobs' }).waitFor();
    await admin.getByText('Deadline and expiry reminders').waitFor();
    await admin.getByRole('heading', { name: 'Reminders and scheduled jobs' }).scrollIntoViewIfNeeded();
    await screenshot(admin, 'deadlines-admin');
    await admin.goto(`${app.url}/admin/schools/${schoolId}`);
    await admin.getByRole('heading', { name: 'Training status' }).waitFor();
    await screenshot(admin, 'deadlines-admin-school');

    const veteran = (await app.db('users').where({ email: people.veteran.email }).first('id'))!;
    const page = await freshPage(PHONE);
    const token = unsubscribeToken({ userId: veteran.id, category: 'reminders' }, ['e2e-secret']);
    await page.goto(`${app.url}/unsubscribe?token=${token}`);
    await page.getByRole('heading', { name: 'Stop these e-mails?' }).waitFor();
    await screenshot(page, 'deadlines-unsubscribe-ask');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await screenshot(page, 'deadlines-unsubscribe-done');
    expect(await app.db('unsubscribes').where({ userId: veteran.id })).toHaveLength(1);
    await page.goto(`${app.url}/unsubscribe?token=${token.slice(0, -2)}xx`);
    await page.getByRole('heading', { name: 'We could not read this link' }).waitFor();
    await screenshot(page, 'deadlines-unsubscribe-broken');
    expect(pageErrors).toEqual([]);
  });
});
