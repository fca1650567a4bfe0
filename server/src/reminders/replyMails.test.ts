import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DiscussionCommentDto, DiscussionPageDto } from '@atrium/common';
import { useTestServer } from '../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../test/factories.ts';
import type { TestClient } from '../test/client.ts';
import { readUnsubscribeToken } from '../services/unsubscribe.ts';
import { runModerationDigest } from './moderationDigest.ts';
import { REPLY_MAIL_SPACING_MS } from '../commands/replyMails.ts';
import { runReplyMails } from './replyMails.ts';

const server = useTestServer();
let courseId: number;
let moduleId: number;
let otherCourseModuleId: number;
const people: Record<'sam' | 'nia' | 'ola' | 'leaver' | 'admin' | 'unproven', UserRow> = {} as never;
const clients: Record<keyof typeof people, TestClient> = {} as never;

beforeAll(async () => {
  const course = await createCourse(server, { title: 'School videos' });
  courseId = course.id;
  moduleId = (await createModule(server, course.id, { title: 'Lighting a classroom' })).id;
  const other = await createCourse(server);
  otherCourseModuleId = (await createModule(server, other.id)).id;
  people.sam = await createUser(server.db, { firstName: 'Sam', lastName: 'Jones' });
  people.nia = await createUser(server.db, { firstName: 'Nia', lastName: 'Patel' });
  people.ola = await createUser(server.db, { firstName: 'Ola', lastName: 'Berg' });
  people.leaver = await createUser(server.db, { firstName: 'Lee', lastName: 'Leaver' });
  people.admin = await createAdmin(server.db, { firstName: 'Ada', lastName: 'Trainer' });
  // Registered under an address nobody proved (anyone can type someone else's).
  people.unproven = await createUser(server.db, { firstName: 'Una', lastName: 'Proven' });
  for (const name of ['sam', 'nia', 'ola', 'leaver', 'unproven'] as const) await enroll(server.db, people[name].id, course.id);
  await server
    .db('users')
    .whereIn(
      'id',
      (['sam', 'nia', 'ola', 'leaver', 'admin'] as const).map((name) => people[name].id),
    )
    .update({ emailVerifiedAt: Date.now() });
  for (const [name, user] of Object.entries(people) as Array<[keyof typeof people, UserRow]>) {
    clients[name] = server.client();
    await signIn(clients[name], user);
  }
});

beforeEach(async () => {
  await server.db('outbox').delete();
});

const post = async (who: keyof typeof people, comment: string, parentId?: number, id = moduleId): Promise<DiscussionCommentDto> => {
  const response = await clients[who].post(`/api/modules/${id}/comments`, parentId === undefined ? { comment } : { comment, parentId });
  expect(response.status, response.text).toBe(201);
  return response.body as DiscussionCommentDto;
};

/** One run of the reply e-mail job at the app's clock; the mail it queued, by recipient. */
async function replyMails(): Promise<Map<string, { subject: string; text: string; headers: Record<string, string> }>> {
  const before = await server.db('outbox').max({ id: 'id' }).first();
  await runReplyMails({ deps: server.app.deps, now: server.clock.now().getTime(), renewLease: async () => {} });
  const rows = await server
    .db('outbox')
    .where('id', '>', Number(before?.id ?? 0))
    .orderBy('id');
  return new Map(rows.map((row) => [row.toAddress, { subject: row.subject, text: row.text, headers: JSON.parse(row.headers ?? '{}') }]));
}

const threadOn = async (who: keyof typeof people, threadId: number, id = moduleId) => {
  const response = await clients[who].get(`/api/modules/${id}/discussion?thread=${threadId}`);
  expect(response.status, response.text).toBe(200);
  return (response.body as DiscussionPageDto).threads.find((thread) => thread.id === threadId)!;
};

describe('reply e-mails', () => {
  it("mail the thread's author once when someone replies, naming them, quoting the start, with the thread's link and a one-click unsubscribe", async () => {
    const question = await post('sam', 'How do you light a classroom for filming when the blinds are broken?');
    const reply = await post('nia', 'Face the windows, never film against them.', question.id);
    // Both now follow the thread: the author, and the one who replied.
    expect((await threadOn('sam', question.id)).following).toBe(true);
    expect((await threadOn('nia', question.id)).following).toBe(true);
    expect((await threadOn('ola', question.id)).following).toBe(false);

    const mails = await replyMails();
    expect([...mails.keys()]).toEqual([people.sam.email]);
    const mail = mails.get(people.sam.email)!;
    expect(mail.subject).toBe('A new reply in the discussion of "Lighting a classroom"');
    expect(mail.text).toContain('There is a new reply to your comment on "Lighting a classroom" in "School videos".');
    expect(mail.text).toContain('You wrote: "How do you light a classroom for filming when the blinds are broken?"');
    expect(mail.text).toContain('Nia Patel: "Face the windows, never film against them."');
    const link = `${server.app.deps.config.publicUrl}/courses/${courseId}/modules/${moduleId}?thread=${question.id}#comment-${question.id}`;
    expect(mail.text).toContain(link);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = /token=([^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    expect(readUnsubscribeToken(token, server.app.deps.config.sessionKeys)).toEqual({ userId: people.sam.id, category: 'replies' });
    // The link opens the thread first, whatever the page.
    const opened = (await clients.sam.get(`/api/modules/${moduleId}/discussion?thread=${question.id}`)).body as DiscussionPageDto;
    expect(opened.threads[0]!.id).toBe(question.id);
    expect(opened.threads[0]!.replies.map((r) => r.id)).toEqual([reply.id]);

    // Nothing new: nothing sent, however often the job runs.
    expect((await replyMails()).size).toBe(0);
  });

  it('batch what comes within the hour into one e-mail, and send it once the hour has passed', async () => {
    const question = await post('sam', 'Which microphone for assemblies?');
    await post('nia', 'A lapel microphone on the speaker.', question.id);
    expect([...(await replyMails()).keys()]).toEqual([people.sam.email]);

    await post('nia', 'Or a shotgun mic on a stand at the front.', question.id);
    await post('ola', 'We use the hall’s own PA feed.', question.id);
    // Within the hour of Sam's last e-mail: Sam waits; Nia hears of Ola's reply at once (her first).
    const soon = await replyMails();
    expect([...soon.keys()]).toEqual([people.nia.email]);
    expect(soon.get(people.nia.email)!.text).toContain('in a discussion you follow');
    expect(soon.get(people.nia.email)!.text).toContain('Ola Berg: "We use the hall’s own PA feed."');

    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const later = await replyMails();
    expect([...later.keys()]).toEqual([people.sam.email]);
    const batched = later.get(people.sam.email)!;
    expect(batched.subject).toBe('2 new replies in the discussion of "Lighting a classroom"');
    expect(batched.text).toContain('Nia Patel: "Or a shotgun mic on a stand at the front."');
    expect(batched.text).toContain('Ola Berg: "We use the hall’s own PA feed."');
    expect(batched.text).not.toContain('A lapel microphone');
    expect((await replyMails()).size).toBe(0);
  });

  it('go to those who pressed Follow from then on, and stop when they stop following', async () => {
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const question = await post('sam', 'Do parents need to consent to a class photo on the website?');
    await post('nia', 'Yes, in writing, each year.', question.id);
    await replyMails();

    const followed = await clients.ola.put(`/api/modules/comments/${question.id}/follow`, { following: true });
    expect([followed.status, followed.body.following]).toEqual([200, true]);
    expect((await replyMails()).size).toBe(0);
    await post('admin', 'And a photo that does not identify a child needs none.', question.id);
    const mails = await replyMails();
    expect(mails.get(people.ola.email)!.text).toContain('Ada Trainer: "And a photo that does not identify a child needs none."');
    expect(mails.get(people.ola.email)!.text).not.toContain('in writing, each year');

    expect((await clients.ola.put(`/api/modules/comments/${question.id}/follow`, { following: false })).body.following).toBe(false);
    expect((await threadOn('ola', question.id)).following).toBe(false);
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    await post('nia', 'Thanks, that helps.', question.id);
    expect((await replyMails()).has(people.ola.email)).toBe(false);
  });

  it('skip those who unsubscribed, left the course, or whose news was hidden or waits for approval', async () => {
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const question = await post('leaver', 'Best time of day to film outdoors?');
    const unsubscribed = await post('ola', 'Start with the morning light.', question.id);
    await post('sam', 'Golden hour, if the caretaker lets you in.', question.id);
    await server.db('unsubscribes').insert({ userId: people.ola.id, category: 'replies', createdAt: Date.now() });
    await server.db('enrollments').where({ userId: people.leaver.id, courseId }).delete();
    expect((await replyMails()).size).toBe(0);
    // Their marks are cleared: the job does not look at them again.
    expect(await server.db('commentFollows').where({ threadId: question.id }).whereNotNull('pendingAt').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(unsubscribed.id).toBeGreaterThan(0);

    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const thread = await post('nia', 'Who films the sports day?');
    const held = await post('sam', 'Try http://a.test http://b.test http://c.test http://d.test', thread.id);
    expect(held.awaitingApproval).toBe(true);
    expect((await replyMails()).size).toBe(0);
    expect((await clients.admin.put(`/api/admin/moderation/comments/${held.id}/restore`)).status).toBe(200);
    expect([...(await replyMails()).keys()]).toEqual([people.nia.email]);

    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const hidden = await post('sam', 'Buy my course instead.', thread.id);
    expect((await clients.admin.put(`/api/admin/moderation/comments/${hidden.id}/hide`, { reason: 'Advertising' })).status).toBe(200);
    expect((await replyMails()).size).toBe(0);
  });
});

describe('reply e-mails carry the words of others', () => {
  it('only to an address its owner proved: an unverified follower gets nothing, their mark is cleared, and Follow says why', async () => {
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const question = await post('unproven', 'Is this your bank? Click below.');
    await post('nia', 'Visit http://evil.test to claim your refund', question.id);
    const last = await post('ola', 'Another word for whoever owns that address', question.id);
    const mails = await replyMails();
    expect(mails.has(people.unproven.email)).toBe(false);
    expect([...mails.keys()]).toEqual([people.nia.email]);
    // Told nothing, the follow still moves past the replies read, so no later run reads them again.
    expect(await server.db('commentFollows').where({ userId: people.unproven.id, threadId: question.id }).first()).toMatchObject({
      pendingAt: null,
      notifiedUpToId: last.id,
    });

    // Follow does not promise an e-mail it will not send.
    const followed = await clients.unproven.put(`/api/modules/comments/${question.id}/follow`, { following: true });
    expect(followed.body.message).toBe(
      'You follow this thread. To be e-mailed when someone replies, confirm your e-mail address: open the link we e-mailed you (your profile page can send it again).',
    );
    expect((await clients.nia.put(`/api/modules/comments/${question.id}/follow`, { following: true })).body.message).toBe(
      'You follow this thread: we will e-mail you when someone replies',
    );

    // Once the address is proven, the next reply reaches it.
    await server.db('users').where({ id: people.unproven.id }).update({ emailVerifiedAt: Date.now() });
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    await post('sam', 'Now it is your own address', question.id);
    expect((await replyMails()).has(people.unproven.email)).toBe(true);
    await server.db('users').where({ id: people.unproven.id }).update({ emailVerifiedAt: null });
  });

  it('never about a thread a moderator hid since: no mail quotes it', async () => {
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    const question = await post('sam', 'Rude words that an admin will hide');
    await post('nia', 'Please keep it civil.', question.id);
    await replyMails();
    server.clock.advance(REPLY_MAIL_SPACING_MS);
    // A reply before the hiding leaves Sam and Nia with mail pending.
    await post('ola', 'More of the same.', question.id);
    expect((await clients.admin.put(`/api/admin/moderation/comments/${question.id}/hide`, { reason: 'Offensive' })).status).toBe(200);
    expect((await replyMails()).size).toBe(0);
    expect(await server.db('commentFollows').where({ threadId: question.id }).whereNotNull('pendingAt').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('following a thread', () => {
  it('is for opening comments the caller can read: a reply is 400, another course 403, a missing one 404, a bad body 400', async () => {
    const question = await post('sam', 'Tripod or gimbal?');
    const reply = await post('nia', 'Tripod for interviews.', question.id);
    expect((await clients.ola.put(`/api/modules/comments/${reply.id}/follow`, { following: true })).status).toBe(400);
    const elsewhere = await post('admin', 'In a course nobody here takes', undefined, otherCourseModuleId);
    expect((await clients.ola.put(`/api/modules/comments/${elsewhere.id}/follow`, { following: true })).status).toBe(403);
    expect((await clients.ola.put('/api/modules/comments/99999999/follow', { following: true })).status).toBe(404);
    expect((await clients.ola.put(`/api/modules/comments/${question.id}/follow`, { following: 'yes' })).status).toBe(400);
    expect((await server.client().put(`/api/modules/comments/${question.id}/follow`, { following: true })).status).toBe(401);
    expect(await server.db('commentFollows').where({ userId: people.ola.id, threadId: elsewhere.id }).first()).toBeUndefined();
  });

  it('is in Download my data and goes with the account', async () => {
    const question = await post('ola', 'Is a phone enough for the school video?');
    const data = (await clients.ola.get('/api/user/export')).body as { commentFollows: Array<{ thread: string; following: boolean }> };
    expect(data.commentFollows).toContainEqual(expect.objectContaining({ thread: 'Is a phone enough for the school video?', following: true }));
    expect(await server.db('commentFollows').where({ userId: people.ola.id, threadId: question.id }).first()).toBeDefined();
  });
});

describe("the admins' daily digest", () => {
  it('lists questions no instructor has replied to and the moderation queue, once a day, and nothing on a quiet day', async () => {
    await server.db('commentReports').delete();
    await server.db('comments').update({ heldAt: null });
    server.clock.advance(8 * 24 * REPLY_MAIL_SPACING_MS);
    const run = async () => {
      const before = await server.db('outbox').max({ id: 'id' }).first();
      await runModerationDigest({ deps: server.app.deps, now: server.clock.now().getTime(), renewLease: async () => {} });
      return server
        .db('outbox')
        .where('id', '>', Number(before?.id ?? 0))
        .where('toAddress', people.admin.email);
    };
    expect(await run()).toEqual([]);

    const open = await post('nia', 'How long should a school video be?');
    const answered = await post('sam', 'Can we film in the dining hall?');
    await post('admin', 'Yes, outside lunch time.', answered.id);
    const sent = await run();
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Discussions today: 1 question to answer, 0 comments to moderate');
    expect(mail.text).toContain('Nia Patel on Lighting a classroom (School videos): "How long should a school video be?"');
    expect(mail.text).toContain(`?thread=${open.id}#comment-${open.id}`);
    expect(mail.text).not.toContain('dining hall');
    expect(JSON.parse(mail.headers ?? '{}')['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The same day again: nothing more.
    expect(await run()).toEqual([]);
  });
});
