import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSamlIdp } from '../server/src/test/samlIdp.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { browserSession, DESKTOP, partScreenshot, PHONE, screenshot, signInWithForm, toast, viewportScreenshot } from './support/browser.ts';
import { seedLicensedSchool } from './support/schoolSetup.ts';

const enabled = portalSuiteCanRun('school SAML sign-in');
const DOMAIN = 'birchwood.sch.uk';
const MANAGER = { email: `head@${DOMAIN}`, password: 'head-password-1', firstName: 'Helen', lastName: 'Head' };
const NARROW = { width: 320, height: 640 };
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Issue 57 in a real browser: the school's manager connects a SAML provider on /school, and a
 * teacher signs in with it from /auth ("Sign in with your school"). The provider is a page on
 * http://localhost while the app is on http://127.0.0.1: another site, so its answer reaches the
 * ACS as a cross-site form POST that carries no SameSite=Lax cookie; the sign-in only works
 * because the flow's own cookie is SameSite=None; Secure (accepted from loopback http).
 */
describe.skipIf(!enabled)('school SAML sign-in in a real browser', () => {
  let app: RunningApp;
  let idpServer: Server;
  let idp: TestSamlIdp;
  let browser: Awaited<ReturnType<typeof browserSession>>;
  const freshPage = (viewport = DESKTOP) => browser.page(viewport);

  beforeAll(async () => {
    // The provider's two pages: its sign-in form (GET /sso, the AuthnRequest in the query) and
    // its answer (POST /login): a form that posts the signed Response to the ACS.
    idpServer = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      if (request.method === 'GET' && url.pathname === '/sso') {
        const authn = idp.readRequest(`${idp.ssoUrl}${url.search}`);
        response.end(
          `<!doctype html><html lang="en"><title>Test SAML provider</title><main><h1>Sign in to the test SAML provider</h1>` +
            `<form method="post" action="/login"><label>Email <input name="email" type="email"></label>` +
            `<input type="hidden" name="request" value="${escape(JSON.stringify(authn))}"><button>Sign in</button></form></main></html>`,
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/login') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        request.on('end', () => {
          const fields = new URLSearchParams(body);
          const authn = JSON.parse(fields.get('request')!);
          const email = fields.get('email')!;
          const SAMLResponse = idp.respond(authn, { nameId: email, attributes: { givenName: 'Sam', sn: 'Teacher' } });
          response.end(
            `<!doctype html><html lang="en"><title>Test SAML provider</title><main><h1>Signed in as ${escape(email)}</h1>` +
              `<form method="post" action="${escape(authn.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${SAMLResponse}">` +
              `<input type="hidden" name="RelayState" value="${escape(authn.relayState)}"><button>Continue to Atrium</button></form></main></html>`,
          );
        });
        return;
      }
      response.statusCode = 404;
      response.end('not found');
    });
    await new Promise<void>((done) => idpServer.listen(0, '127.0.0.1', done));
    idp = new TestSamlIdp(`http://localhost:${(idpServer.address() as AddressInfo).port}/sso`);
    app = await startApp();
    browser = await browserSession();
    const seeded = await seedLicensedSchool(app, { name: 'Birchwood Academy', manager: MANAGER, courseIds: [] });
    const now = Date.now();
    await app
      .db('schoolDomains')
      .insert({ schoolId: seeded.schoolId, domain: DOMAIN, verifiedDomain: DOMAIN, verifiedAt: now, proof: 'admin', createdAt: now });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await new Promise((done) => idpServer?.close(done));
  });

  it('the manager connects the provider on /school and sees what to give IT', async () => {
    const page = await freshPage();
    await signInWithForm(page, app.url, MANAGER);
    await page.goto(`${app.url}/school`);
    const panel = page.getByRole('region', { name: /Sign-in with your school’s provider/ });
    await panel.getByRole('textbox', { name: 'Provider metadata (XML)' }).fill(idp.metadataXml());
    await panel.getByRole('button', { name: 'Connect' }).click();
    await toast(page, 'Provider connected');
    await panel.getByText('Connected', { exact: true }).waitFor();
    await panel.getByText(/\/api\/auth\/sso\/\d+\/acs$/).waitFor();
    await expectAccessible(page, 'school with its provider');
    await partScreenshot(panel, 'school-saml-manager');
    for (const viewport of [PHONE, NARROW]) {
      await page.setViewportSize(viewport);
      await panel.scrollIntoViewIfNeeded();
      await partScreenshot(panel, 'school-saml-manager');
    }
  });

  it('the manager runs a test sign-in (staying themself), then requires the provider', async () => {
    const page = await freshPage();
    await signInWithForm(page, app.url, MANAGER);
    await page.goto(`${app.url}/school`);
    const panel = page.getByRole('region', { name: /Sign-in with your school’s provider/ });
    await panel.getByText('Not tested since these settings were saved.').waitFor();
    const requireBox = panel.getByRole('checkbox', { name: /Staff must sign in with the school’s provider/ });
    expect(await requireBox.isDisabled()).toBe(true);
    await panel.getByRole('link', { name: 'Test sign-in' }).click();
    await page.getByRole('heading', { name: 'Sign in to the test SAML provider' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(`it-check@${DOMAIN}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue to Atrium' }).click();
    await page.waitForURL(/\/school\?ssoTest=passed$/);
    const result = panel.getByRole('status').filter({ hasText: 'Passed' });
    await result.getByText(`your provider signed in Sam Teacher, it-check@${DOMAIN}`, { exact: false }).waitFor();
    // Nobody was signed in by the test, and no account was made for the tested address.
    expect(
      await app
        .db('users')
        .where({ email: `it-check@${DOMAIN}` })
        .first(),
    ).toBeUndefined();
    await requireBox.check();
    await toast(page, 'Staff now sign in with your provider');
    expect(await requireBox.isChecked()).toBe(true);
    await expectAccessible(page, 'school provider tested and required');
    for (const viewport of [DESKTOP, PHONE, NARROW]) {
      await page.setViewportSize(viewport);
      await result.scrollIntoViewIfNeeded();
      await viewportScreenshot(page, 'school-saml-required');
    }
  });

  it('a teacher signs in with the school from /auth, through a cross-site provider', async () => {
    for (const viewport of [DESKTOP, PHONE, NARROW]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/auth`);
      await page.getByRole('button', { name: 'Sign in with your school' }).first().click();
      const form = page.getByRole('form', { name: 'Sign in with your school' }).first();
      const email = `teacher-${viewport.width}@${DOMAIN}`;
      await form.getByRole('textbox', { name: 'Your work e-mail address' }).fill(email);
      await expectAccessible(page, 'auth with school sign-in');
      await screenshot(page, 'school-saml-auth');
      await form.getByRole('button', { name: 'Continue to your school’s sign-in' }).click();
      await page.getByRole('heading', { name: 'Sign in to the test SAML provider' }).waitFor();
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Continue to Atrium' }).click();
      await page.getByRole('heading', { name: /^Welcome(?: back)?, Sam!$/ }).waitFor();
      await screenshot(page, 'school-saml-signed-in');
      const user = await app.db('users').where({ email }).first();
      expect(await app.db('schoolMembers').where({ userId: user!.id }).first()).toBeDefined();
    }
  });

  it('with the provider required, a password sign-in is sent on to it with the address', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/auth`);
      const login = page.getByRole('form', { name: 'Login' });
      await login.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
      await login.getByLabel('Password', { exact: true }).fill(MANAGER.password);
      await login.getByRole('button', { name: 'Sign In' }).click();
      await login.getByRole('alert').filter({ hasText: 'Your school signs its staff in with its own sign-in.' }).waitFor();
      await expectAccessible(page, 'password refused for a required school sign-in');
      await screenshot(page, 'school-saml-password-refused');
      await login.getByRole('link', { name: 'Continue to your school’s sign-in' }).click();
      await page.getByRole('heading', { name: 'Sign in to the test SAML provider' }).waitFor();
      await page.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Continue to Atrium' }).click();
      await page.getByRole('heading', { name: /^Welcome(?: back)?, / }).waitFor();
    }
  });

  it('an address with no school provider comes back to /auth with the sentence', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/auth`);
    await page.getByRole('button', { name: 'Sign in with your school' }).first().click();
    const form = page.getByRole('form', { name: 'Sign in with your school' }).first();
    await form.getByRole('textbox', { name: 'Your work e-mail address' }).fill('someone@elsewhere.example');
    await form.getByRole('button', { name: 'Continue to your school’s sign-in' }).click();
    await page.getByText('We found no school sign-in for that address.').first().waitFor();
    expect(browser.errors).toEqual([]);
  });
});
