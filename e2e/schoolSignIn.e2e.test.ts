import type { CourseSummaryDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../server/src/test/oidcProvider.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { appReady, DESKTOP, launchBrowser, newContext, partScreenshot, PHONE, screenshot, toast } from './support/browser.ts';
import { seedLicensedSchool } from './support/schoolSetup.ts';

const enabled = portalSuiteCanRun('school sign-in');
const DOMAIN = 'oakwood.sch.uk';
const MANAGER = { email: `head@${DOMAIN}`, password: 'head-password-1', firstName: 'Helen', lastName: 'Head' };

/**
 * Issue 26 in a real browser: a teacher signs in with the school's own account (a real OpenID
 * Connect provider on loopback, standing in for Google), lands enrolled through the school's
 * domain licence, signs out and back in; a manager adds the staff list. Every page is watched for
 * CSP violations (support/browser.ts), the provider's form post and redirects included.
 */
describe.skipIf(!enabled)('school sign-in and staff roster in a real browser', () => {
  let app: RunningApp;
  let provider: TestOidcProvider;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseSummaryDto;
  let schoolId: number;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  /** From /auth through the provider's sign-in form and back. */
  async function continueWithGoogle(page: Page, email: string) {
    await page.getByRole('link', { name: 'Continue with Google' }).first().click();
    await page.getByRole('heading', { name: 'Sign in to the test identity provider' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  beforeAll(async () => {
    provider = await startOidcProvider();
    app = await startApp(provider.env());
    browser = await launchBrowser();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    course = courses.find((c) => c.price > 0 && c.totalModules > 0)!;
    expect(course).toBeTruthy();
    // The school: a manager with a verified address on its domain, the domain verified, one course licensed.
    const seeded = await seedLicensedSchool(app, { name: 'Oakwood Academy', manager: MANAGER, courseIds: [course.id] });
    schoolId = seeded.schoolId;
    const now = Date.now();
    await app.db('schoolDomains').insert({ schoolId, domain: DOMAIN, verifiedAt: now, verifiedBy: seeded.managerId, createdAt: now });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
    await provider?.close();
  });

  it('a new teacher signs in with the school account, lands enrolled, signs out and back in', async () => {
    const teacher = provider.addAccount({ email: `jo.teacher@${DOMAIN}`, given_name: 'Jo', family_name: 'Teacher' });
    const page = await freshPage();
    await page.goto(`${app.url}/auth`);
    await page.getByRole('link', { name: 'Continue with Microsoft' }).waitFor();
    await expectAccessible(page, 'auth with providers');
    await screenshot(page, 'school-sign-in-auth');

    await continueWithGoogle(page, teacher.email!);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Jo!$/ }).waitFor();
    const card = page.getByRole('article', { name: course.title });
    await card.getByText(`0/${course.totalModules} modules completed`).waitFor();
    await card.getByRole('link', { name: 'Start Course' }).waitFor();
    await screenshot(page, 'school-sign-in-dashboard');

    await page.goto(`${app.url}/profile`);
    await page.getByRole('heading', { name: 'Linked sign-ins' }).waitFor();
    await page.getByText('This is your only way to sign in').waitFor();
    await expectAccessible(page, 'profile with linked sign-ins');
    await screenshot(page, 'school-sign-in-profile');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'school-sign-in-profile');
    await page.goto(`${app.url}/`);
    await page.getByRole('article', { name: course.title }).waitFor();
    await screenshot(page, 'school-sign-in-dashboard');

    // The server drew the dashboard: its menu opens once the app has taken the page over.
    await appReady(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${app.url}/`);
    // Back in: the provider still knows this browser, so it sends it straight back signed in.
    await page.goto(`${app.url}/auth`);
    await page.getByRole('link', { name: 'Continue with Google' }).first().click();
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Jo!$/ }).waitFor();
    const users = await app.db('users').where({ email: teacher.email });
    expect(users).toHaveLength(1);
    expect(await app.db('schoolMembers').where({ userId: users[0]!.id, schoolId }).first()).toBeTruthy();
    expect(pageErrors).toEqual([]);
  });

  it('a refused sign-in lands on /auth with the reason, at phone width too', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/api/auth/google/callback?state=made-up&code=made-up`);
      await page.waitForURL(`${app.url}/auth`);
      await page.getByRole('alert').filter({ hasText: 'That sign-in link has expired or was already used' }).waitFor();
      await toast(page, 'Sign-in did not complete');
      await screenshot(page, 'school-sign-in-refused');
    }
  });

  it('a manager previews a staff list with its problems, then invites everyone at once, existing accounts too', async () => {
    const existing = provider.addAccount({ email: `sam.existing@${DOMAIN}` });
    await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: 'sam.existing@elsewhere.example', password: 'sam-password-1', firstName: 'Sam', lastName: 'Existing' }),
    });
    expect(existing).toBeTruthy();
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/auth`);
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
      await form.getByLabel(/^Password/).fill(MANAGER.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: /^Welcome(?: back)?, Helen!$/ }).waitFor();
      await page.goto(`${app.url}/school`);
      await page.getByRole('heading', { name: 'Add staff' }).waitFor();
      await screenshot(page, 'school-roster-empty');
      const suffix = viewport === DESKTOP ? 'a' : 'b';
      const list = [
        'email,first name,last name',
        `new.one.${suffix}@${DOMAIN},Nadia,Khan`,
        `new.two.${suffix}@${DOMAIN},Tom,Reed`,
        `sam.existing@elsewhere.example,Sam,Existing`,
        'not-an-address,Bad,Row',
      ].join('\n');
      await page.getByRole('textbox', { name: /Or paste the list/ }).fill(list);
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview of the staff list' });
      await preview.getByText('Not a valid e-mail address').waitFor();
      // Sam has an account, which the preview does not reveal: he is invited like everyone else
      // (the first run), and the second run (phone) sees him "already invited".
      await preview
        .getByText(viewport === DESKTOP ? 'Gets an invitation' : 'Already invited')
        .first()
        .waitFor();
      await partScreenshot(preview, 'school-roster-preview-panel');
      await expectAccessible(page, 'staff roster preview');
      await screenshot(page, 'school-roster-preview');
      const apply = viewport === DESKTOP ? 'Send 3 invitations' : 'Send 2 invitations';
      await page.getByRole('button', { name: apply }).click();
      await toast(page, 'Invitations sent');
      await screenshot(page, 'school-roster-done');
    }
    const invited = await app.db('outbox').where('toAddress', 'like', `new.%@${DOMAIN}`);
    expect(invited).toHaveLength(4);
    // Sam, who has an account, got one invitation like everyone else (beside his verification mail).
    expect(await app.db('outbox').where({ toAddress: 'sam.existing@elsewhere.example' }).where('text', 'like', '%/join?token=%')).toHaveLength(1);
    // Nobody joined without accepting: the manager and the teacher who signed in with the school's domain.
    expect(await app.db('schoolMembers').where({ schoolId }).count({ n: '*' }).first()).toMatchObject({ n: 2 });
    expect(pageErrors).toEqual([]);
  });

  it("an admin adds staff on the school's admin page", async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/auth`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: 'Email' }).fill(app.admin.email);
    await form.getByLabel(/^Password/).fill(app.admin.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.goto(`${app.url}/admin/schools/${schoolId}`);
    await page.getByRole('heading', { name: 'Add staff' }).waitFor();
    await page.getByRole('textbox', { name: /Or paste the list/ }).fill(`admin.added@${DOMAIN}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Send 1 invitation' }).waitFor();
    await screenshot(page, 'admin-school-roster-preview');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-school-roster-preview');
    await page.getByRole('button', { name: 'Send 1 invitation' }).click();
    await toast(page, 'Invitations sent');
  });

  it('a manager connects Microsoft on the profile page, then signs in with it', async () => {
    const work = provider.addAccount({ email: `helen.head@${DOMAIN}`, preferred_username: `helen.head@${DOMAIN}` });
    const page = await freshPage(PHONE);
    await page.goto(`${app.url}/auth`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
    await form.getByLabel(/^Password/).fill(MANAGER.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Helen!$/ }).waitFor();
    await page.goto(`${app.url}/profile`);
    // A new way into the account: the profile asks for the password first (issue 33).
    await page.getByRole('button', { name: 'Connect Microsoft' }).click();
    const confirm = page.getByRole('form', { name: 'Connect Microsoft' });
    await confirm.getByLabel('Your password').fill(MANAGER.password);
    await confirm.getByRole('button', { name: 'Continue to Microsoft' }).click();
    await page.getByRole('heading', { name: 'Sign in to the test identity provider' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(work.email!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'Microsoft sign-in linked');
    await page.waitForURL(`${app.url}/profile`);
    await page.getByText(work.email!).first().waitFor();
    await screenshot(page, 'profile-connected');

    const fresh = await freshPage();
    await fresh.goto(`${app.url}/auth`);
    await fresh.getByRole('link', { name: 'Continue with Microsoft' }).click();
    await fresh.getByRole('textbox', { name: 'Email' }).fill(work.email!);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.getByRole('heading', { name: /^Welcome(?: back)?, Helen!$/ }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
