import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { CertificateListItemDto, CourseDetailDto, ModuleDto } from '@atrium/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, SCREENSHOT_DIR } from './support/browser.ts';

const enabled = portalSuiteCanRun('credentials');

/** Issue 29: certificates as signed Open Badges 3.0 credentials anyone can check. */
describe.skipIf(!enabled)('verifiable credentials (issue 29)', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  let course: CourseDetailDto;
  let valid: string;
  let revoked: string;
  let validJwt: string;
  let revokedJwt: string;

  async function freshPage(viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser.browser, viewport);
    contexts.push(context);
    return context.newPage();
  }

  /** A learner finishes the course through the API, as the module page would report it. */
  async function earnCertificate(email: string, firstName: string, lastName: string): Promise<string> {
    const learnerApi = await signedInClient(app.url, { email, password: 'a-good-password' }, { firstName, lastName });
    await learnerApi('POST', '/api/enrollments', { courseId: course.id });
    for (const module of course.modules as ModuleDto[]) {
      await learnerApi('POST', '/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: module.duration, isCompleted: true });
    }
    const [certificate] = await learnerApi<CertificateListItemDto[]>('GET', '/api/certificates');
    return certificate!.certificateNumber;
  }

  const credential = async (number: string) => {
    const response = await fetch(`${app.url}/api/certificates/${number}/credential`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const adminApi = await signedInClient(app.url, app.admin);
    const created = await adminApi<CourseDetailDto>('POST', '/api/courses', {
      title: 'Photos Without Faces',
      description: 'Telling a school story without identifying children.',
      price: 0,
    });
    await adminApi<ModuleDto>('POST', '/api/modules', {
      title: 'Hands, shadows and backs',
      description: 'Part 1.',
      vimeoVideoId: '76979871',
      duration: 60,
      courseId: created.id,
      orderIndex: 1,
    });
    course = await adminApi<CourseDetailDto>('GET', `/api/courses/${created.id}`);
    const stamp = Date.now();
    valid = await earnCertificate(`valid-${stamp}@school.test`, 'Nia', 'Okafor');
    revoked = await earnCertificate(`revoked-${stamp}@school.test`, 'Tom', 'Hale');
    validJwt = await credential(valid);
    revokedJwt = await credential(revoked);
    await adminApi('POST', `/api/admin/certificates/${revoked}/revoke`);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('the certificate page links to LinkedIn with the certificate filled in, offers the credential and prints a QR code of the verify link', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await freshPage(viewport);
      await page.goto(`${app.url}/certificate/${valid}`);
      const linkedIn = page.getByRole('link', { name: 'Add to LinkedIn' });
      await linkedIn.waitFor();
      const href = new URL((await linkedIn.getAttribute('href'))!);
      expect(`${href.origin}${href.pathname}`).toBe('https://www.linkedin.com/profile/add');
      const issued = new Date();
      expect(Object.fromEntries(href.searchParams)).toEqual({
        startTask: 'CERTIFICATION_NAME',
        name: 'Photos Without Faces',
        organizationName: 'Atrium School Marketing',
        issueYear: String(issued.getUTCFullYear()),
        issueMonth: String(issued.getUTCMonth() + 1),
        certUrl: `${app.url}/certificate/${valid}`,
        certId: valid,
      });
      expect(await linkedIn.getAttribute('target')).toBe('_blank');

      const qr = page.getByRole('img', { name: /QR code/ });
      expect(await qr.getAttribute('data-qr-value')).toBe(`${app.url}/verify?number=${valid}`);
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThan(60);
      expect(await page.getByText('Digitally signed: an Open Badges 3.0 credential').isVisible()).toBe(true);

      // The download is the signed credential itself.
      const download = page.getByRole('link', { name: 'Download credential' });
      const downloaded = await page.evaluate(async (path) => (await fetch(path!)).text(), await download.getAttribute('href'));
      expect(downloaded.split('.')).toHaveLength(3);
      expect(JSON.parse(Buffer.from(downloaded.split('.')[1]!, 'base64url').toString()).credentialSubject.achievement.name).toBe('Photos Without Faces');
      await screenshot(page, 'credential-certificate');
      await expectAccessible(page, `/certificate/:number at ${viewport.width}px`);
    }

    // Printed, it stays one A4 page with the QR code on it.
    const page = await freshPage();
    await page.goto(`${app.url}/certificate/${valid}`);
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const pdf = await page.pdf({ path: join(SCREENSHOT_DIR, 'credential-certificate-print.pdf'), preferCSSPageSize: true, printBackground: true });
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    expect(document.numPages).toBe(1);
    const text = (await (await document.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('Digitally signed');
    expect(text).toContain(valid);
  });

  it('/verify says valid, revoked or altered for a dropped or pasted credential, and follows the QR code link', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/verify`);
    await page.getByRole('heading', { level: 1, name: 'Verify a certificate' }).waitFor();
    await screenshot(page, 'verify-empty');
    await expectAccessible(page, '/verify');

    const verdict = page.locator('[data-verdict]');
    await page.getByLabel('Credential file').setInputFiles({ name: `${valid}.jwt`, mimeType: 'application/vc+jwt', buffer: Buffer.from(validJwt) });
    await page.locator('[data-verdict="valid"]').waitFor();
    expect(await verdict.getByRole('heading').textContent()).toBe('Valid');
    expect(await verdict.locator('[data-field="achievement"]').textContent()).toBe('Photos Without Faces');
    expect(await verdict.locator('[data-field="learner"]').textContent()).toBe('Nia Okafor');
    await screenshot(page, 'verify-valid');
    await expectAccessible(page, '/verify with a valid credential');

    await page.getByLabel('Paste a credential').fill(revokedJwt);
    await page.getByRole('button', { name: 'Check credential' }).click();
    await page.locator('[data-verdict="revoked"]').waitFor();
    expect(await verdict.locator('[data-field="learner"]').textContent()).toBe('Tom Hale');
    await screenshot(page, 'verify-revoked');

    const [header, payload, signature] = validJwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.credentialSubject.identifier.find((identifier: { identityType: string }) => identifier.identityType === 'name').identityHash = 'Someone Else';
    const altered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await page.getByLabel('Paste a credential').fill(altered);
    await page.getByRole('button', { name: 'Check credential' }).click();
    await page.locator('[data-verdict="altered"]').waitFor();
    expect(await page.getByText('Someone Else').count()).toBe(0);
    await screenshot(page, 'verify-altered');

    // Without our published keys nothing can be said: the page says so rather than guessing.
    const offline = await freshPage(PHONE);
    await offline.route('**/.well-known/jwks.json', (route) => route.abort());
    await offline.goto(`${app.url}/verify`);
    await offline.getByLabel('Paste a credential').fill(validJwt);
    await offline.getByRole('button', { name: 'Check credential' }).click();
    await offline.locator('[data-verdict="unavailable"]').waitFor();
    await screenshot(offline, 'verify-unavailable');

    const phone = await freshPage(PHONE);
    await phone.goto(`${app.url}/verify?number=${valid}`);
    await phone.locator('[data-verdict="valid"]').waitFor();
    await screenshot(phone, 'verify-valid');
    await phone.goto(`${app.url}/verify?number=${revoked}`);
    await phone.locator('[data-verdict="number_revoked"]').waitFor();
    await screenshot(phone, 'verify-revoked-number');
  });

  it('the badge widget shows Verified, Revoked and Could not verify on an example page', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/examples/staff-credentials.html?revoked=${revoked}`);
    const badges = page.locator('atrium-certificate-badge');
    await badges.nth(0).locator('[part="badge"][data-status="valid"]').waitFor();
    expect(await badges.nth(0).locator('[part="status"]').textContent()).toBe('Verified certificate');
    await badges.nth(1).locator('[part="badge"][data-status="revoked"]').waitFor();
    expect(await badges.nth(1).locator('[part="status"]').textContent()).toBe('Revoked');
    await badges.nth(2).locator('[part="badge"][data-status="not_found"]').waitFor();
    expect(await badges.nth(2).locator('[part="status"]').textContent()).toBe('Could not verify');
    await screenshot(page, 'badge-states');

    // A credential changed on its way to the browser fails the signature check there.
    const tampered = await freshPage(PHONE);
    await tampered.route('**/api/certificates/*/credential', async (route) => {
      const response = await route.fetch();
      // The made-up number the page starts with may be asked for first: its 404 passes as it is.
      if (response.status() !== 200) return route.fulfill({ response });
      const [header, payload, signature] = (await response.text()).split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      claims.credentialSubject.achievement.name = 'A Course Never Taken';
      await route.fulfill({ response, body: `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}` });
    });
    await tampered.goto(`${app.url}/examples/staff-credentials.html?unknown=${valid}`);
    const badge = tampered.locator('atrium-certificate-badge').nth(2);
    await badge.locator('[part="badge"][data-status="unverified"]').waitFor();
    expect(await badge.locator('[part="status"]').textContent()).toBe('Could not verify');
    expect(await tampered.getByText('A Course Never Taken').count()).toBe(0);
    await screenshot(tampered, 'badge-states');

    // The issuer out of reach: the badge says it could not verify, and offers to try again.
    const cutOff = await freshPage();
    await cutOff.route('**/api/certificates/*/credential', (route) => route.abort());
    await cutOff.goto(`${app.url}/examples/staff-credentials.html`);
    const first = cutOff.locator('atrium-certificate-badge').first();
    await first.locator('[part="badge"][data-status="error"]').waitFor();
    expect(await first.locator('[part="status"]').textContent()).toBe('Could not verify');
    expect(await first.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await screenshot(cutOff, 'badge-unreachable');
  });
});
