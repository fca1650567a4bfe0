import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingContent } from '../portal/src/content/landing.ts';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, landingHydrated, launchBrowser, newContext, partScreenshot, PHONE, screenshot, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('landingEarly');

/**
 * A slow phone with the app on its way: the CPU slowed 4× (as Lighthouse's mobile run) and every
 * script of the page held back until `release()`, so whatever is clicked meanwhile is clicked
 * before React has hydrated anything. `problems` collects console errors and warnings, and
 * uncaught errors (a hydration mismatch among them).
 */
async function slowPhoneBeforeTheApp(page: Page): Promise<{ release: () => void; problems: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { release, problems };
}

/** True while React has not adopted the server's markup (no fiber on the FAQ's questions). */
const notHydrated = (page: Page) =>
  page.evaluate(() => {
    const question = document.querySelector('#faq summary');
    return !!question && !Object.keys(question).some((key) => key.startsWith('__reactFiber$'));
  });

const question = (page: Page, text: string) => page.locator('#faq summary', { hasText: text });
const answerShown = (page: Page, text: string) => page.locator('#faq').getByText(text).isVisible();

/** Issue 53: the server-drawn landing page's controls work from its first paint, before the app hydrates it. */
describe.skipIf(!enabled)('the landing page before its app has loaded', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  const [first, second] = landingContent.faq.items.filter((item) => item.topic !== 'pricing');

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`opens FAQ answers, leads the chat button to the contact form, takes a currency and a message before hydration, and hydration keeps them (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      const { release, problems } = await slowPhoneBeforeTheApp(page);
      await page.goto(`${app.url}/`, { waitUntil: 'commit', timeout: 90_000 });
      await page.locator('footer').waitFor();
      expect(await notHydrated(page)).toBe(true);

      // One question at a time, each opening and closing from the HTML alone.
      await question(page, first!.question).click();
      await expect.poll(() => answerShown(page, first!.answer)).toBe(true);
      await question(page, second!.question).click();
      await expect.poll(() => answerShown(page, second!.answer)).toBe(true);
      expect(await answerShown(page, first!.answer)).toBe(false);
      await question(page, second!.question).click();
      await expect.poll(() => answerShown(page, second!.answer)).toBe(false);
      await question(page, first!.question).click();
      await expect.poll(() => answerShown(page, first!.answer)).toBe(true);
      await screenshot(page, 'landing-early-faq');

      // The chat button is a link to the contact form until the app can open the chat.
      await page.getByRole('link', { name: 'Contact us' }).click();
      // 'commit': with its scripts held back the page never reaches its load event.
      await page.waitForURL('**/#contact', { waitUntil: 'commit' });
      await expect.poll(() => page.getByRole('heading', { level: 2, name: landingContent.contact.heading }).isVisible()).toBe(true);
      await screenshot(page, 'landing-early-chat-to-contact');

      // A currency chosen now: the prices follow it once the app is there to ask for them.
      const switcher = page.getByTestId('currency-switcher');
      const other = (await switcher.inputValue()) === 'USD' ? 'GBP' : 'USD';
      await switcher.selectOption(other);

      // A message typed now and sent once the app is there: nothing typed is lost.
      const contact = page.locator('form[action="/contact"]');
      const email = `early-${viewport.width}@riverside.test`;
      await contact.getByLabel('Name').fill('Amara Obi');
      await contact.getByLabel('Email').fill(email);
      await contact.getByLabel('Message').fill('Typed while the page was loading, sent after.');
      expect(await notHydrated(page), 'the clicks above were made before hydration').toBe(true);

      // The app arrives: nothing clicked is lost, nothing mismatches, and the chat button opens the chat.
      release();
      await landingHydrated(page);
      await page.waitForLoadState('networkidle');
      expect(problems, 'console errors or warnings while hydrating').toEqual([]);
      expect(await answerShown(page, first!.answer)).toBe(true);
      const symbol = other === 'USD' ? '$' : '£';
      await expect.poll(() => page.locator('[part="card-price"]').first().textContent()).toContain(symbol);
      expect(await switcher.inputValue()).toBe(other);
      await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'atrium_currency')?.value).toBe(other);
      expect(await contact.getByLabel('Message').inputValue()).toBe('Typed while the page was loading, sent after.');
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await toast(page, 'Message sent!');
      const stored = await app.db('contact_messages').where({ email }).first();
      expect(stored).toMatchObject({ name: 'Amara Obi', message: 'Typed while the page was loading, sent after.' });
      const launcher = page.getByRole('button', { name: 'Open support chat' });
      await launcher.click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Support chat' }).isVisible()).toBe(true);
      await context.close();
    });
  }

  it('sends the contact form before hydration and says "Message sent!" on the landing page, as it does after (390 px, then 1280 px)', async () => {
    const context = await newContext(browser.browser, PHONE);
    const page = await context.newPage();
    const { release, problems } = await slowPhoneBeforeTheApp(page);
    await page.goto(`${app.url}/`, { waitUntil: 'commit', timeout: 90_000 });
    await page.locator('footer').waitFor();

    const form = page.locator('form[action="/contact"]');
    await form.getByLabel('Name').fill('Amara Obi');
    await form.getByLabel('Email').fill('amara@riverside.test');
    await form.getByLabel('Message').fill('Before the page had finished loading: can we pay by invoice?');
    expect(await notHydrated(page)).toBe(true);
    await form.getByRole('button', { name: 'Send Message' }).click();

    // The landing page again, at its contact section, saying so (still before any script).
    await page.waitForURL(`${app.url}/?sent=1#contact`, { waitUntil: 'commit', timeout: 90_000 });
    await page.locator('footer').waitFor();
    const sent = page.getByRole('status').filter({ hasText: landingContent.contact.sent.title });
    await expect.poll(() => sent.isVisible()).toBe(true);
    expect(await sent.textContent()).toBe(`${landingContent.contact.sent.title} ${landingContent.contact.sent.body}`);
    expect(await notHydrated(page)).toBe(true);
    await screenshot(page, 'landing-early-message-sent');

    const admin = await signedInClient(app.url, app.admin);
    const inbox = await admin<Array<{ email: string; message: string; source: string }>>('GET', '/api/admin/contact-messages');
    expect(inbox.find((message) => message.email === 'amara@riverside.test')).toMatchObject({ source: 'landing' });

    // Hydrated, the page is the same one and the confirmation stays.
    release();
    await landingHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(problems, 'console errors or warnings while hydrating').toEqual([]);
    expect(await sent.isVisible()).toBe(true);
    await expectAccessible(page, 'landing page after the contact form’s plain post (390 px)');

    // Sent with the app, the same words, as its toast.
    await form.getByLabel('Name').fill('Amara Obi');
    await form.getByLabel('Email').fill('amara@riverside.test');
    await form.getByLabel('Message').fill('And a second question, with the app loaded.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent!');
    expect(page.url()).toBe(`${app.url}/?sent=1#contact`);

    for (const width of [DESKTOP.width, 320]) {
      await page.setViewportSize({ width, height: width === 320 ? 640 : DESKTOP.height });
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await partScreenshot(page.locator('#contact'), 'landing-early-message-sent-section');
    }
    await context.close();
  });
});
