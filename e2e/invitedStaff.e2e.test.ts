import type { CourseSummaryDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, toast } from './support/browser.ts';
import { seedLicensedSchool } from './support/schoolSetup.ts';

const enabled = portalSuiteCanRun('invited staff');
const DOMAIN = 'larch.sch.uk';
const MANAGER = { email: `head@${DOMAIN}`, password: 'head-password-1', firstName: 'Hana', lastName: 'Head' };

/**
 * Issue 34, items 8 and 9, in a real browser at desktop and phone width: after Add staff, the
 * invited people are visible (Members, the status counts) with resend and withdraw; an invited
 * person opens the mailed link, registers with the address and name the manager gave already
 * filled in, joins, and is a verified member.
 */
describe.skipIf(!enabled)('invited staff in a real browser', () => {
  let app: RunningApp;
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

  /** The invitation link in the newest mail to `email`. */
  async function invitationLink(email: string): Promise<string> {
    const rows = await app.db('outbox').where({ toAddress: email }).orderBy('id', 'desc');
    const link = new RegExp(`${app.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/join\\?token=[A-Za-z0-9_-]+`).exec(rows[0]?.text ?? '')?.[0];
    expect(link, `an invitation mailed to ${email}`).toBeTruthy();
    return link!;
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    course = courses.find((c) => c.price > 0 && c.totalModules > 0)!;
    expect(course).toBeTruthy();
    // A school that may send invitations: its manager's address is verified, it holds a licence.
    await seedLicensedSchool(app, { name: 'Larch Primary', manager: MANAGER, courseIds: [course.id] });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows invited staff with resend and withdraw, and an invitee joins verified (${viewport.width} px)`, async () => {
      const tag = viewport === DESKTOP ? 'd' : 'p';
      const ann = { email: `ann.${tag}@${DOMAIN}`, firstName: 'Ann', lastName: `Brown ${tag.toUpperCase()}` };
      const bo = `bo.${tag}@${DOMAIN}`;

      const page = await freshPage(viewport);
      await page.goto(`${app.url}/auth`);
      const login = page.getByRole('form', { name: 'Login' });
      await login.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
      await login.getByLabel(/^Password/).fill(MANAGER.password);
      await login.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: /^Welcome(?: back)?, Hana!$/ }).waitFor();
      await page.goto(`${app.url}/school`);
      await page.getByRole('heading', { name: 'Add staff' }).waitFor();
      await page
        .getByRole('textbox', { name: /Or paste the list/ })
        .fill(['email,first name,last name', `${ann.email},${ann.firstName},${ann.lastName}`, bo].join('\n'));
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('button', { name: 'Send 2 invitations' }).click();
      await toast(page, 'Invitations sent');

      // Members: the invited, with name, address, date sent and status.
      const invited = page.getByRole('region', { name: 'Invited, not joined yet (2)' });
      await invited.waitFor();
      await invited.getByText(`${ann.firstName} ${ann.lastName}`).waitFor();
      await invited.getByText(ann.email).waitFor();
      await invited.getByText(bo).first().waitFor();
      expect(await invited.getByText('Invited', { exact: true }).count()).toBe(2);
      expect(await invited.getByText(/^Sent \d{1,2} \w{3} \d{4}$/).count()).toBe(2);
      // The invite-link list does not repeat them.
      await page.getByText('No invite links yet.').waitFor();
      await invited.scrollIntoViewIfNeeded();
      await screenshot(page, 'invited-staff-members');
      await expectAccessible(page, 'school page with invited staff');

      // The status counts have them; the button lists them.
      const invitedCount = page.getByRole('button', { name: 'Invited 2' });
      await invitedCount.click();
      await page.getByRole('heading', { name: 'Training status' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'invited-staff-status');

      // Resend one, withdraw the other.
      await invited.getByRole('button', { name: `Resend the invitation to ${ann.firstName} ${ann.lastName}` }).click();
      await toast(page, 'Invitation sent again');
      expect(await app.db('outbox').where({ toAddress: ann.email })).toHaveLength(2);
      await invited.getByRole('button', { name: `Withdraw the invitation to ${bo}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw invitation' }).click();
      await toast(page, 'Invitation withdrawn');
      await page.getByRole('region', { name: 'Invited, not joined yet (1)' }).waitFor();
      await screenshot(page, 'invited-staff-after-withdraw');

      // Ann opens the link from the newest mail, registers with what the manager gave, and joins.
      const invitee = await freshPage(viewport);
      await invitee.goto(await invitationLink(ann.email));
      await invitee.getByRole('heading', { name: 'Join Larch Primary' }).waitFor();
      await screenshot(invitee, 'invited-staff-join');
      await invitee.getByRole('link', { name: 'Create your account to join' }).click();
      await invitee.getByRole('textbox', { name: 'Email' }).waitFor();
      expect(await invitee.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(ann.email);
      expect(await invitee.getByRole('textbox', { name: 'First name' }).inputValue()).toBe(ann.firstName);
      expect(await invitee.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe(ann.lastName);
      await screenshot(invitee, 'invited-staff-register-prefilled');
      await invitee.getByRole('textbox', { name: 'Password' }).fill('ann-password-1');
      await invitee.getByRole('button', { name: 'Create Account' }).click();
      await invitee.getByRole('button', { name: 'Join Larch Primary' }).click();
      await toast(invitee, 'Welcome to Larch Primary');
      const row = (await app.db('users').where({ email: ann.email }).first())!;
      expect(row.emailVerifiedAt).not.toBeNull();
      // 34.9: the profile says neither "E-mail not verified" nor "School: Not set".
      await invitee.goto(`${app.url}/profile`);
      await invitee.getByText('Larch Primary').first().waitFor();
      expect(await invitee.getByText(/not verified/i).count()).toBe(0);
      await screenshot(invitee, 'invited-staff-profile');

      // The manager sees Ann as a member, nobody left invited.
      await page.reload();
      await page
        .getByRole('region', { name: /^Members/ })
        .getByRole('row', { name: new RegExp(`${ann.firstName} ${ann.lastName}`) })
        .waitFor();
      expect(await page.getByRole('region', { name: /Invited, not joined yet/ }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  }
});
