import type { CourseDetailDto, ModuleDto, UserDto } from '@atrium/common';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signInWithForm, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('captions');

const VTT = [
  'WEBVTT',
  '',
  '00:00:01.000 --> 00:00:06.000',
  'Welcome to the staff room.',
  '',
  '00:00:06.500 --> 00:00:10.000',
  'Good light makes a calm classroom.',
  '',
  '00:00:20.000 --> 00:00:24.000',
  'Light the board, not the eyes.',
  '',
].join('\n');

/**
 * Stands in for player.vimeo.com (which the test machine cannot reach): the oEmbed answer and a
 * player page that speaks @vimeo/player's postMessage protocol. It reports 3 s played once the
 * page listens for `timeupdate`, and shows each seek it is asked for, so the test can read it.
 */
const FAKE_PLAYER_PAGE = `<!doctype html><html lang="en"><body style="margin:0;background:#111;color:#fff;font:16px sans-serif"><p id="state">Fake Vimeo player</p><script>
const send = (message) => parent.postMessage(JSON.stringify(message), '*');
let seconds = 3;
const listening = new Set();
const tell = (event) => { if (listening.has(event)) send({ event, data: { seconds, percent: seconds / 200, duration: 200 } }); };
addEventListener('message', (event) => {
  const data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
  if (!data || !data.method) return;
  if (data.method === 'addEventListener') { listening.add(data.value); if (data.value === 'timeupdate') tell('timeupdate'); return; }
  if (data.method === 'setCurrentTime') {
    seconds = data.value;
    document.getElementById('state').textContent = 'Seeked to ' + seconds;
    send({ method: 'setCurrentTime', value: seconds });
    tell('seeked'); tell('timeupdate');
    return;
  }
  if (data.method === 'getDuration') return send({ method: 'getDuration', value: 200 });
  if (data.method === 'ping') return send({ method: 'ping' });
  send({ method: data.method, value: null });
});
send({ event: 'ready' });
</script></body></html>`;

async function fakeVimeo(page: Page): Promise<void> {
  await page.route('https://vimeo.com/api/oembed.json**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({
        type: 'video',
        version: '1.0',
        width: 640,
        height: 360,
        video_id: 76979871,
        html: '<iframe src="https://player.vimeo.com/video/76979871?fake=1" width="640" height="360" frameborder="0" allow="autoplay; fullscreen" title="Fake"></iframe>',
      }),
    }),
  );
  await page.route('https://player.vimeo.com/**', (route) => route.fulfill({ contentType: 'text/html', body: FAKE_PLAYER_PAGE }));
}

async function register(baseUrl: string, person: { email: string; password: string; firstName: string; lastName: string }): Promise<UserDto> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as UserDto;
}

describe.skipIf(!enabled)('captions and the transcript in a real browser', () => {
  let app: RunningApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let course: CourseDetailDto;
  let module: ModuleDto;
  const learner = { email: `viewer-${Date.now()}@school.test`, password: 'viewer-password-1', firstName: 'Jo', lastName: 'Lindqvist' };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const adminApi = await signedInClient(app.url, app.admin);
    course = await adminApi<CourseDetailDto>('POST', '/api/courses', { title: 'Classroom Lighting', description: 'Light for learning', price: 0 });
    module = await adminApi<ModuleDto>('POST', '/api/modules', {
      title: 'Lighting basics',
      description: '',
      vimeoVideoId: '76979871',
      duration: 200,
      courseId: course.id,
      orderIndex: 1,
    });
    await register(app.url, learner);
    const learnerApi = await signedInClient(app.url, learner);
    await learnerApi('POST', '/api/enrollments', { courseId: course.id });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an admin uploads a caption track on the module form, and a refused file names its line', async () => {
    const context = await newContext(browser.browser, DESKTOP);
    const page = await context.newPage();
    await signInWithForm(page, app.url, app.admin);
    await page.goto(`${app.url}/admin/courses/${course.id}`);
    await page.getByRole('button', { name: 'Edit Lighting basics' }).click();
    const upload = page.getByRole('form', { name: 'Upload captions for Lighting basics' });
    await upload.getByRole('textbox', { name: 'Language code' }).fill('en-gb');
    await upload.getByRole('textbox', { name: 'Label' }).fill('English');
    await upload
      .getByLabel('Caption file')
      .setInputFiles({ name: 'bad.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00:09.000 --> 00:00:04.000\nBackwards\n') });
    await upload.getByRole('button', { name: 'Upload captions' }).click();
    await upload.getByText('Line 3: the cue ends before it starts').waitFor();

    await upload.getByLabel('Caption file').setInputFiles({ name: 'lighting.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
    await upload.getByRole('button', { name: 'Upload captions' }).click();
    await toast(page, 'Captions saved');
    const tracks = page.getByRole('list', { name: 'Caption tracks of Lighting basics' });
    await tracks.getByText('3 cues').waitFor();
    await page.getByRole('list', { name: 'First cues of English' }).getByText('Good light makes a calm classroom.').waitFor();
    await screenshot(page, 'captions-01-admin-upload');
    await expectAccessible(page, 'admin captions');
    await context.close();
  });

  // Each run sets its own resume point through the API (the module opens there), so neither
  // depends on what the other saved or on when its last progress report arrived.
  for (const [viewport, resumeAt, resumedCue, clickedCue, seekTo] of [
    [DESKTOP, 1, 'Welcome to the staff room.', /Light the board, not the eyes/, '20'],
    [PHONE, 20, 'Light the board, not the eyes.', /Good light makes a calm classroom/, '6.5'],
  ] as const) {
    it(`a learner turns captions on, searches the transcript and clicks a cue to seek (${viewport.width} px)`, async () => {
      const context = await newContext(browser.browser, viewport);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await fakeVimeo(page);
      const learnerApi = await signedInClient(app.url, learner);
      await learnerApi('POST', '/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: 0, position: resumeAt });
      // The CC choice is kept with the account: the desktop run starts with it off and turns it on;
      // the phone run opens after another device saved it on, as a staff-room computer would.
      await learnerApi('PUT', '/api/user/caption-preferences', { on: viewport !== DESKTOP });
      await signInWithForm(page, app.url, learner);
      await page.goto(`${app.url}/courses/${course.id}/modules/${module.id}`);
      const transcript = page.getByRole('region', { name: 'Transcript' });
      await transcript.waitFor();
      await expect.poll(() => transcript.locator('[aria-current="true"]').textContent()).toContain(resumedCue);

      const cc = transcript.getByRole('button', { name: /CC/ });
      if (viewport === DESKTOP) {
        await expect.poll(() => cc.getAttribute('aria-pressed')).toBe('false');
        await cc.click();
        await expect.poll(() => learnerApi<{ on: boolean }>('GET', '/api/user/caption-preferences').then((saved) => saved.on)).toBe(true);
      } else {
        await expect.poll(() => cc.getAttribute('aria-pressed')).toBe('true');
      }
      await page.getByTestId('caption-overlay').getByText(resumedCue).waitFor();

      await transcript.getByRole('searchbox', { name: 'Search the transcript' }).fill('light');
      await transcript.getByText('Match 1 of 2').waitFor();
      await transcript.getByRole('button', { name: 'Next match' }).click();
      await transcript.getByText('Match 2 of 2').waitFor();
      await screenshot(page, `captions-02-learner-${viewport.width}`);
      await expectAccessible(page, `module with transcript (${viewport.width} px)`);

      await transcript.getByRole('button', { name: clickedCue }).click();
      await page.frameLocator('iframe').getByText(`Seeked to ${seekTo}`).waitFor();
      await expect.poll(() => transcript.locator('[aria-current="true"]').textContent()).toMatch(clickedCue);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  // Issue 53 #2: the transcript's toolbar made the module 540 px wide on a 390 px phone.
  for (const width of [320, 390]) {
    it(`the module with its transcript fits a ${width} px screen: no sideways scrolling`, async () => {
      const context = await newContext(browser.browser, { width, height: 800 });
      const page = await context.newPage();
      await fakeVimeo(page);
      await signInWithForm(page, app.url, learner);
      await page.goto(`${app.url}/courses/${course.id}/modules/${module.id}`);
      await page.getByRole('region', { name: 'Transcript' }).waitFor();
      await page.getByRole('region', { name: 'Transcript' }).getByRole('searchbox', { name: 'Search the transcript' }).fill('light');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await screenshot(page, `captions-03-module-${width}`);
      expect(overflow).toBe(0);
      await context.close();
    });
  }
});
