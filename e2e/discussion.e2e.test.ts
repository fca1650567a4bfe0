import type { CourseDetailDto, DiscussionCommentDto, ModuleDto } from '@atrium/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/apiClient.ts';
import { portalSuiteCanRun, startApp, type RunningApp } from './support/appServer.ts';
import { expectAccessible } from './support/axe.ts';
import { appReady, browserSession, DESKTOP, PHONE, screenshot, signInWithForm, toast } from './support/browser.ts';

const enabled = portalSuiteCanRun('discussion');
const NARROW = { width: 320, height: 740 };
const PASSWORD = 'a-good-password';

/** Issue 58 item 1: two learners of different schools and an instructor hold a conversation on a module. */
describe.skipIf(!enabled)('module discussion (issue 58)', () => {
  let app: RunningApp;
  let session: Awaited<ReturnType<typeof browserSession>>;
  let module: ModuleDto;
  let modulePath: string;
  let quietPath: string;
  const stamp = Date.now();
  const nia = { email: `nia-${stamp}@oakfield.test`, password: PASSWORD };
  const sam = { email: `sam-${stamp}@riverside.test`, password: PASSWORD };
  let question: DiscussionCommentDto;

  beforeAll(async () => {
    app = await startApp();
    session = await browserSession();
    const adminApi = await signedInClient(app.url, app.admin);
    const created = await adminApi<CourseDetailDto>('POST', '/api/courses', { title: 'Filming in school', description: 'Light, sound and consent.', price: 0 });
    await adminApi('POST', '/api/modules', { title: 'Light', description: '', vimeoVideoId: '76979871', duration: 300, courseId: created.id });
    module = (await adminApi<CourseDetailDto>('GET', `/api/courses/${created.id}`)).modules[0] as ModuleDto;
    modulePath = `/courses/${created.id}/modules/${module.id}`;
    const quiet = await adminApi<ModuleDto>('POST', '/api/modules', {
      title: 'Sound',
      description: '',
      vimeoVideoId: '76979871',
      duration: 300,
      courseId: created.id,
    });
    quietPath = `/courses/${created.id}/modules/${quiet.id}`;
    const people = [
      { person: nia, name: { firstName: 'Nia', lastName: 'Patel' }, school: 'Oakfield Primary' },
      { person: sam, name: { firstName: 'Sam', lastName: 'Jones' }, school: 'Riverside Academy' },
    ];
    const apis = [];
    for (const { person, name, school } of people) {
      const api = await signedInClient(app.url, person, name);
      await api('POST', '/api/enrollments', { courseId: created.id });
      await api('POST', '/api/schools', { name: school, country: 'GB' });
      await api('PUT', '/api/discussion/settings', { showSchool: true });
      apis.push(api);
    }
    const [niaApi, samApi] = apis;
    question = await niaApi!<DiscussionCommentDto>('POST', `/api/modules/${module.id}/comments`, {
      comment: 'How do you light a classroom for filming on a grey day?',
    });
    await adminApi('POST', `/api/modules/${module.id}/comments`, { comment: 'Face the windows and never film against them.', parentId: question.id });
    await samApi!('POST', `/api/modules/${module.id}/comments`, { comment: 'A cheap LED panel bounced off the ceiling works for us.', parentId: question.id });
    await samApi!('POST', `/api/modules/${module.id}/comments`, { comment: 'Has anyone got a consent form template for photos?' });
  });

  afterAll(async () => {
    await session?.close();
    await app?.close();
  });

  const discussion = (page: Page) => page.getByRole('region', { name: /Community discussion/ });

  it('a learner replies to a reply in the same thread, keeps the typed reply across a refresh, and sees instructor and school marks', async () => {
    const page = await session.page(DESKTOP);
    await signInWithForm(page, app.url, nia);
    await page.goto(`${app.url}${modulePath}`);
    const section = discussion(page);
    await section.getByText('Face the windows and never film against them.').waitFor();
    await expect(section.getByText('Instructor').count()).resolves.toBe(1);
    await section.getByText('Riverside Academy').first().waitFor();

    const thread = section.getByRole('list', { name: 'Replies to Nia Patel' });
    await thread.getByRole('button', { name: 'Reply to Sam Jones' }).click();
    await section.getByRole('textbox', { name: 'Reply to Sam Jones' }).fill('Which panel do you use?');
    await page.reload();
    const box = discussion(page).getByRole('textbox', { name: 'Reply to Sam Jones' });
    await box.waitFor();
    expect(await box.inputValue()).toBe('Which panel do you use?');
    await discussion(page).getByRole('button', { name: 'Post reply' }).click();
    await toast(page, 'Reply posted!');
    const replies = discussion(page)
      .getByRole('list', { name: 'Replies to your comment' })
      .or(discussion(page).getByRole('list', { name: 'Replies to Nia Patel' }));
    await replies.getByText('Replying to Sam Jones').waitFor();
    await expectAccessible(page, 'module discussion');

    for (const viewport of [DESKTOP, PHONE, NARROW]) {
      const shot = await session.page(viewport);
      await signInWithForm(shot, app.url, nia);
      await shot.goto(`${app.url}${modulePath}`);
      await discussion(shot).getByText('Which panel do you use?').waitFor();
      await discussion(shot).getByRole('list', { name: 'Replies to Nia Patel' }).getByRole('button', { name: 'Reply to Sam Jones' }).click();
      await discussion(shot).getByRole('textbox', { name: 'Reply to Sam Jones' }).fill('Thanks!');
      await discussion(shot).scrollIntoViewIfNeeded();
      await screenshot(shot, 'discussion-module');
      if (viewport !== DESKTOP) await expectAccessible(shot, `module discussion at ${viewport.width}`);
    }
  });

  it("hears of a reply: the bell counts it, and the reply e-mail's link opens the thread, first and marked", async () => {
    // Nia answered Sam's reply in the first journey: Sam, who follows the thread, has an e-mail waiting
    // once his address is proven (reply e-mails quote others' words, so they go to proven addresses only).
    await app.db('users').where({ email: sam.email }).update({ emailVerifiedAt: Date.now() });
    const adminApi = await signedInClient(app.url, app.admin);
    await adminApi('POST', '/api/admin/scheduler/discussion-replies/run');
    const mail = await app
      .db('outbox')
      .where({ toAddress: sam.email })
      .where('subject', 'like', '%in the discussion of "Light"%')
      .orderBy('id', 'desc')
      .first();
    expect(mail, 'a reply e-mail to Sam').toBeTruthy();
    expect(mail!.text).toContain('Nia Patel: "Which panel do you use?"');
    expect(JSON.parse(mail!.headers ?? '{}')['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /https?:\/\/\S+\?thread=\d+#comment-\d+/.exec(mail!.text)![0]!;
    expect(link).toContain(`?thread=${question.id}#comment-${question.id}`);

    for (const viewport of [DESKTOP, PHONE, NARROW]) {
      const page = await session.page(viewport);
      await signInWithForm(page, app.url, sam);
      await page.goto(`${app.url}/`);
      // The server drew the dashboard and its header: the bell opens once the app owns the page.
      await appReady(page);
      // The first look counts the new reply; opening the bell marks it seen, so later looks count none.
      const bell = page.getByRole(
        'button',
        viewport === DESKTOP ? { name: /^Replies to your comments: \d+ new$/ } : { name: 'Replies to your comments', exact: true },
      );
      await bell.waitFor();
      await bell.click();
      const list = page.getByRole('menu', { name: 'Replies to your comments' });
      await list.getByText('Which panel do you use?').waitFor();
      await screenshot(page, 'notification-bell');
      await expectAccessible(page, `notification bell at ${viewport.width}`);
      // Opened: the count goes; the list keeps its new replies marked while it is open.
      await page.getByRole('button', { name: 'Replies to your comments', exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }

    // The mail's link, on a computer and on a phone: the thread first on the page, marked and in view.
    let page = await session.page(DESKTOP);
    for (const viewport of [DESKTOP, PHONE]) {
      page = await session.page(viewport);
      await signInWithForm(page, app.url, sam);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
      const shown = page.locator(`#comment-${question.id}`);
      await shown.getByText('How do you light a classroom for filming on a grey day?').waitFor();
      await expect.poll(async () => shown.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      const first = discussion(page).locator('ul').first().locator(':scope > li').first();
      expect(await first.getAttribute('id')).toBe(`comment-${question.id}`);
      expect(await shown.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, 'discussion-opened-thread');
      await expectAccessible(page, `discussion opened from a reply e-mail at ${viewport.width}`);
    }
    const opened = page.locator(`#comment-${question.id}`);

    // Stop following, and follow again: the button says which, and the server keeps it.
    await opened.getByRole('button', { name: 'Following' }).click();
    await toast(page, 'You no longer follow this thread');
    await opened.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(page, 'You follow this thread: we will e-mail you when someone replies');
  });

  it('orders by newest activity: the thread with the latest reply comes first', async () => {
    const page = await session.page(PHONE);
    await signInWithForm(page, app.url, sam);
    await page.goto(`${app.url}${modulePath}`);
    const section = discussion(page);
    const first = () => section.locator('ul').first().locator(':scope > li').first();
    await section.getByText('Has anyone got a consent form template for photos?').waitFor();
    expect(await first().innerText()).toContain('consent form');
    await section.getByLabel('Sort by').selectOption('activity');
    await expect.poll(async () => first().innerText()).toContain('grey day');
  });

  it('says when a discussion is empty, loading or could not be read', async () => {
    for (const viewport of [DESKTOP, PHONE, NARROW]) {
      const page = await session.page(viewport);
      await signInWithForm(page, app.url, nia);
      await page.goto(`${app.url}${quietPath}`);
      await discussion(page).getByText('No comments yet. Be the first to start the discussion.').waitFor();
      await discussion(page).scrollIntoViewIfNeeded();
      await screenshot(page, 'discussion-empty');

      // Held, then refused: the read's spinner, then the server's sentence with Try again (QueryState).
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/modules/*/discussion*', async (route) => {
        await held;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The discussion is resting', id: 'service_unavailable' }),
        });
      });
      await page.reload();
      await discussion(page).getByRole('status').filter({ hasText: 'Loading comments' }).waitFor();
      await screenshot(page, 'discussion-loading');
      release();
      await discussion(page).getByText('The discussion is resting').waitFor();
      await discussion(page).getByRole('button', { name: 'Try again' }).waitFor();
      await screenshot(page, 'discussion-error');
      await expectAccessible(page, `discussion error state at ${viewport.width}`);
      await page.unroute('**/api/modules/*/discussion*');
    }
  });

  it('a learner reports a comment, an admin hides it from the moderation queue and restores it from the thread', async () => {
    const page = await session.page(DESKTOP);
    await signInWithForm(page, app.url, nia);
    await page.goto(`${app.url}${modulePath}`);
    await discussion(page).getByText('Has anyone got a consent form template for photos?').waitFor();
    await discussion(page).getByRole('button', { name: 'Report the comment by Sam Jones' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Report Sam Jones/ });
    await dialog.getByLabel('Why are you reporting it?').selectOption('other');
    await dialog.getByRole('textbox', { name: 'What is wrong?' }).fill('Asking for forms we are not allowed to share');
    await expectAccessible(page, 'report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(page, 'Report sent');

    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await session.page(viewport);
      await signInWithForm(admin, app.url, app.admin);
      await admin.goto(`${app.url}/admin/moderation`);
      const item = admin.getByRole('region', { name: /Sam Jones in “Light”/ });
      await item.getByText('Asking for forms we are not allowed to share').waitFor();
      await screenshot(admin, 'moderation-queue');
      await expectAccessible(admin, `moderation queue at ${viewport.width}`);
    }
    const admin = await session.page(DESKTOP);
    await signInWithForm(admin, app.url, app.admin);
    await admin.goto(`${app.url}/admin/moderation`);
    const item = admin.getByRole('region', { name: /Sam Jones in “Light”/ });
    await item.getByRole('textbox', { name: 'Reason shown to the author' }).fill('Please ask the school office for forms.');
    await item.getByRole('button', { name: 'Hide' }).click();
    await toast(admin, 'Comment hidden');
    await admin.getByText('Nothing to moderate').waitFor();

    await page.reload();
    await discussion(page).getByText('How do you light a classroom').waitFor();
    expect(await discussion(page).getByText('Has anyone got a consent form template for photos?').count()).toBe(0);
    const author = await session.page(PHONE);
    await signInWithForm(author, app.url, sam);
    await author.goto(`${app.url}${modulePath}`);
    await discussion(author)
      .getByText(/Reason: Please ask the school office for forms\./)
      .waitFor();

    await admin.goto(`${app.url}${modulePath}`);
    await discussion(admin).getByRole('button', { name: 'Restore the comment by Sam Jones' }).click();
    await toast(admin, 'Comment restored');
    await page.reload();
    await discussion(page).getByText('Has anyone got a consent form template for photos?').waitFor();
  });
});
