import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { browserSession, DESKTOP, partScreenshot, PHONE, screenshot, signInWithForm } from './support/browser.ts';

const enabled = portalSuiteCanRun('directorySync');
const NARROW = { width: 320, height: 740 };
const PASSWORD = 'a-good-password';

/**
 * Issue 56, "Must show": a manager connects the directory on /school, a directory client pushes
 * three people and a group over SCIM, one is disabled, and the manager sees the sync log.
 */
describe.skipIf(!enabled)('directory sync in a real browser (issue 56)', () => {
  let app: RunningApp;
  let session: Awaited<ReturnType<typeof browserSession>>;
  const manager = { email: `head-${Date.now()}@oak.sch.uk`, password: PASSWORD };
  let schoolId = 0;

  beforeAll(async () => {
    app = await startApp();
    session = await browserSession();
    const api = await signedInClient(app.url, manager, { firstName: 'Hana', lastName: 'Head' });
    schoolId = (await api<{ id: number }>('POST', '/api/schools', { name: 'Oak Primary', country: 'gb' })).id;
    const now = Date.now();
    await app
      .db('schoolDomains')
      .insert({ schoolId, domain: 'staff.oak.sch.uk', verifiedAt: now, verifiedBy: null, createdAt: now, verifiedDomain: 'staff.oak.sch.uk', proof: 'admin' });
  });

  afterAll(async () => {
    await session?.close();
    await app?.close();
  });

  const panel = (page: Page) => page.getByRole('region', { name: 'Directory sync' });

  async function scim(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${app.url}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/scim+json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  it('the manager creates a token (shown once with the URL and the steps), the directory pushes people and a group, one is disabled, and the log says so', async () => {
    const page = await session.page(DESKTOP);
    await signInWithForm(page, app.url, manager);
    await page.goto(`${app.url}/school`);
    await panel(page).waitFor();
    await panel(page).getByRole('textbox', { name: 'Token name' }).fill('Entra ID');
    await panel(page).getByRole('button', { name: 'Create token' }).click();
    const secret = panel(page).getByRole('textbox', { name: 'Secret token “Entra ID”' });
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^atrium_scim_/);
    expect(await panel(page).getByRole('textbox', { name: 'SCIM base URL (Tenant URL)' }).inputValue()).toBe(`${app.url}/scim/v2`);
    await panel(page).getByText('Microsoft Entra ID', { exact: true }).click();
    await panel(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'directory-01-token-created');
    await partScreenshot(panel(page), 'directory-01-token-panel');
    await expectAccessible(page, 'school with a new directory token');
    await panel(page).getByRole('button', { name: 'I have copied it' }).click();

    // The directory: three people on the proven domain, a group, one person disabled.
    const ids: string[] = [];
    for (const [given, family] of [
      ['Ada', 'Ash'],
      ['Ben', 'Birch'],
      ['Cal', 'Cedar'],
    ] as const) {
      const email = `${given.toLowerCase()}@staff.oak.sch.uk`;
      const created = await scim(token, 'POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        externalId: `e-${given}`,
        name: { givenName: given, familyName: family },
        active: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.id);
    }
    const group = await scim(token, 'POST', '/Groups', { displayName: 'Teaching staff', members: ids.map((value) => ({ value })) });
    expect(group.status).toBe(201);
    const disabled = await scim(token, 'PATCH', `/Users/${ids[2]}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.body.active).toBe(false);

    for (const viewport of [DESKTOP, PHONE, NARROW]) {
      const view = viewport === DESKTOP ? page : await session.page(viewport);
      if (viewport !== DESKTOP) await signInWithForm(view, app.url, manager);
      await view.goto(`${app.url}/school`);
      const log = panel(view).getByRole('list', { name: 'Sync log' });
      await log.getByText('cal@staff.oak.sch.uk').first().waitFor();
      await expect(log.getByText('Suspended', { exact: true }).count()).resolves.toBe(1);
      await expect(log.getByText('Added', { exact: true }).count()).resolves.toBeGreaterThanOrEqual(3);
      await panel(view)
        .getByRole('list', { name: 'Directory tokens' })
        .getByText(/last used/)
        .waitFor();
      await panel(view).scrollIntoViewIfNeeded();
      await screenshot(view, 'directory-02-log');
      // The panel alone, legible at each width (the page's screenshot is the whole /school page).
      await partScreenshot(panel(view), 'directory-03-panel');
      await expectAccessible(view, `directory sync log at ${viewport.width}px`);
    }

    // Revoking the token stops the directory at once.
    await panel(page).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await panel(page).getByText('No tokens yet').waitFor();
    expect((await scim(token, 'GET', '/Users')).status).toBe(401);
  });

  /** A OneRoster 1.2 bundle's two files, written where the file chooser can pick them. */
  function bundleFiles(name: string, users: Array<[string, string, string, string, string]>): string[] {
    const dir = join(tmpdir(), `oneroster-${name}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    const orgs = 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\norg-oak,,2026-03-01,Oak Primary,school,OAK,\r\n';
    const header = 'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email\r\n';
    const rows = users.map(([id, email, given, family, role]) => `${id},,2026-03-01,true,org-oak,${role},${email},,${given},${family},,,${email}`).join('\r\n');
    writeFileSync(join(dir, 'orgs.csv'), orgs);
    writeFileSync(join(dir, 'users.csv'), `${header}${rows}\r\n`);
    return [join(dir, 'orgs.csv'), join(dir, 'users.csv')];
  }

  it('the manager uploads a OneRoster bundle, reads the preview, applies it; the next bundle suspends the leaver it added', async () => {
    const page = await session.page(DESKTOP);
    await signInWithForm(page, app.url, manager);
    await page.goto(`${app.url}/school`);
    const oneRoster = page.getByRole('region', { name: 'OneRoster upload' });
    await oneRoster.waitFor();
    await oneRoster.getByLabel('Bundle files').setInputFiles(
      bundleFiles('first', [
        ['t-1', 'dee@staff.oak.sch.uk', 'Dee', 'Dale', 'teacher'],
        ['t-2', 'eli@staff.oak.sch.uk', 'Eli', 'Elm', 'aide'],
        ['t-3', 'not-an-address', 'Fay', 'Fir', 'teacher'],
        ['s-1', 'kid@staff.oak.sch.uk', 'Kid', 'Kay', 'student'],
      ]),
    );
    const people = oneRoster.getByRole('list', { name: 'People in the bundle' });
    await people.getByText('dee@staff.oak.sch.uk').waitFor();
    await expect(people.getByText('Joins', { exact: true }).count()).resolves.toBe(2);
    await expect(people.getByText('Error', { exact: true }).count()).resolves.toBe(1);
    await people.getByText(/not a valid e-mail address/).waitFor();
    await oneRoster.scrollIntoViewIfNeeded();
    await screenshot(page, 'directory-04-oneroster-preview');
    await expectAccessible(page, 'OneRoster preview');
    await oneRoster.getByRole('button', { name: 'Apply the bundle' }).click();
    await oneRoster.getByText('2 people joined, 1 row with errors skipped.').waitFor();

    // Next term Eli has left: the preview says so, and applying suspends them.
    await oneRoster.getByLabel('Bundle files').setInputFiles(bundleFiles('second', [['t-1', 'dee@staff.oak.sch.uk', 'Dee', 'Dale', 'teacher']]));
    await people.getByText('eli@staff.oak.sch.uk').waitFor();
    await expect(people.getByText('Leaves', { exact: true }).count()).resolves.toBe(1);
    for (const viewport of [PHONE, NARROW]) {
      const view = await session.page(viewport);
      await signInWithForm(view, app.url, manager);
      await view.goto(`${app.url}/school`);
      const narrow = view.getByRole('region', { name: 'OneRoster upload' });
      await narrow
        .getByLabel('Bundle files')
        .setInputFiles(bundleFiles(`narrow-${viewport.width}`, [['t-1', 'dee@staff.oak.sch.uk', 'Dee', 'Dale', 'teacher']]));
      await narrow.getByRole('list', { name: 'People in the bundle' }).getByText('eli@staff.oak.sch.uk').waitFor();
      await partScreenshot(narrow, 'directory-05-oneroster');
      await expectAccessible(view, `OneRoster preview at ${viewport.width}px`);
    }
    await oneRoster.getByRole('button', { name: 'Apply the bundle' }).click();
    await oneRoster.getByText('1 leaver suspended.').waitFor();
    const log = panel(page).getByRole('list', { name: 'Sync log' });
    await log.getByText('eli@staff.oak.sch.uk').first().waitFor();
    const eli = await app.db('users').where({ email: 'eli@staff.oak.sch.uk' }).first('id');
    expect(await app.db('schoolMembers').where({ userId: eli!.id }).first()).toBeUndefined();
    // The manager, who was never in a bundle, is still a manager.
    const head = await app.db('users').where({ email: manager.email }).first('id');
    expect(await app.db('schoolMembers').where({ userId: head!.id }).first('role')).toEqual({ role: 'manager' });
  });
});
