import { beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionCommentDto, DiscussionPageDto } from '@atrium/common';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, TEST_PASSWORD, type UserRow } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';
import { createSchool } from '../../../commands/schools/membership.ts';

const server = useTestServer();
let courseId: number;
let moduleId: number;
let otherModuleId: number;
let nia: UserRow;
let sam: UserRow;
let admin: UserRow;
let outsider: UserRow;
const clients: Record<'nia' | 'sam' | 'admin' | 'outsider', TestClient> = {} as never;

beforeAll(async () => {
  const course = await createCourse(server);
  courseId = course.id;
  moduleId = (await createModule(server, course.id)).id;
  otherModuleId = (await createModule(server, course.id)).id;
  nia = await createUser(server.db, { firstName: 'Nia', lastName: 'Patel' });
  sam = await createUser(server.db, { firstName: 'Sam', lastName: 'Jones' });
  admin = await createAdmin(server.db, { firstName: 'Ada', lastName: 'Trainer' });
  outsider = await createUser(server.db);
  await enroll(server.db, nia.id, course.id);
  await enroll(server.db, sam.id, course.id);
  await createSchool(server.db, { name: 'Oakfield Primary', country: 'GB' }, nia.id, Date.now());
  for (const [name, user] of Object.entries({ nia, sam, admin, outsider }) as Array<[keyof typeof clients, UserRow]>) {
    clients[name] = server.client();
    await signIn(clients[name], user);
  }
});

const comments = (id = moduleId) => `/api/modules/${id}/comments`;
const discussion = (query = '', id = moduleId) => `/api/modules/${id}/discussion${query}`;
const post = async (client: TestClient, comment: string, parentId?: number, id = moduleId): Promise<DiscussionCommentDto> => {
  const response = await client.post(comments(id), parentId === undefined ? { comment } : { comment, parentId });
  expect(response.status, response.text).toBe(201);
  return response.body as DiscussionCommentDto;
};
const page = async (client: TestClient, query = '', id = moduleId): Promise<DiscussionPageDto> => {
  const response = await client.get(discussion(query, id));
  expect(response.status, response.text).toBe(200);
  return response.body as DiscussionPageDto;
};

describe('replies', () => {
  it('puts a reply under its thread, and a reply to a reply in the same thread naming whom it answers', async () => {
    const question = await post(clients.nia, 'How do you light a classroom for filming?');
    const answer = await post(clients.sam, 'Face the windows, never film against them.', question.id);
    expect(answer).toMatchObject({ parentId: question.id, replyTo: null, userFirstName: 'Sam', can: { delete: true, reply: true } });
    const followUp = await post(clients.nia, 'Even on a grey day?', answer.id);
    expect(followUp).toMatchObject({ parentId: question.id, replyTo: { userId: sam.id, firstName: 'Sam', lastName: 'Jones' } });

    const thread = (await page(clients.sam)).threads.find((t) => t.id === question.id)!;
    expect(thread.replies.map((r) => r.id)).toEqual([answer.id, followUp.id]);
    expect(thread.parentId).toBeNull();
    // SPEC's flat list still has every comment, replies included, newest first.
    const flat = (await clients.sam.get(`${comments()}?limit=200`)).body as DiscussionCommentDto[];
    expect(flat.slice(0, 3).map((c) => c.id)).toEqual([followUp.id, answer.id, question.id]);
  });

  it("refuses a reply to another module's comment (400) and to one that is not there (404)", async () => {
    const elsewhere = await post(clients.sam, 'In the other module', undefined, otherModuleId);
    const crossed = await clients.nia.post(comments(), { comment: 'Wrong place', parentId: elsewhere.id });
    expect(crossed.status).toBe(400);
    expect(crossed.body.errors.parentId).toBeDefined();
    const missing = await clients.nia.post(comments(), { comment: 'Nobody home', parentId: 99_999_999 });
    expect(missing.status).toBe(404);
    expect((await clients.nia.post(comments(), { comment: 'Bad id', parentId: 'abc' })).status).toBe(400);
    const count = await server.db('comments').whereIn('comment', ['Wrong place', 'Nobody home', 'Bad id']).count({ n: '*' }).first();
    expect(Number(count?.n)).toBe(0);
  });

  it('keeps a deleted opening comment with replies as "comment deleted", refuses replies to it, and removes it with its last reply', async () => {
    const opener = await post(clients.nia, 'Anyone used a ring light?');
    const reply = await post(clients.sam, 'Yes, a small one works.', opener.id);
    expect((await clients.nia.delete(`/api/modules/comments/${opener.id}`)).status).toBe(200);
    const kept = (await page(clients.sam)).threads.find((t) => t.id === opener.id)!;
    expect(kept).toMatchObject({ deleted: true, comment: '', userFirstName: null, can: { delete: false, reply: false } });
    expect(kept.replies.map((r) => r.id)).toEqual([reply.id]);
    expect(JSON.stringify(kept)).not.toContain('ring light');
    // Gone from the flat list and no longer answerable, but its replies still are.
    expect(((await clients.sam.get(`${comments()}?limit=200`)).body as DiscussionCommentDto[]).some((c) => c.id === opener.id)).toBe(false);
    expect((await clients.sam.post(comments(), { comment: 'Too late', parentId: opener.id })).status).toBe(404);
    expect((await clients.nia.delete(`/api/modules/comments/${opener.id}`)).status).toBe(404);
    const second = await post(clients.nia, 'Thanks!', reply.id);
    expect(second.parentId).toBe(opener.id);
    // Deleting the replies removes the emptied opener too: nothing is left to hold a thread.
    expect((await clients.nia.delete(`/api/modules/comments/${second.id}`)).status).toBe(200);
    expect((await clients.sam.delete(`/api/modules/comments/${reply.id}`)).status).toBe(200);
    expect(await server.db('comments').where({ id: opener.id }).first()).toBeUndefined();
  });

  it('says nothing of who wrote a deleted opening comment, not even their id, to learners or admins', async () => {
    const opener = await post(clients.nia, 'A question I regret asking');
    const reply = await post(clients.sam, 'An answer that keeps the thread.', opener.id);
    expect((await clients.nia.delete(`/api/modules/comments/${opener.id}`)).status).toBe(200);
    for (const client of [clients.sam, clients.admin]) {
      const kept = (await page(client)).threads.find((t) => t.id === opener.id)!;
      expect(kept).toMatchObject({ deleted: true, userId: 0, userFirstName: null, userProfileImageUrl: null, school: null });
      expect(kept.userEmail).toBeUndefined();
      expect(kept.replies.map((r) => [r.id, r.userId])).toEqual([[reply.id, sam.id]]);
    }
  });

  it('lets only the author or an admin delete a reply', async () => {
    const opener = await post(clients.nia, 'Consent forms: paper or online?');
    const reply = await post(clients.sam, 'Online, with a paper fallback.', opener.id);
    expect((await clients.nia.delete(`/api/modules/comments/${reply.id}`)).status).toBe(403);
    expect((await clients.admin.delete(`/api/modules/comments/${reply.id}`)).status).toBe(200);
  });

  it('refuses replies, like comments, to those who cannot read the module, and over 2,000 characters', async () => {
    const opener = await post(clients.nia, 'Open to the course only');
    expect((await clients.outsider.post(comments(), { comment: 'Let me in', parentId: opener.id })).status).toBe(403);
    expect((await clients.outsider.get(discussion())).status).toBe(403);
    expect((await server.client().get(discussion())).status).toBe(401);
    const long = await clients.sam.post(comments(), { comment: `  ${'x'.repeat(2001)}  `, parentId: opener.id });
    expect(long.status).toBe(400);
    expect((await clients.sam.post(comments(), { comment: `  ${'x'.repeat(2000)}  `, parentId: opener.id })).status).toBe(201);
  });
});

describe('authors', () => {
  it('marks admins as instructors and shows a school only to those who chose to show it', async () => {
    const mine = await post(clients.nia, 'From Oakfield');
    expect(mine.school).toBeNull();
    const before = await page(clients.nia);
    expect(before.viewer).toEqual({ showSchool: false, school: 'Oakfield Primary' });

    const saved = await clients.nia.put('/api/discussion/settings', { showSchool: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ showSchool: true });
    expect((await clients.nia.put('/api/discussion/settings', { showSchool: 'yes' })).status).toBe(400);
    expect((await server.client().put('/api/discussion/settings', { showSchool: true })).status).toBe(401);

    const after = await page(clients.sam);
    expect(after.threads.find((t) => t.id === mine.id)!.school).toBe('Oakfield Primary');
    // Sam belongs to no school: turning it on shows nothing.
    await clients.sam.put('/api/discussion/settings', { showSchool: true });
    const samSays = await post(clients.sam, 'No school here');
    expect(samSays.school).toBeNull();

    const instructor = await post(clients.admin, 'From the team');
    expect(instructor.instructor).toBe(true);
    expect(samSays.instructor).toBe(false);
    expect(instructor.userEmail).toBe(admin.email);
    expect(after.threads.every((t) => t.userEmail === undefined)).toBe(true);
  });

  it('shows a deleted account as "Former learner"', async () => {
    const leaving = await createUser(server.db, { firstName: 'Leah', lastName: 'Gone' });
    await enroll(server.db, leaving.id, courseId);
    const client = server.client();
    await signIn(client, leaving);
    const said = await post(client, 'Goodbye all');
    const response = await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' });
    expect(response.status, response.text).toBeLessThan(300);
    const thread = (await page(clients.sam)).threads.find((t) => t.id === said.id)!;
    expect([thread.userFirstName, thread.userLastName].join(' ')).toBe('Former learner');
  });
});

describe('pages', () => {
  it('pages threads by cursor in both orders, each page with its threads’ replies, in one request', async () => {
    const course = await createCourse(server);
    const busy = (await createModule(server, course.id)).id;
    const base = Date.now() - 1_000_000;
    const openers = Array.from({ length: 45 }, (_, i) => ({ moduleId: busy, userId: nia.id, comment: `t${i}`, createdAt: base + i, lastActivityAt: base + i }));
    await server.db('comments').insert(openers);
    const ids = (await server.db('comments').where({ moduleId: busy }).orderBy('id').select('id')).map((r) => Number(r.id));
    // The oldest thread gets a reply now, so it leads "Newest activity" and stays last by "Newest".
    await post(clients.admin, 'reviving t0', ids[0], busy);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const result: DiscussionPageDto = await page(clients.admin, cursor ? `?cursor=${cursor}` : '', busy);
      seen.push(...result.threads.map((t) => t.comment));
      expect(result.total).toBe(46);
      cursor = result.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `t${44 - i}`));

    const first = await page(clients.admin, '?order=activity&limit=10', busy);
    expect(first.threads[0]!.comment).toBe('t0');
    expect(first.threads[0]!.replies.map((r) => r.comment)).toEqual(['reviving t0']);
    expect(first.threads.slice(1).map((t) => t.comment)).toEqual(['t44', 't43', 't42', 't41', 't40', 't39', 't38', 't37', 't36']);
    const second = await page(clients.admin, `?order=activity&limit=10&cursor=${first.nextCursor}`, busy);
    expect(second.threads[0]!.comment).toBe('t35');

    expect((await clients.admin.get(discussion('?cursor=not-a-cursor', busy))).status).toBe(400);
    expect((await clients.admin.get(discussion('?order=loudest', busy))).status).toBe(400);
    expect((await clients.admin.get(discussion('?limit=51', busy))).status).toBe(400);
  });
});

describe('a busy thread', () => {
  it('comes with its latest replies and its answer; the earlier ones page by cursor, each once, in the reader’s sight', async () => {
    const course = await createCourse(server);
    const busy = (await createModule(server, course.id)).id;
    await enroll(server.db, nia.id, course.id);
    await enroll(server.db, sam.id, course.id);
    const question = await post(clients.nia, 'What works for a sports day?', undefined, busy);
    const base = Date.now() - 1_000_000;
    // Sixty replies, pairs of them at the same millisecond (the cursor goes by id within one); Sam's 40th is hidden, the 3rd is the answer.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      moduleId: busy,
      userId: i % 2 ? sam.id : nia.id,
      parentId: question.id,
      comment: `r${i}`,
      createdAt: base + Math.floor(i / 2),
      lastActivityAt: base + Math.floor(i / 2),
      hiddenAt: i === 39 ? base : null,
      answerAt: i === 2 ? base : null,
    }));
    for (const row of rows) await server.db('comments').insert(row);
    const everyone = rows.map((row) => row.comment).filter((comment) => comment !== 'r39');

    const thread = (await page(clients.nia, '', busy)).threads[0]!;
    expect(thread.replies.map((reply) => reply.comment)).toEqual(['r2', 'r55', 'r56', 'r57', 'r58', 'r59']);
    expect([thread.replyCount, thread.earlierCursor]).toEqual([59, expect.any(String)]);
    // The reader pages back from the page's latest replies: every earlier one once, oldest first, the answer among them.
    const earlier: string[] = [];
    let before: string | null = thread.earlierCursor;
    while (before) {
      const response = await clients.nia.get(`${comments(busy)}/${question.id}/replies?before=${before}&limit=20`);
      expect(response.status, response.text).toBe(200);
      earlier.unshift(...response.body.replies.map((reply: DiscussionCommentDto) => reply.comment));
      before = response.body.earlierCursor;
    }
    expect([...earlier, 'r55', 'r56', 'r57', 'r58', 'r59']).toEqual(everyone);
    // Without a cursor: the latest replies. Sam sees his hidden reply; so does an admin.
    const latest = await clients.sam.get(`${comments(busy)}/${question.id}/replies?limit=2`);
    expect(latest.body.replies.map((reply: DiscussionCommentDto) => reply.comment)).toEqual(['r58', 'r59']);
    expect((await page(clients.sam, '', busy)).threads[0]!.replyCount).toBe(60);
    expect((await page(clients.admin, '', busy)).threads[0]!.replyCount).toBe(60);

    // A thread of few replies says all are there.
    const quiet = await post(clients.sam, 'Any tips for indoor light?', undefined, busy);
    await post(clients.nia, 'Open the blinds.', quiet.id, busy);
    const shown = (await page(clients.nia, '', busy)).threads.find((t) => t.id === quiet.id)!;
    expect([shown.replies.length, shown.replyCount, shown.earlierCursor]).toEqual([1, 1, null]);
  });

  it('answers only a thread of this module in the reader’s sight: 404 otherwise, 400 for a cursor that is not ours, 403 to who cannot read the module', async () => {
    const course = await createCourse(server);
    const busy = (await createModule(server, course.id)).id;
    await enroll(server.db, nia.id, course.id);
    await enroll(server.db, sam.id, course.id);
    const question = await post(clients.sam, 'Hidden soon', undefined, busy);
    const reply = await post(clients.nia, 'A reply', question.id, busy);
    const replies = (threadId: number, moduleId = busy, query = '') => `/api/modules/${moduleId}/comments/${threadId}/replies${query}`;
    expect((await clients.nia.get(replies(question.id))).status).toBe(200);
    expect((await clients.nia.get(replies(question.id, otherModuleId))).status).toBe(404);
    expect((await clients.nia.get(replies(reply.id))).status).toBe(404);
    expect((await clients.nia.get(replies(question.id, busy, '?before=not-a-cursor'))).status).toBe(400);
    expect((await clients.nia.get(replies(question.id, busy, '?limit=51'))).status).toBe(400);
    expect((await clients.outsider.get(replies(question.id))).status).toBe(403);
    expect((await server.client().get(replies(question.id))).status).toBe(401);

    // Hidden: gone for Nia, still there for its author, whose replies take no reply beneath it.
    await server.db('comments').where({ id: question.id }).update({ hiddenAt: Date.now() });
    expect((await clients.nia.get(replies(question.id))).status).toBe(404);
    const own = await clients.sam.get(replies(question.id));
    expect(own.status, own.text).toBe(200);
    expect(own.body.replies).toEqual([expect.objectContaining({ id: reply.id, can: expect.objectContaining({ reply: false }) })]);
  });
});

describe("the instructor's voice", () => {
  it('lets an admin mark one reply per thread as the answer, shown first under the question', async () => {
    const question = await post(clients.nia, 'Do we need consent for a class photo on the website?');
    const first = await post(clients.sam, 'We always ask.', question.id);
    const second = await post(clients.admin, 'Yes: written consent, renewed each year.', question.id);
    const answerPath = (id: number) => `/api/modules/comments/${id}/answer`;
    expect((await clients.nia.put(answerPath(second.id), { answer: true })).status).toBe(403);
    expect((await clients.admin.put(answerPath(question.id), { answer: true })).status).toBe(400);
    expect((await clients.admin.put(answerPath(99_999_999), { answer: true })).status).toBe(404);
    expect((await clients.admin.put(answerPath(second.id), { answer: 'yes' })).status).toBe(400);

    expect((await clients.admin.put(answerPath(second.id), { answer: true })).status).toBe(200);
    let thread = (await page(clients.nia)).threads.find((t) => t.id === question.id)!;
    expect(thread.replies.map((r) => [r.id, r.answer])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(thread.replies[0]!.can.markAnswer).toBe(false);
    expect((await page(clients.admin)).threads.find((t) => t.id === question.id)!.replies[1]!.can.markAnswer).toBe(true);

    // Marking another moves the mark: one answer per thread.
    await clients.admin.put(answerPath(first.id), { answer: true });
    thread = (await page(clients.nia)).threads.find((t) => t.id === question.id)!;
    expect(thread.replies.filter((r) => r.answer).map((r) => r.id)).toEqual([first.id]);
    await clients.admin.put(answerPath(first.id), { answer: false });
    thread = (await page(clients.nia)).threads.find((t) => t.id === question.id)!;
    expect(thread.replies.some((r) => r.answer)).toBe(false);
  });

  it('lets an admin pin one thread per module, at the top of the first page in either order', async () => {
    const course = await createCourse(server);
    const quiet = (await createModule(server, course.id)).id;
    const older = await post(clients.admin, 'Read this first', undefined, quiet);
    const newer = await post(clients.admin, 'Newer thread', undefined, quiet);
    const other = await post(clients.admin, 'Another', undefined, quiet);
    const pin = (id: number, pinned: boolean, client = clients.admin) => client.put(`/api/modules/comments/${id}/pin`, { pinned });
    expect((await pin(older.id, true, clients.nia)).status).toBe(403);
    const reply = await post(clients.admin, 'a reply', newer.id, quiet);
    expect((await pin(reply.id, true)).status).toBe(400);

    expect((await pin(older.id, true)).status).toBe(200);
    for (const order of ['newest', 'activity']) {
      const first = await page(clients.admin, `?order=${order}`, quiet);
      expect(first.threads.map((t) => [t.id, t.pinned])[0]).toEqual([older.id, true]);
      expect(first.threads.filter((t) => t.id === older.id)).toHaveLength(1);
    }
    // Pages after the first do not repeat it.
    const one = await page(clients.admin, '?limit=1', quiet);
    expect(one.threads.map((t) => t.id)).toEqual([older.id, other.id]);
    const rest = await page(clients.admin, `?limit=5&cursor=${one.nextCursor}`, quiet);
    expect(rest.threads.map((t) => t.id)).toEqual([newer.id]);

    // Pinning another unpins the first: one per module.
    await pin(other.id, true);
    const after = await page(clients.admin, '', quiet);
    expect(after.threads.filter((t) => t.pinned).map((t) => t.id)).toEqual([other.id]);
    await pin(other.id, false);
    expect((await page(clients.admin, '', quiet)).threads.some((t) => t.pinned)).toBe(false);
  });
});
