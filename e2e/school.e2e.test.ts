import type { CourseSummaryDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { FakeDns } from '../server/src/test/fakeDns.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('school');
const PASSWORD = 'a-good-password';
const SCHOOL = "St Mary's Primary";
const DOMAIN = 'stmarys.sch.uk';

/** Registers through the /auth form (opened here unless the page is already on it); the account is signed in. */
async function registerInBrowser(page: Page, app: RunningApp, person: { firstName: string; lastName: string; email: string }, alreadyOnAuth = false) {
  if (!alreadyOnAuth) await page.goto(`${app.url}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The verification link from the newest mail to `email` in the outbox. */
async function verificationLink(app: RunningApp, email: string): Promise<string> {
  const rows = await app.db('outbox').where({ toAddress: email }).orderBy('id', 'desc');
  const mail = rows.find((row: { text: string }) => row.text.includes('/verify-email?token='));
  expect(mail, `a verification mail to ${email}`).toBeTruthy();
  const link = new RegExp(`${app.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/verify-email\\?token=[A-Za-z0-9_-]+`).exec(mail!.text)?.[0];
  expect(link, `the link in the mail to ${email}`).toBeTruthy();
  return link!;
}

/** The dashboard card of `course` shows it as enrolled (progress and a Start link, no price). */
async function expectEnrolledOnDashboard(page: Page, app: RunningApp, course: CourseSummaryDto) {
  await page.goto(app.url + '/');
  const card = page.getByRole('article', { name: course.title });
  await card.getByText(`0/${course.totalModules} modules completed`).waitFor();
  await card.getByRole('link', { name: 'Start Course' }).waitFor();
}

describe.skipIf(!enabled)('a school licence in a real browser', () => {
  let app: RunningApp;
  const dns = new FakeDns();
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseSummaryDto;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    // No Stripe keys: the checkout offers the invoice form straight away.
    app = await startApp();
    app.app.deps.dns = dns;
    browser = await launchBrowser();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    const priced = courses.find((c) => c.price > 0 && c.totalModules > 0);
    expect(priced).toBeTruthy();
    course = priced!;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('manager creates and licenses the school; colleagues join by invite link and by verified domain', async () => {
    const managerEmail = `head@${DOMAIN}`;

    // (1) The manager registers, verifies the address from the mailed link, and creates the school.
    const manager = await freshPage();
    await registerInBrowser(manager, app, { firstName: 'Helen', lastName: 'Head', email: managerEmail });
    await manager.getByRole('heading', { name: /^Welcome(?: back)?, Helen!$/ }).waitFor();
    await manager.goto(await verificationLink(app, managerEmail));
    await manager.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' }).waitFor();
    await manager.getByText('Thank you for confirming your address.').waitFor();
    await screenshot(manager, 'school-01-verified');
    await expectAccessible(manager, 'verify-email');

    await manager.goto(app.url + '/school');
    await manager.getByRole('heading', { level: 1, name: 'My school' }).waitFor();
    await screenshot(manager, 'school-02-no-school');
    await expectAccessible(manager, 'school (no school yet)');
    await manager.getByRole('textbox', { name: /School or organisation name/ }).fill(SCHOOL);
    await manager.getByRole('button', { name: 'Create school' }).click();
    await toast(manager, 'School created');
    await manager.getByRole('heading', { level: 1, name: SCHOOL }).waitFor();
    await manager.getByText('No courses are licensed for this school yet.', { exact: false }).waitFor();

    // (2) An invoice for the school, marked paid by the admin, licenses the course.
    await manager.goto(`${app.url}/checkout/${course.id}`);
    await manager.getByRole('heading', { level: 1, name: 'Purchase Course' }).waitFor();
    const forSchool = manager.getByRole('radio', { name: new RegExp(SCHOOL) });
    await forSchool.waitFor();
    expect(await forSchool.isChecked()).toBe(true);
    await expect(manager.getByRole('textbox', { name: /School or organisation/ }).inputValue()).resolves.toBe(SCHOOL);
    await manager.getByRole('textbox', { name: /Billing e-mail/ }).fill(`finance@${DOMAIN}`);
    await manager.getByRole('button', { name: /Request an invoice for/ }).click();
    await manager.getByRole('heading', { name: 'Invoice requested' }).waitFor();
    await screenshot(manager, 'school-03-invoice-requested');

    const managerRow = (await app.db('users').where({ email: managerEmail }).first())!;
    const school = (await app.db('schools').where({ name: SCHOOL }).first())!;
    const order = (await app.db('orders').where({ userId: managerRow.id, courseId: course.id }).first())!;
    expect(order).toMatchObject({ status: 'requested', schoolId: school.id });
    const admin = await signedInClient(app.url, app.admin);
    await admin('POST', `/api/admin/orders/${order.id}/paid`);

    await manager.goto(app.url + '/school');
    await manager.getByRole('heading', { level: 1, name: SCHOOL }).waitFor();
    const licensed = manager.getByRole('region', { name: 'Licensed courses' });
    await licensed.getByRole('link', { name: course.title }).waitFor();

    // (3) The school's domain, and an invite link read from the page.
    await manager.getByRole('textbox', { name: 'Domain' }).fill(DOMAIN);
    await manager.getByRole('button', { name: 'Add domain' }).click();
    await toast(manager, 'Domain claimed: now prove it');
    await manager.getByText(`@${DOMAIN}`, { exact: true }).waitFor();
    // The claim pulls nobody in until proven: the page shows the TXT record; "DNS" publishes it.
    const txtValue = (await manager.locator('dd code').filter({ hasText: 'atrium-domain-verification=' }).innerText()).trim();
    dns.publish(DOMAIN, txtValue);
    await manager.getByRole('button', { name: 'Check now' }).click();
    await toast(manager, `@${DOMAIN} is proven`);
    await manager.getByRole('button', { name: 'Create invite link' }).click();
    const created = manager.getByRole('status').filter({ hasText: 'Your new invite link' });
    await created.waitFor();
    const inviteUrl = (await created.locator('code').innerText()).trim();
    expect(inviteUrl).toMatch(new RegExp(`^${app.url.replace(/[.]/g, '\\.')}/join\\?token=[A-Za-z0-9_-]+$`));
    await screenshot(manager, 'school-04-manager');
    await expectAccessible(manager, 'school (manager)');

    // (4) Colleague A opens the link signed out, registers through it, joins, and lands enrolled.
    const colleagueA = await freshPage();
    await colleagueA.goto(inviteUrl);
    await colleagueA.getByRole('heading', { level: 1, name: `Join ${SCHOOL}` }).waitFor();
    await screenshot(colleagueA, 'school-05-join-signed-out');
    await expectAccessible(colleagueA, 'join (signed out)');
    await colleagueA.getByRole('link', { name: 'Sign in or register to join' }).click();
    await colleagueA.waitForURL('**/auth?**');
    await registerInBrowser(colleagueA, app, { firstName: 'Amara', lastName: 'Adeyemi', email: 'amara.adeyemi@example.org' }, true);
    await colleagueA.waitForURL('**/join?token=**');
    const joinButton = colleagueA.getByRole('button', { name: `Join ${SCHOOL}` });
    await joinButton.waitFor();
    await screenshot(colleagueA, 'school-06-join-signed-in');
    await expectAccessible(colleagueA, 'join (signed in)');
    await joinButton.click();
    await toast(colleagueA, `Welcome to ${SCHOOL}`);
    await colleagueA.getByRole('heading', { name: /^Welcome(?: back)?, Amara!$/ }).waitFor();
    const cardA = colleagueA.getByRole('article', { name: course.title });
    await cardA.getByText(`0/${course.totalModules} modules completed`).waitFor();
    await cardA.getByRole('link', { name: 'Start Course' }).click();
    await colleagueA.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await colleagueA.getByText(`Access through ${SCHOOL}`).waitFor();
    await colleagueA.getByText('0% Complete').waitFor();
    await screenshot(colleagueA, 'school-07-course-through-school');

    // (5) Colleague B registers at the school's domain, verifies by the mailed link, and is enrolled.
    const colleagueBEmail = `b@${DOMAIN}`;
    const colleagueB = await freshPage();
    await registerInBrowser(colleagueB, app, { firstName: 'Ben', lastName: 'Brown', email: colleagueBEmail });
    await colleagueB.getByRole('heading', { name: /^Welcome(?: back)?, Ben!$/ }).waitFor();
    await colleagueB.goto(await verificationLink(app, colleagueBEmail));
    await colleagueB.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' }).waitFor();
    await colleagueB.getByText(`You now have access through ${SCHOOL}.`).waitFor();
    await screenshot(colleagueB, 'school-08-verified-joined');
    await expectAccessible(colleagueB, 'verify-email (joined a school)');
    await expectEnrolledOnDashboard(colleagueB, app, course);

    // The manager's register now lists all three.
    await manager.goto(app.url + '/school');
    await manager.getByRole('heading', { level: 2, name: 'Members (3)' }).waitFor();
    const members = manager.getByRole('region', { name: 'Members (3)' });
    await members.getByText(colleagueBEmail).waitFor();
    await members.getByText('Amara Adeyemi').waitFor();

    // (6) The admin sees the school, its members and licence, revokes it (access ends, progress
    // stays) and restores it.
    const adminPage = await freshPage();
    await adminPage.goto(app.url + '/auth');
    await adminPage.getByRole('textbox', { name: 'Email' }).fill(app.admin.email);
    await adminPage.getByRole('textbox', { name: 'Password' }).fill(app.admin.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.getByRole('link', { name: 'Admin', exact: true }).first().waitFor();
    await adminPage.goto(app.url + '/admin');
    const schoolsPanel = adminPage.getByRole('region', { name: 'Schools' });
    await schoolsPanel.getByRole('searchbox', { name: 'Search schools' }).fill('Mary');
    await schoolsPanel.getByRole('link', { name: new RegExp(`${SCHOOL}.*3 members · 1 licence`) }).click();
    await adminPage.getByRole('heading', { level: 1, name: SCHOOL }).waitFor();
    const adminMembers = adminPage.getByRole('list', { name: 'Members' });
    await adminMembers.getByText(colleagueBEmail, { exact: false }).waitFor();
    await screenshot(adminPage, 'school-09-admin-school');
    await expectAccessible(adminPage, 'admin school');
    await adminPage.getByRole('button', { name: `Revoke the licence for ${course.title}` }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await toast(adminPage, 'Licence revoked');
    const colleagueARow = (await app.db('users').where({ email: 'amara.adeyemi@example.org' }).first())!;
    expect(await app.db('enrollments').where({ userId: colleagueARow.id, courseId: course.id }).first()).toBeUndefined();
    await adminPage.getByRole('button', { name: `Restore the licence for ${course.title}` }).click();
    await toast(adminPage, 'Licence restored');
    expect(await app.db('enrollments').where({ userId: colleagueARow.id, courseId: course.id }).first()).toBeTruthy();
    await expectEnrolledOnDashboard(colleagueA, app, course);

    // Phone width: /school and /join render and stay accessible.
    const phoneManager = await freshPage(PHONE);
    await phoneManager.goto(app.url + '/auth');
    await phoneManager.getByRole('textbox', { name: 'Email' }).fill(managerEmail);
    await phoneManager.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await phoneManager.getByRole('button', { name: 'Sign In' }).click();
    await phoneManager.getByRole('heading', { name: /^Welcome(?: back)?, Helen!$/ }).waitFor();
    await phoneManager.goto(app.url + '/school');
    await phoneManager.getByRole('heading', { level: 2, name: 'Members (3)' }).waitFor();
    await screenshot(phoneManager, 'school-04-manager');
    await expectAccessible(phoneManager, 'school (manager, phone)');
    const phoneVisitor = await freshPage(PHONE);
    await phoneVisitor.goto(inviteUrl);
    await phoneVisitor.getByRole('heading', { level: 1, name: `Join ${SCHOOL}` }).waitFor();
    await screenshot(phoneVisitor, 'school-05-join-signed-out');
    await expectAccessible(phoneVisitor, 'join (signed out, phone)');

    expect(pageErrors).toEqual([]);
  });
});
