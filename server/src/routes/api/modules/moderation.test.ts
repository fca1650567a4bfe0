import { beforeAll, describe, expect, it } from 'vitest';
import { THREAD_REPLIES_SHOWN, type DiscussionCommentDto, type DiscussionPageDto, type ModerationQueueDto } from '@atrium/common';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';
import { needsApproval } from '../../../policies/comments.ts';
import { buildRoutes } from '../../index.ts';

const server = useTestServer();
let moduleId: number;
const clients: Record<'nia' | 'sam' | 'lee' | 'admin' | 'outsider', TestClient> = {} as never;
const users = {} as Record<keyof typeof clients, UserRow>;

beforeAll(async () => {
  const course = await createCourse(server);
  moduleId = (await createModule(server, course.id)).id;
  users.nia = await createUser(server.db, { firstName: 'Nia', lastName: 'Patel' });
  users.sam = await createUser(server.db, { firstName: 'Sam', lastName: 'Jones' });
  users.lee = await createUser(server.db, { firstName: 'Lee', lastName: 'Chan' });
  users.admin = await createAdmin(server.db, { firstName: 'Ada', lastName: 'Trainer' });
  users.outsider = await createUser(server.db);
  for (const name of ['nia', 'sam', 'lee'] as const) await enroll(server.db, users[name].id, course.id);
  for (const name of Object.keys(users) as Array<keyof typeof clients>) {
    clients[name] = server.client();
    await signIn(clients[name], users[name]);
  }
});

const post = async (client: TestClient, comment: string, parentId?: number): Promise<DiscussionCommentDto> => {
  const response = await client.post(`/api/modules/${moduleId}/comments`, parentId === undefined ? { comment } : { comment, parentId });
  expect(response.status, response.text).toBe(201);
  return response.body as DiscussionCommentDto;
};
const report = (client: TestClient, commentId: number, body: unknown = { reason: 'spam' }) => client.post(`/api/modules/comments/${commentId}/report`, body);
const page = async (client: TestClient): Promise<DiscussionPageDto> =>
  (await client.get(`/api/modules/${moduleId}/discussion?limit=50`)).body as DiscussionPageDto;
const queue = async (): Promise<ModerationQueueDto> => {
  const response = await clients.admin.get('/api/admin/moderation');
  expect(response.status, response.text).toBe(200);
  return response.body as ModerationQueueDto;
};
const flatIds = async (client: TestClient) =>
  ((await client.get(`/api/modules/${moduleId}/comments?limit=200`)).body as DiscussionCommentDto[]).map((c) => c.id);

describe('reports', () => {
  it('takes one report per person per comment from those who read the module, not of their own', async () => {
    const rude = await post(clients.sam, 'Nobody asked you.');
    expect(rude.can).toMatchObject({ report: false, hide: false, delete: true });
    const seen = (await page(clients.nia)).threads.find((t) => t.id === rude.id)!;
    expect(seen.can).toMatchObject({ report: true, hide: false, delete: false });
    expect((await page(clients.admin)).threads.find((t) => t.id === rude.id)!.can).toMatchObject({ report: false, hide: true });

    expect((await report(clients.nia, rude.id, { reason: 'offensive' })).status).toBe(201);
    expect((await report(clients.nia, rude.id, { reason: 'spam' })).status).toBe(409);
    expect((await report(clients.sam, rude.id)).status).toBe(400);
    expect((await report(clients.outsider, rude.id)).status).toBe(403);
    expect((await report(clients.lee, 99_999_999)).status).toBe(404);
    const noWords = await report(clients.lee, rude.id, { reason: 'other' });
    expect(noWords.status).toBe(400);
    expect(noWords.body.errors.details).toBeDefined();
    expect((await report(clients.lee, rude.id, { reason: 'nasty' })).status).toBe(400);
    expect((await report(clients.lee, rude.id, { reason: 'other', details: 'x'.repeat(1001) })).status).toBe(400);
    expect((await report(clients.lee, rude.id, { reason: 'other', details: '  Rude to a colleague  ' })).status).toBe(201);

    const item = (await queue()).items.find((i) => i.commentId === rude.id)!;
    expect(item.reports.map((r) => [r.reason, r.details, r.reporterFirstName])).toEqual([
      ['offensive', '', 'Nia'],
      ['other', 'Rude to a colleague', 'Lee'],
    ]);
    expect(item.thread.id).toBe(rude.id);
    expect(item.module.id).toBe(moduleId);
  });

  it('shows a reported reply inside its thread in the queue', async () => {
    const question = await post(clients.nia, 'Consent forms for photos?');
    const reply = await post(clients.sam, 'Visit my shop for forms');
    const spam = await post(clients.lee, 'Cheap forms at my site', question.id);
    expect((await report(clients.nia, spam.id)).status).toBe(201);
    const item = (await queue()).items.find((i) => i.commentId === spam.id)!;
    expect(item.thread.id).toBe(question.id);
    expect(item.thread.replies.map((r) => r.id)).toEqual([spam.id]);
    expect(reply.id).toBeGreaterThan(0);
  });

  it('shows a long thread as its readers see it, the latest replies, with a reported early reply in its place and the thread’s count', async () => {
    const question = await post(clients.nia, 'Your lighting set-ups?');
    const early = await post(clients.lee, 'Cheap lights at my site', question.id);
    const later: number[] = [];
    for (let i = 0; i < THREAD_REPLIES_SHOWN + 3; i += 1) later.push((await post(i % 2 ? clients.sam : clients.nia, `Set-up ${i}`, question.id)).id);
    expect((await report(clients.nia, early.id)).status).toBe(201);
    const item = (await queue()).items.find((i) => i.commentId === early.id)!;
    expect(item.thread.replies.map((r) => r.id)).toEqual([early.id, ...later.slice(-THREAD_REPLIES_SHOWN)]);
    expect(item.thread.replyCount).toBe(later.length + 1);
    expect(item.thread.earlierCursor).not.toBeNull();
  });
});

describe('hide, restore and delete', () => {
  it('hides a comment from everyone but its author (marked, with why) and admins, then restores it', async () => {
    const comment = await post(clients.sam, 'Something against the rules');
    expect((await report(clients.nia, comment.id)).status).toBe(201);
    const hidden = await clients.admin.put(`/api/admin/moderation/comments/${comment.id}/hide`, { reason: 'Personal attack' });
    expect(hidden.status, hidden.text).toBe(200);
    expect((await queue()).items.some((i) => i.commentId === comment.id)).toBe(false);

    expect((await page(clients.nia)).threads.some((t) => t.id === comment.id)).toBe(false);
    expect(await flatIds(clients.nia)).not.toContain(comment.id);
    const own = (await page(clients.sam)).threads.find((t) => t.id === comment.id)!;
    expect(own).toMatchObject({ hidden: true, hiddenReason: 'Personal attack', comment: 'Something against the rules' });
    expect(own.can.reply).toBe(false);
    expect((await page(clients.admin)).threads.find((t) => t.id === comment.id)).toMatchObject({ hidden: true, hiddenReason: 'Personal attack' });
    // Nobody replies to or reports what they cannot see.
    expect((await clients.nia.post(`/api/modules/${moduleId}/comments`, { comment: 'Hello?', parentId: comment.id })).status).toBe(404);
    expect((await report(clients.lee, comment.id)).status).toBe(404);

    expect((await clients.admin.put(`/api/admin/moderation/comments/${comment.id}/hide`, { reason: '   ' })).status).toBe(400);
    expect((await clients.admin.put(`/api/admin/moderation/comments/99999999/restore`)).status).toBe(404);
    const restored = await clients.admin.put(`/api/admin/moderation/comments/${comment.id}/restore`);
    expect(restored.body.message).toBe('Comment restored');
    expect((await page(clients.nia)).threads.find((t) => t.id === comment.id)).toMatchObject({ hidden: false, hiddenReason: null });
  });

  it("hides a thread's replies with it from the flat list, but for the thread's author and admins", async () => {
    const question = await post(clients.sam, 'Another thing an admin will hide');
    const reply = await post(clients.nia, 'Quoting it: "another thing"', question.id);
    expect(await flatIds(clients.lee)).toContain(reply.id);
    expect((await clients.admin.put(`/api/admin/moderation/comments/${question.id}/hide`, { reason: 'Offensive' })).status).toBe(200);
    expect(await flatIds(clients.lee)).not.toContain(reply.id);
    expect(await flatIds(clients.nia)).not.toContain(reply.id);
    expect(await flatIds(clients.sam)).toEqual(expect.arrayContaining([question.id, reply.id]));
    expect(await flatIds(clients.admin)).toEqual(expect.arrayContaining([question.id, reply.id]));
    expect((await clients.admin.put(`/api/admin/moderation/comments/${question.id}/restore`)).status).toBe(200);
    expect(await flatIds(clients.lee)).toEqual(expect.arrayContaining([question.id, reply.id]));
  });

  it('closes a hidden thread: no reply under its replies either (until restored), and none is offered', async () => {
    const question = await post(clients.sam, 'Something an admin will hide');
    const reply = await post(clients.nia, 'Please keep it civil.', question.id);
    expect((await clients.admin.put(`/api/admin/moderation/comments/${question.id}/hide`, { reason: 'Offensive' })).status).toBe(200);

    // The reply is still in sight (the flat list shows it), but answering it would carry on the hidden thread.
    const under = await clients.lee.post(`/api/modules/${moduleId}/comments`, { comment: 'Still talking', parentId: reply.id });
    expect([under.status, under.body.message]).toEqual([404, 'This discussion no longer takes replies']);
    expect((await clients.admin.post(`/api/modules/${moduleId}/comments`, { comment: 'Nor the admin', parentId: reply.id })).status).toBe(404);
    const asAuthor = (await page(clients.sam)).threads.find((t) => t.id === question.id)!;
    expect(asAuthor.replies.map((r) => [r.id, r.can.reply])).toEqual([[reply.id, false]]);

    expect((await clients.admin.put(`/api/admin/moderation/comments/${question.id}/restore`)).status).toBe(200);
    expect((await clients.lee.post(`/api/modules/${moduleId}/comments`, { comment: 'Back on topic', parentId: reply.id })).status).toBe(201);
    expect((await page(clients.lee)).threads.find((t) => t.id === question.id)!.replies.every((r) => r.can.reply)).toBe(true);
  });

  it('keeps a reported comment nobody hid: its reports close and it stays as it was', async () => {
    const comment = await post(clients.sam, 'Try a reflector made of card');
    expect((await report(clients.nia, comment.id)).status).toBe(201);
    expect((await queue()).items.some((i) => i.commentId === comment.id)).toBe(true);
    const kept = await clients.admin.put(`/api/admin/moderation/comments/${comment.id}/restore`);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.message).toBe('Reports closed: the comment stays');
    expect((await queue()).items.some((i) => i.commentId === comment.id)).toBe(false);
    expect((await page(clients.lee)).threads.find((t) => t.id === comment.id)).toMatchObject({ hidden: false, comment: 'Try a reflector made of card' });
  });

  it('deletes a reported opening comment with replies as "comment deleted" and settles its reports', async () => {
    const opener = await post(clients.sam, 'Spammy opener');
    await post(clients.nia, 'A real reply', opener.id);
    expect((await report(clients.lee, opener.id)).status).toBe(201);
    expect((await clients.admin.delete(`/api/modules/comments/${opener.id}`)).status).toBe(200);
    const thread = (await page(clients.nia)).threads.find((t) => t.id === opener.id)!;
    expect(thread).toMatchObject({ deleted: true, comment: '' });
    expect((await queue()).items.some((i) => i.commentId === opener.id)).toBe(false);
  });

  it('keeps moderation to admins', async () => {
    const comment = await post(clients.sam, 'Fine comment');
    expect((await clients.nia.put(`/api/admin/moderation/comments/${comment.id}/hide`, { reason: 'x' })).status).toBe(403);
    expect((await clients.nia.get('/api/admin/moderation')).status).toBe(403);
  });
});

describe('approval', () => {
  it('holds a comment with more than 3 links or a spam pattern until an admin approves it', async () => {
    expect(needsApproval('see https://a.test https://b.test https://c.test')).toBe(false);
    expect(needsApproval('see https://a.test https://b.test https://c.test www.d.test')).toBe(true);
    expect(needsApproval('Great crypto investment, message me')).toBe(true);
    expect(needsApproval('I cast the class play')).toBe(false);

    const question = await post(clients.nia, 'Where do I find lighting guides?');
    const links = await post(clients.lee, 'Try https://a.test https://b.test https://c.test https://d.test', question.id);
    expect(links.awaitingApproval).toBe(true);
    const casino = await post(clients.lee, 'Best online casino bonuses here');
    expect(casino.awaitingApproval).toBe(true);

    expect((await page(clients.nia)).threads.find((t) => t.id === question.id)!.replies).toEqual([]);
    expect(await flatIds(clients.nia)).not.toContain(casino.id);
    expect((await page(clients.lee)).threads.find((t) => t.id === question.id)!.replies.map((r) => r.id)).toEqual([links.id]);
    const waiting = (await queue()).items.filter((i) => i.awaitingApproval).map((i) => i.commentId);
    expect(waiting).toEqual(expect.arrayContaining([links.id, casino.id]));

    expect((await clients.admin.put(`/api/admin/moderation/comments/${links.id}/restore`)).body.message).toBe('Comment approved');
    expect((await page(clients.nia)).threads.find((t) => t.id === question.id)!.replies.map((r) => r.id)).toEqual([links.id]);
    expect((await queue()).items.some((i) => i.commentId === links.id)).toBe(false);
    // An admin's own links are not held.
    expect((await post(clients.admin, 'Guides: https://a.test https://b.test https://c.test https://d.test')).awaitingApproval).toBe(false);
  });
});

describe('rate limits', () => {
  it('counts posting, replying and reporting separately', async () => {
    const routeTable = buildRoutes().table;
    const limits = (method: string, path: string) => routeTable.find((r) => r.method === method && r.path === path)!.rateLimits;
    expect(limits('post', '/api/modules/:moduleId/comments')).toEqual(['comment', 'commentReply', 'commentDay']);
    expect(limits('post', '/api/modules/comments/:commentId/report')).toEqual(['commentReport']);
  });
});

describe('the queue, a page at a time', () => {
  it('pages the oldest first with an opaque cursor, each comment once, and refuses a cursor that is not one of ours', async () => {
    const held = [];
    for (const n of [1, 2, 3]) held.push(await post(clients.lee, `Casino bonus number ${n}`));
    const all: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await clients.admin.get(`/api/admin/moderation?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status, response.text).toBe(200);
      const body = response.body as ModerationQueueDto;
      expect(body.items.length).toBeLessThanOrEqual(2);
      all.push(...body.items.map((item) => item.commentId));
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual((await queue()).items.map((item) => item.commentId));
    expect(all.slice(-3)).toEqual(held.map((comment) => comment.id));
    const bad = await clients.admin.get('/api/admin/moderation?cursor=not-ours');
    expect([bad.status, bad.body.message]).toEqual([400, 'That page link is not valid: load the moderation queue again']);
  });
});
