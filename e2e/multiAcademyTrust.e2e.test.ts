import type { CourseSummaryDto } from '@atrium/common';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, launchBrowser, newContext, partScreenshot, PHONE, screenshot, toast } from './support/browser.ts';
import { createSchoolThroughApi, joinThroughInviteLink } from './support/schoolSetup.ts';

// Issue 39: trusts (multi-academy trusts, districts). Not to be confused with trust.e2e.test.ts,
// which is about keeping a school's trust on sign-out and deep links (issue 24).
const enabled = portalSuiteCanRun('multiAcademyTrust');
const PASSWORD = 'a-good-password';

async function signIn(page: Page, app: RunningApp, email: string, password = PASSWORD, next = '') {
  await page.goto(`${app.url}/auth${next}`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * One panel, however tall: the page's sticky header is let go first, or a capture taller than the
 * screen draws it across the middle of the panel.
 */
async function photograph(panel: Locator, name: string) {
  await panel.page().addStyleTag({ content: 'header { position: static !important; }' });
  await partScreenshot(panel, name);
}

describe.skipIf(!enabled)('a multi-academy trust in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const stamp = Date.now();
  let courses: CourseSummaryDto[] = [];
  let oakSchoolId = 0;
  const people = {
    oakHead: { email: `head-${stamp}@oak.sch.uk`, firstName: 'Helen', lastName: 'Head' },
    elmHead: { email: `head-${stamp}@elm.sch.uk`, firstName: 'Eli', lastName: 'Elm' },
    ceo: { email: `ceo-${stamp}@greenway.org.uk`, firstName: 'Tess', lastName: 'Trust' },
  };

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
    const oak = await createSchoolThroughApi(app, {
      name: 'Oak Primary',
      manager: { ...people.oakHead, password: PASSWORD },
      licensedCourseIds: [courses[0]!.id],
    });
    oakSchoolId = oak.schoolId;
    await joinThroughInviteLink(app, oak.managerApi, oak.schoolId, [
      { email: `ann-${stamp}@oak.sch.uk`, firstName: 'Ann', lastName: 'Able', password: PASSWORD },
      { email: `bea-${stamp}@oak.sch.uk`, firstName: 'Bea', lastName: 'Bold', password: PASSWORD },
    ]);
    const elm = await createSchoolThroughApi(app, {
      name: 'Elm Academy',
      manager: { ...people.elmHead, password: PASSWORD },
      licensedCourseIds: courses.map((c) => c.id),
    });
    await joinThroughInviteLink(app, elm.managerApi, elm.schoolId, [
      { email: `cal-${stamp}@elm.sch.uk`, firstName: 'Cal', lastName: 'Cole', password: PASSWORD },
    ]);
    await signedInClient(app.url, { email: people.ceo.email, password: PASSWORD }, { firstName: people.ceo.firstName, lastName: people.ceo.lastName });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('an admin creates a trust of two schools and invites its manager; the manager accepts, filters /trust and downloads the register; a school manager sees only their school', async () => {
    // The admin: create the trust, attach both schools, invite the trust's lead.
    const admin = await freshPage();
    await signIn(admin, app, app.admin.email, app.admin.password);
    await admin.goto(`${app.url}/admin`);
    const panel = admin.getByRole('region', { name: 'Trusts' });
    await panel.getByLabel("New trust's name").fill('Greenway Trust');
    await panel.getByRole('button', { name: 'Create trust' }).click();
    const schools = panel.getByRole('region', { name: 'Schools of Greenway Trust' });
    for (const name of ['Oak Primary', 'Elm Academy']) {
      await schools.getByLabel('Attach a school').fill(name);
      await schools.getByRole('button', { name: `Attach ${name}` }).click();
      await toast(admin, `${name} attached`);
    }
    const managers = panel.getByRole('region', { name: 'Managers of Greenway Trust' });
    await managers.getByLabel('Invite a manager (e-mail)').fill(people.ceo.email);
    await managers.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${people.ceo.email}`);
    await managers.getByText(people.ceo.email, { exact: true }).waitFor();
    await screenshot(admin, 'trust-admin-panel');

    // The trust's lead follows the link from the mail, signs in and accepts.
    const mail = await app.db('outbox').where({ toAddress: people.ceo.email }).orderBy('id', 'desc').first();
    const link = mail!.text.match(/http\S+\/trust\?invite=[A-Za-z0-9_-]+/)![0];
    const ceo = await freshPage();
    await signIn(ceo, app, people.ceo.email);
    await ceo.goto(link);
    await ceo.getByRole('button', { name: 'Accept and open Greenway Trust' }).click();
    await ceo.getByRole('heading', { level: 1, name: 'Greenway Trust' }).waitFor();
    const table = ceo.getByRole('table', { name: 'Training status by school' });
    await table.getByRole('rowheader', { name: 'All schools' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    await screenshot(ceo, 'trust-overview');

    // Filters: one school from the table, then a status.
    await table.getByRole('button', { name: 'Elm Academy' }).click();
    const staff = ceo.getByRole('list', { name: 'Staff and courses' });
    await staff
      .getByText(/^Elm Academy · cal-/)
      .first()
      .waitFor();
    // Elm: its two people × its two courses, and nobody of Oak.
    await ceo.waitForFunction(() => document.querySelectorAll('[aria-label="Staff and courses"] > li').length === 4);
    expect(await staff.getByText(/^Oak Primary ·/).count()).toBe(0);
    await ceo.getByLabel('Status').selectOption('completed');
    await ceo.getByText('Nobody matches these filters.').waitFor();
    await ceo.getByLabel('Status').selectOption('');

    // The register: a summary and a sheet per school.
    const download = ceo.waitForEvent('download');
    await ceo.getByRole('button', { name: /Trust training register/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^trust-training-register-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // Insights: the trust's staff week by week and a course's funnel, then one school's only.
    const insights = ceo.getByRole('region', { name: 'Insights', exact: true });
    await insights.getByRole('heading', { name: 'Funnel' }).waitFor();
    await insights.getByRole('heading', { name: 'Completion per step' }).waitFor();
    // The school's own funnel is asked for and drawn.
    const schoolFunnel = ceo.waitForResponse((response) => /\/api\/trusts\/\d+\/insights\/courses\/\d+\?schoolId=\d+/.test(response.url()));
    await insights.getByLabel('School', { exact: true }).selectOption({ label: 'Oak Primary' });
    expect((await schoolFunnel).status()).toBe(200);
    await insights.getByText("Loading the course's funnel").waitFor({ state: 'detached' });
    await insights.getByRole('heading', { name: 'Funnel' }).waitFor();
    await insights.scrollIntoViewIfNeeded();
    await screenshot(ceo, 'trust-insights');

    // At 390 px each school is a card.
    const phone = await freshPage(PHONE);
    await signIn(phone, app, people.ceo.email);
    await phone.goto(`${app.url}/trust`);
    await phone.getByRole('table', { name: 'Training status by school' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'trust-overview');
    await phone.getByRole('region', { name: 'Insights', exact: true }).getByRole('heading', { name: 'Funnel' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'trust-insights');

    // Oak's manager keeps /school for Oak only: /trust is not theirs.
    const head = await freshPage();
    await signIn(head, app, people.oakHead.email);
    await head.goto(`${app.url}/school`);
    await head.getByRole('heading', { level: 1, name: 'Oak Primary' }).waitFor();
    expect(await head.getByText('Cal Cole').count()).toBe(0);
    await head.goto(`${app.url}/trust`);
    await head.getByText('You do not manage a trust.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  // Follows the journey above: the trust, its two schools and its manager exist.
  it('the trust manager sets a deadline for every school; a school manager sees it beside their own and may set an earlier date, never a later one', async () => {
    const course = courses[0]!;
    const year = new Date().getUTCFullYear() + 1;
    const ceo = await freshPage();
    await signIn(ceo, app, people.ceo.email);
    await ceo.goto(`${app.url}/trust`);
    const deadlines = ceo.getByRole('region', { name: 'Deadlines for every school' });
    const form = deadlines.getByRole('form', { name: `Deadline for ${course.title}` });
    await form.getByLabel('Complete by').fill(`${year}-03-31`);
    await form.getByLabel('New staff: days from joining').fill('30');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(ceo, 'Deadline saved');
    await deadlines.getByText(`Complete by 31 March ${year} · new staff: 30 days from joining`).waitFor();
    await deadlines.getByText('2 schools have this course.').waitFor();
    await partScreenshot(deadlines, 'trust-deadlines-section');
    await screenshot(ceo, 'trust-deadlines');
    const phone = await freshPage(PHONE);
    await signIn(phone, app, people.ceo.email);
    await phone.goto(`${app.url}/trust`);
    const phoneSection = phone.getByRole('region', { name: 'Deadlines for every school' });
    await phoneSection.getByText(`Complete by 31 March ${year}`, { exact: false }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await partScreenshot(phoneSection, 'trust-deadlines-section');

    // Oak's manager sees the trust's date beside their own; a later date is refused in the browser.
    for (const viewport of [DESKTOP, PHONE]) {
      const head = await freshPage(viewport);
      await signIn(head, app, people.oakHead.email);
      await head.goto(`${app.url}/school`);
      const panel = head.getByRole('region', { name: 'Training deadlines' });
      await panel.getByText(`Set by Greenway Trust: 31 March ${year} · new staff: 30 days from joining; you may set an earlier date.`).waitFor();
      const own = panel.getByRole('form', { name: `Deadline for ${course.title}` });
      expect(await own.getByLabel('Complete by').getAttribute('max')).toBe(`${year}-03-31`);
      if (viewport === PHONE) {
        expect(await head.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await partScreenshot(panel, 'trust-deadlines-school');
        continue;
      }
      await own.getByLabel('Complete by').fill(`${year}-04-15`);
      await own.getByRole('button', { name: 'Save' }).click();
      await own.getByText(`Choose 31 March ${year} or an earlier date: Greenway Trust requires the course by then`).waitFor();
      await partScreenshot(panel, 'trust-deadlines-school-refused');
      expect(await app.db('schoolDeadlines').where({ schoolId: oakSchoolId })).toHaveLength(0);
      await own.getByLabel('Complete by').fill(`${year}-03-20`);
      await own.getByRole('button', { name: 'Save' }).click();
      await toast(head, 'Deadline saved');
      await panel.getByText(`Complete by 20 March ${year}`, { exact: false }).first().waitFor();
      expect(await app.db('schoolDeadlines').where({ schoolId: oakSchoolId })).toHaveLength(1);
      await partScreenshot(panel, 'trust-deadlines-school');
      await screenshot(head, 'trust-deadlines-school');
    }
    expect(pageErrors).toEqual([]);
  });

  // Follows the journeys above (issue 39 item 4): the trust's deadline for the first course stands
  // (31 March), and Oak has its own earlier date (20 March) for everyone at Oak.
  it('the trust manager makes a group across both schools and gives it a course with a deadline: its members are due, the others are not', async () => {
    const course = courses[0]!;
    const year = new Date().getUTCFullYear() + 1;
    const ann = `ann-${stamp}@oak.sch.uk`;
    const cal = `cal-${stamp}@elm.sch.uk`;
    const ceo = await freshPage();
    await signIn(ceo, app, people.ceo.email);
    await ceo.goto(`${app.url}/trust`);
    const panel = ceo.getByRole('region', { name: 'Groups', exact: true });
    await panel.getByText(/^No groups yet\./).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await photograph(panel, 'trust-groups-empty');
    const phoneEmpty = await freshPage(PHONE);
    await signIn(phoneEmpty, app, people.ceo.email);
    await phoneEmpty.goto(`${app.url}/trust`);
    const emptyOnPhone = phoneEmpty.getByRole('region', { name: 'Groups', exact: true });
    await emptyOnPhone.getByText(/^No groups yet\./).waitFor();
    expect(await phoneEmpty.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await photograph(emptyOnPhone, 'trust-groups-empty');

    // Create the group; the same name again (any case) is refused with the server's reason.
    await panel.getByLabel('New group').fill('Safeguarding leads');
    await panel.getByRole('button', { name: 'Create group' }).click();
    await toast(ceo, 'Group created');
    const group = panel.getByRole('listitem', { name: 'Safeguarding leads' });
    await group.getByText('Nobody in this group yet.').waitFor();
    await panel.getByLabel('New group').fill('safeguarding LEADS');
    await panel.getByRole('button', { name: 'Create group' }).click();
    await panel.getByText('There is already a group called "safeguarding LEADS" in this trust: choose another name, or use that group.').waitFor();
    const trustId = (await app.db('trusts').where({ name: 'Greenway Trust' }).first('id'))!.id as number;
    expect(await app.db('groups').where({ trustId }).pluck('name')).toEqual(['Safeguarding leads']);
    await panel.getByLabel('New group').fill('');

    // One person of each school, then the course with a date and days for new staff.
    await group.getByLabel('Add people by e-mail').fill(`${ann}\n${cal}`);
    await group.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(ceo, 'People added');
    await group.getByText(`${cal} · Elm Academy`, { exact: false }).waitFor();
    await group.getByText(`${ann} · Oak Primary`, { exact: false }).waitFor();
    await group.getByLabel('Give a course', { exact: true }).selectOption({ label: course.title });
    await group.getByLabel('Complete by').fill(`${year}-02-28`);
    await group.getByLabel('New staff: days from joining the group').fill('14');
    await group.getByRole('button', { name: 'Give course' }).click();
    await toast(ceo, 'Course given to the group');
    await group.getByText(`By 28 February ${year} · new staff: 14 days from joining the group`).waitFor();
    await group.getByText('2 people · 1 course').waitFor();
    await ceo.getByText('Course given to the group', { exact: true }).waitFor({ state: 'hidden' });
    await photograph(panel, 'trust-groups');

    // The trust's staff list by group: the two members, due by the group's date.
    const filters = ceo.getByRole('region', { name: 'Filters' });
    await filters.getByLabel('Group', { exact: true }).selectOption({ label: 'Safeguarding leads' });
    const staff = ceo.getByRole('list', { name: 'Staff and courses' });
    await ceo.waitForFunction(() => document.querySelectorAll('[aria-label="Staff and courses"] > li').length === 3);
    expect(await staff.getByText(/^Elm Academy · cal-/).count()).toBe(2);
    expect(await staff.getByText(/^Oak Primary · ann-/).count()).toBe(1);
    expect(await staff.getByText('Safeguarding leads', { exact: true }).count()).toBe(3);
    await filters.getByLabel('Group', { exact: true }).selectOption('');

    const phone = await freshPage(PHONE);
    await signIn(phone, app, people.ceo.email);
    await phone.goto(`${app.url}/trust`);
    const phonePanel = phone.getByRole('region', { name: 'Groups', exact: true });
    await phonePanel.getByText(`By 28 February ${year}`, { exact: false }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await photograph(phonePanel, 'trust-groups');

    // What each person sees on their dashboard: Cal (in the group) is due; Eli (Elm's head, not in
    // it) has no deadline, since the trust now requires the course of the group only; Ann (in it)
    // by the group's earlier date; Bea (not in it) by Oak's own date, which is for everyone at Oak.
    const expected: Array<[string, string | null]> = [
      [cal, `${year}-02-28`],
      [people.elmHead.email, null],
      [ann, `${year}-02-28`],
      [`bea-${stamp}@oak.sch.uk`, `${year}-03-20`],
    ];
    for (const [email, dueOn] of expected) {
      const client = await signedInClient(app.url, { email, password: PASSWORD });
      const training = await client<Array<{ courseId: number; dueOn: string | null }>>('GET', '/api/user/training');
      expect({ email, dueOn: training.find((entry) => entry.courseId === course.id)?.dueOn ?? null }).toEqual({ email, dueOn });
    }
    for (const viewport of [DESKTOP, PHONE]) {
      const member = await freshPage(viewport);
      await signIn(member, app, cal);
      await member.getByRole('article', { name: course.title }).getByText(`Due 28 February ${year}`).waitFor();
      const outside = await freshPage(viewport);
      const training = outside.waitForResponse((response) => response.url().endsWith('/api/user/training'));
      await signIn(outside, app, people.elmHead.email);
      const card = outside.getByRole('article', { name: course.title });
      await card.waitFor();
      await training;
      expect(await card.getByText(/^(Due|Overdue)/).count()).toBe(0);
      if (viewport === PHONE) await screenshot(member, 'trust-groups-member-due');
    }

    // Elm's manager: the trust's group read-only, holding Elm's staff only; the Groups column and filter on /school.
    const head = await freshPage();
    await signIn(head, app, people.elmHead.email);
    await head.goto(`${app.url}/school`);
    const schoolGroups = head.getByRole('region', { name: 'Groups', exact: true });
    const shared = schoolGroups.getByRole('listitem', { name: 'Safeguarding leads' });
    await shared.getByText('Set by the trust').waitFor();
    await shared.getByText('Cal Cole').waitFor();
    expect(await shared.getByText('Ann Able').count()).toBe(0);
    expect(await shared.getByRole('button').count()).toBe(0);
    const status = head.getByRole('region', { name: 'Training status' });
    await status.getByLabel('Group').selectOption({ label: 'Safeguarding leads (trust)' });
    await status.getByText('Cal Cole').first().waitFor();
    await expect.poll(() => status.getByText('Eli Elm').count()).toBe(0);
    expect(await status.getByText('Safeguarding leads', { exact: true }).count()).toBeGreaterThan(0);
    await photograph(status, 'trust-groups-school-filter');

    // The admin: the same screen on a school's page (Oak sees the trust's group read-only, with
    // Oak's member only) and, editable, under the trust in the Trusts panel.
    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await freshPage(viewport);
      await signIn(admin, app, app.admin.email, app.admin.password);
      await admin.goto(`${app.url}/admin/schools/${oakSchoolId}`);
      const oakGroups = admin.getByRole('region', { name: 'Groups', exact: true });
      const seenFromOak = oakGroups.getByRole('listitem', { name: 'Safeguarding leads' });
      await seenFromOak.getByText('Set by the trust').waitFor();
      await seenFromOak.getByText('Ann Able').waitFor();
      expect(await seenFromOak.getByText('Cal Cole').count()).toBe(0);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await photograph(oakGroups, 'trust-groups-admin-school');
      await admin.goto(`${app.url}/admin`);
      await admin
        .getByRole('region', { name: 'Trusts' })
        .getByRole('button', { name: /Greenway Trust/ })
        .click();
      const trustGroups = admin.getByRole('region', { name: 'Groups of Greenway Trust' });
      const editable = trustGroups.getByRole('listitem', { name: 'Safeguarding leads' });
      await editable.getByText('Cal Cole').waitFor();
      await editable.getByRole('button', { name: 'Rename' }).waitFor();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await photograph(trustGroups, 'trust-groups-admin-trust');
    }
    expect(pageErrors).toEqual([]);
  });

  // Follows the journeys above. Issue 39 item 5: Bea moves from Oak to Elm, on a phone.
  it('the trust manager moves a member to another school; their school changes everywhere, with the day they moved', async () => {
    const phone = await freshPage(PHONE);
    await signIn(phone, app, people.ceo.email);
    await phone.goto(`${app.url}/trust`);
    const staff = phone.getByRole('list', { name: 'Staff and courses' });
    await staff.getByRole('button', { name: 'Move to another school: Bea Bold' }).first().click();
    const dialog = phone.getByRole('dialog', { name: 'Move Bea Bold to another school' });
    await dialog.getByLabel('New school').waitFor();
    await partScreenshot(dialog, 'trust-move-dialog');
    await dialog.getByLabel('New school').selectOption({ label: 'Elm Academy' });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await toast(phone, 'Bea Bold moved');
    await staff
      .getByText(/^Elm Academy \(moved here \d+ \w+\) · bea-/)
      .first()
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'trust-moved');
    const bea = await app
      .db('users')
      .where({ email: `bea-${stamp}@oak.sch.uk` })
      .first('id');
    expect(await app.db('schoolMembers').where({ userId: bea!.id }).first('schoolId', 'movedFromSchoolId')).toEqual({
      schoolId: expect.any(Number),
      movedFromSchoolId: oakSchoolId,
    });

    // Oak's manager no longer lists her; Elm's does.
    const oakHead = await freshPage();
    await signIn(oakHead, app, people.oakHead.email);
    await oakHead.goto(`${app.url}/school`);
    await oakHead.getByRole('heading', { level: 1, name: 'Oak Primary' }).waitFor();
    await oakHead.getByText('Ann Able').first().waitFor();
    expect(await oakHead.getByText('Bea Bold').count()).toBe(0);
    const elmHead = await freshPage();
    await signIn(elmHead, app, people.elmHead.email);
    await elmHead.goto(`${app.url}/school`);
    await elmHead.getByText('Bea Bold').first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  // Follows the journeys above. Issue 39 item 2: one purchase for the trust, by invoice.
  it('the trust manager asks for an invoice made out to the trust; once paid, every school has the course', async () => {
    const course = courses[1]!;
    // On a phone first: the choice, with nothing wider than the screen.
    const phone = await freshPage(PHONE);
    await signIn(phone, app, people.ceo.email);
    await phone.goto(`${app.url}/checkout/${course.id}`);
    const phoneChoice = phone.getByRole('radio', { name: /For every school of Greenway Trust/ });
    await phoneChoice.waitFor();
    expect(await phoneChoice.isChecked()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'trust-checkout');

    // Invoice requests need a confirmed address (issue 50 #1): the CEO has opened the link.
    await app.db('users').where({ email: people.ceo.email }).update({ emailVerifiedAt: Date.now() });
    const ceo = await freshPage();
    await signIn(ceo, app, people.ceo.email);
    await ceo.goto(`${app.url}/checkout/${course.id}`);
    expect(await ceo.getByRole('radio', { name: /For every school of Greenway Trust/ }).isChecked()).toBe(true);
    const invoice = ceo.getByRole('form', { name: 'Invoice request' });
    if (!(await invoice.isVisible())) await ceo.getByRole('button', { name: 'Request an invoice' }).click();
    await invoice.getByText('made out to Greenway Trust', { exact: false }).waitFor();
    await invoice.getByRole('textbox', { name: /Billing e-mail/ }).fill(`finance-${stamp}@greenway.org.uk`);
    await invoice.getByRole('combobox', { name: /Country/ }).selectOption('GB');
    await screenshot(ceo, 'trust-checkout');
    await invoice.getByRole('button', { name: /Request an invoice for/ }).click();
    await ceo.getByRole('heading', { name: 'Invoice requested' }).waitFor();
    await screenshot(ceo, 'trust-invoice-requested');
    const order = await app.db('orders').whereNotNull('trustId').orderBy('id', 'desc').first();
    expect(order).toMatchObject({ schoolName: 'Greenway Trust', courseId: course.id, status: 'requested' });

    // The admin sees it in sales under the trust's name and marks it paid.
    const admin = await freshPage();
    await signIn(admin, app, app.admin.email, app.admin.password);
    await admin.goto(`${app.url}/admin`);
    const sales = admin.getByRole('region', { name: 'Orders & payments' });
    await sales.getByText('Greenway Trust (trust: every school)', { exact: false }).first().waitFor();
    await partScreenshot(sales, 'trust-sales');
    const adminApi = await signedInClient(app.url, app.admin);
    await adminApi('POST', `/api/admin/orders/${order!.id}/paid`);

    // Oak had only the first course: its staff have the second now, through the trust.
    const ann = await app
      .db('users')
      .where({ email: `ann-${stamp}@oak.sch.uk` })
      .first('id');
    expect(await app.db('enrollments').where({ userId: ann!.id, courseId: course.id })).toHaveLength(1);
    expect(await app.db('schoolLicences').where({ schoolId: oakSchoolId, courseId: course.id }).first('source')).toEqual({ source: 'trust' });
    await ceo.goto(`${app.url}/checkout/${course.id}`);
    await ceo
      .getByRole('heading', { name: 'Invoice requested' })
      .or(ceo.getByRole('radio', { name: /Just for me/ }))
      .first()
      .waitFor();
    expect(await ceo.getByRole('radio', { name: /Greenway Trust/ }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
