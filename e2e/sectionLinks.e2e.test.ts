import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingContent } from '../portal/src/content/landing.ts';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { DESKTOP, landingHydrated, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';

const enabled = portalSuiteCanRun('sectionLinks');

/** Where a section's top sits under the header, against the `scroll-margin-top` it asks for. */
const sectionPlace = (page: Page, id: string) =>
  page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId)!;
    return { top: Math.round(section.getBoundingClientRect().top), margin: Math.round(parseFloat(getComputedStyle(section).scrollMarginTop)) };
  }, id);

/**
 * Waits until the page has stopped moving (the same scroll position for 30 frames in a row: half a
 * second on a quiet machine, longer on a busy one, whose frames come slower), then reads the
 * section's place.
 */
async function settledPlace(page: Page, id: string) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        // At most 1,200 frames (20 s quiet): a page that never settles fails on its place below.
        let frames = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          frames += 1;
          if (still >= 30 || frames >= 1200) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  return sectionPlace(page, id);
}

/**
 * The landing page's links to its own sections land on them. Its course cards are drawn only near
 * the screen, at an estimated height until then; with a catalogue of cards of several heights, a
 * jump past them used to end hundreds of pixels off the section (scenes/Landing/useSectionLinks).
 */
describe.skipIf(!enabled)('links to the landing page’s sections', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const admin = await signedInClient(app.url, app.admin);
    // Descriptions of one to eight sentences: cards of several heights, none the estimate's.
    for (let index = 1; index <= 24; index += 1) {
      const sentences = Array.from({ length: 1 + (index % 8) }, (_, n) => `Lesson plan ${n + 1} for the marketing team, with worked examples.`);
      await admin('POST', '/api/courses', { title: `Marketing workshop ${index}`, description: sentences.join(' '), price: 40 + index });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`an address ending #faq, and the hero’s “See the courses”, land on their sections (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      await page.goto(`${app.url}/#faq`);
      await landingHydrated(page);
      const arrived = await settledPlace(page, 'faq');
      expect(Math.abs(arrived.top - arrived.margin), `#faq's top at ${arrived.top} px, asked for ${arrived.margin} px`).toBeLessThanOrEqual(2);
      expect(await page.getByRole('heading', { level: 2, name: landingContent.faq.heading }).isVisible()).toBe(true);
      await screenshot(page, 'landing-arrived-at-faq');

      // Back to the top as a reader goes there (a key, which also ends the jump's following).
      await page.keyboard.press('Home');
      await settledPlace(page, 'faq');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.getByRole('main').getByRole('link', { name: landingContent.hero.secondaryCta.label }).click();
      const courses = await settledPlace(page, 'courses');
      expect(Math.abs(courses.top - courses.margin), `#courses' top at ${courses.top} px, asked for ${courses.margin} px`).toBeLessThanOrEqual(2);

      // A reader who scrolls on is left where they scrolled.
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel(0, 600);
      const after = await settledPlace(page, 'courses');
      expect(after.top).toBeLessThan(courses.top - 300);
      await context.close();
    });
  }
});
