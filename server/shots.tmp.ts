import { chromium } from 'playwright-core';
import { CHROMIUM_OFFLINE_FLAGS } from '../e2e/support/chromiumFlags.ts';
import { createTestServer } from './src/test/server.ts';

const server = await createTestServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_OFFLINE_FLAGS] });
for (const width of [1280, 390, 320]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/docs/api#tag/auth/operation/post_api_login`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/apidrift-shots/login-${width}.png` });
  await page.goto(`${server.url}/docs/api#tag/courses/operation/get_api_courses_id`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/apidrift-shots/course-${width}.png` });
  console.log(width, errors.slice(0, 5));
  await page.close();
}
await browser.close();
await server.close();
