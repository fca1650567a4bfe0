import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseSummaryDto } from '@atrium/common';
import { invoiceFigures } from '@atrium/common/rules/tax';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../server/src/test/pdfText.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import {
  answered,
  appReady,
  DESKTOP,
  launchBrowser,
  newContext,
  partScreenshot,
  PHONE,
  screenshot,
  SCREENSHOT_DIR,
  viewportScreenshot,
} from './support/browser.ts';

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const enabled = portalSuiteCanRun('currency and invoices');
const PASSWORD = 'a-good-password';

async function signInAs(page: Page, app: RunningApp, email: string, password: string) {
  await page.goto(app.url + '/auth');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** The grid's price of a course on the landing page, as shown. */
const gridPrice = (page: Page, course: CourseSummaryDto) => page.locator(`[data-course-id="${course.id}"] [part="card-price"]`).textContent();

describe.skipIf(!enabled)("prices in the visitor's currency, and an invoice a school can pay", () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseSummaryDto;

  beforeAll(async () => {
    app = await startApp({
      INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd',
      INVOICE_SELLER_ADDRESS: '12 Market Street\\nBristol BS1 4DJ\\nUnited Kingdom',
      INVOICE_SELLER_VAT_NUMBER: 'GB123456789',
      INVOICE_PAYMENT_DETAILS: 'Bank transfer: Atrium School Marketing Ltd, sort code 12-34-56, account 12345678',
    });
    browser = await launchBrowser();
    const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as CourseSummaryDto[];
    course = courses.find((c) => c.prices?.USD !== undefined && c.price > 0)!;
    expect(course).toBeTruthy();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`a US visitor sees dollars, switches to pounds, requests an invoice; the admin issues it and the PDF opens (${viewport.width} px)`, async () => {
      const contexts: BrowserContext[] = [];
      try {
        const visitor = await newContext(browser.browser, viewport, { locale: 'en-US', timezoneId: 'America/Chicago' });
        contexts.push(visitor);
        const page = await visitor.newPage();
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));

        // Landing page: dollars, from the browser's en-US.
        await page.goto(app.url + '/');
        await page.locator(`[data-course-id="${course.id}"]`).waitFor();
        await expect.poll(() => gridPrice(page, course)).toBe(`$${(course.prices!.USD! / 100).toFixed(2)}`);
        await expect(page.getByTestId('currency-switcher').inputValue()).resolves.toBe('USD');
        await page.locator('#courses').scrollIntoViewIfNeeded();
        await screenshot(page, 'currency-01-landing-dollars');
        await page.evaluate(() => window.scrollTo(0, 0));
        await viewportScreenshot(page, 'currency-01b-header');
        await partScreenshot(page.locator('#courses'), 'currency-01c-grid-dollars');

        // The switcher: pounds, kept in a cookie.
        // The grid shows the choice at once; the cookie comes with the server's answer.
        // The server drew the landing page: the switcher works once the app owns it.
        await appReady(page);
        const chosen = answered(page, 'PUT', '/api/currency');
        await page.getByTestId('currency-switcher').selectOption('GBP');
        await expect.poll(() => gridPrice(page, course)).toBe(`£${(course.price / 100).toFixed(2)}`);
        await chosen;
        expect((await visitor.cookies()).find((cookie) => cookie.name === 'atrium_currency')?.value).toBe('GBP');
        await page.reload();
        await expect.poll(() => gridPrice(page, course)).toBe(`£${(course.price / 100).toFixed(2)}`);
        await screenshot(page, 'currency-02-landing-pounds');
        await expectAccessible(page, 'landing page with the currency switcher');

        // Register, then request an invoice for a school, in pounds.
        const email = `bursar-${viewport.width}-${Date.now()}@school.test`;
        const registered = await fetch(`${app.url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.url },
          body: JSON.stringify({ email, password: PASSWORD, firstName: 'Pat', lastName: 'Reyes' }),
        });
        expect(registered.status).toBeLessThan(300);
        // Invoice requests need a confirmed address (issue 50 #1): this buyer has opened the link.
        await app.db('users').where({ email }).update({ emailVerifiedAt: Date.now() });
        await signInAs(page, app, email, PASSWORD);
        await page.goto(`${app.url}/checkout/${course.id}`);
        await page.getByRole('heading', { level: 1, name: 'Purchase Course' }).waitFor();
        await page
          .getByRole('region', { name: 'Order summary' })
          .getByText(`£${(course.price / 100).toFixed(2)}`)
          .waitFor();
        // The invoice panel opens closed (a button) or already open (its form): wait for either.
        const request = page.getByRole('button', { name: 'Request an invoice' });
        const schoolName = page.getByRole('textbox', { name: /School or organisation|Name of the new school/ });
        await request.or(schoolName).first().waitFor();
        if (await request.isVisible()) await request.click();
        await schoolName.fill('Hill Primary School');
        await page.getByRole('textbox', { name: /Billing e-mail/ }).fill('finance@hill.sch.uk');
        await page.getByRole('textbox', { name: /Purchase order number/ }).fill('PO-2026-17');
        await page.getByRole('combobox', { name: /Country/ }).selectOption('GB');
        await page.getByRole('textbox', { name: /Billing address/ }).fill('Hill Primary School\nHill Road\nYork YO1 7HH');
        // Before committing, a UK school reads the price before VAT, the VAT and the total the invoice will carry.
        const ukTotal = `£${(invoiceFigures(course.price, null, 'GB', null).gross / 100).toFixed(2)}`;
        const summary = page.getByRole('region', { name: 'Order summary' });
        await summary.getByText('Price, before VAT').waitFor();
        await expect(summary.locator('dt', { hasText: 'Total on the invoice' }).locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe(ukTotal);
        await screenshot(page, 'currency-03-invoice-form');
        await page.getByRole('button', { name: `Request an invoice for ${ukTotal}` }).click();
        await page.getByRole('heading', { name: 'Invoice requested' }).waitFor();
        const order = (await app.db('orders').where({ billingEmail: 'finance@hill.sch.uk' }).orderBy('id', 'desc').first())!;
        expect(order).toMatchObject({ currency: 'gbp', amount: course.price, country: 'GB', purchaseOrderNumber: 'PO-2026-17' });

        // The admin issues the invoice: UK school, 20 % VAT, shown before it is issued.
        const adminContext = await newContext(browser.browser, viewport);
        contexts.push(adminContext);
        const admin = await adminContext.newPage();
        await signInAs(admin, app, app.admin.email, app.admin.password);
        await admin.goto(app.url + '/admin');
        const reference = `ORD-${String(order.id).padStart(6, '0')}`;
        await admin.getByRole('button', { name: `Issue invoice: order ${reference}` }).click();
        const dialog = admin.getByRole('dialog', { name: 'Issue invoice' });
        await dialog.getByText('VAT at 20%').waitFor();
        const gross = `£${((course.price * 1.2) / 100).toFixed(2)}`;
        // The invoice carries the total the buyer read at checkout.
        expect(gross).toBe(ukTotal);
        await dialog.getByText(gross).waitFor();
        await screenshot(admin, 'currency-04-issue-invoice');
        await expectAccessible(admin, 'issue invoice dialog');
        await dialog.getByRole('button', { name: 'Issue invoice' }).click();
        await admin
          .getByText(/^Invoice INV-\d{4}-\d{6} issued$/)
          .first()
          .waitFor();
        const row = admin.getByRole('list', { name: 'Invoice orders' }).getByRole('listitem').filter({ hasText: reference });
        const link = row.getByRole('link', { name: /^INV-\d{4}-\d{6} \(PDF\)$/ });
        await link.waitFor();
        const number = (await link.textContent())!.replace(' (PDF)', '');
        await admin.getByRole('list', { name: 'Sales per currency' }).getByText('GBP', { exact: true }).waitFor();
        await screenshot(admin, 'currency-05-admin-sales');
        await partScreenshot(admin.locator('[aria-labelledby="sales-title"]'), 'currency-05b-sales-panel');

        // The PDF opens: for the admin from the link, for the buyer from their checkout page.
        const href = (await link.getAttribute('href'))!;
        for (const [who, context] of [
          ['admin', adminContext],
          ['buyer', visitor],
        ] as const) {
          const response = await context.request.get(app.url + href);
          expect(response.status(), who).toBe(200);
          expect(response.headers()['content-type']).toBe('application/pdf');
          const bytes = new Uint8Array(await response.body());
          expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
          const { pages } = await readPdf(bytes);
          expect(pages[0]).toMatchObject({ width: 595, height: 842 });
          for (const text of [
            number,
            'PO-2026-17',
            'Hill Primary School',
            'VAT at 20%',
            `£${(course.price / 100).toFixed(2)}`,
            gross,
            'Atrium School Marketing Ltd',
          ]) {
            expect(pages[0]!.text, `${who}: ${text}`).toContain(text);
          }
          if (who === 'buyer' && viewport === DESKTOP) {
            mkdirSync(SCREENSHOT_DIR, { recursive: true });
            const file = join(SCREENSHOT_DIR, 'invoice.pdf');
            writeFileSync(file, bytes);
            // The document as a person sees it, for review: page 1 at 100 dpi, where poppler-utils is
            // installed (CI installs it); the assertions above read the text either way.
            if (hasPdftoppm())
              execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', file, join(SCREENSHOT_DIR, 'invoice-page1')]);
          }
        }
        await page.reload();
        await page.getByRole('link', { name: `${number} (PDF)` }).waitFor();
        await screenshot(page, 'currency-06-buyer-invoice-link');

        // The dashboard follows the header's switcher too; a course without a euro price says so.
        await page.goto(app.url + '/');
        // The server drew the dashboard: the switcher changes the prices once the app owns the page.
        await appReady(page);
        const saved = answered(page, 'PUT', '/api/currency');
        await page.getByTestId('currency-switcher').selectOption('EUR');
        await page
          .getByRole('article', { name: course.title })
          .getByText(`€${(course.prices!.EUR! / 100).toFixed(2)}`)
          .waitFor();
        await page.getByRole('article', { name: 'Running a School Podcast' }).getByText('Priced in pounds: no euro price for this course').waitFor();
        await saved;
        expect((await app.db('users').where({ email }).first())!.currency).toBe('EUR');
        await screenshot(page, 'currency-07-dashboard-euros');
        expect(pageErrors).toEqual([]);
      } catch (error) {
        for (const [index, context] of contexts.entries()) {
          for (const open of context.pages()) await screenshot(open, `currency-failed-${index}`).catch(() => undefined);
        }
        throw error;
      } finally {
        for (const context of contexts) await context.close();
      }
    });
  }
});
