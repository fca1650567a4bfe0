import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../../../test/server.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';
import { countColdAndWarm } from '../../../test/countQueries.ts';

const server = useTestServer();
let moduleId: number;
let learner: UserRow;
let classmate: UserRow;
let outsider: UserRow;
let admin: UserRow;
const clients: Record<'learner' | 'classmate' | 'outsider' | 'admin', TestClient> = {} as never;

beforeAll(async () => {
  const course = await createCourse(server);
  moduleId = (await createModule(server, course.id)).id;
  learner = await createUser(server.db, { firstName: 'Nia', lastName: 'Patel' });
  classmate = await createUser(server.db, { firstName: 'Sam', lastName: 'Jones' });
  outsider = await createUser(server.db);
  admin = await createAdmin(server.db);
  await enroll(server.db, learner.id, course.id);
  await enroll(server.db, classmate.id, course.id);
  for (const [name, user] of Object.entries({ learner, classmate, outsider, admin }) as Array<[keyof typeof clients, UserRow]>) {
    clients[name] = server.client();
    await signIn(clients[name], user);
  }
});

const path = () => `/api/modules/${moduleId}/comments`;

describe('posting', () => {
  it('lets an enrolled learner post a trimmed comment and answers 201 with the comment', async () => {
    const response = await clients.learner.post(path(), { comment: '  Great tips on lighting!  ' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      moduleId,
      userId: learner.id,
      comment: 'Great tips on lighting!',
      userFirstName: 'Nia',
      userLastName: 'Patel',
      userProfileImageUrl: null,
    });
    expect(response.body.userEmail).toBeUndefined();
    expect(new Date(response.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses an empty comment and one over 2,000 characters, and accepts exactly 2,000', async () => {
    const blank = await clients.learner.post(path(), { comment: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Comment cannot be empty');
    const missing = await clients.learner.post(path(), {});
    expect(missing.status).toBe(400);
    const long = await clients.learner.post(path(), { comment: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.errors.comment).toMatch(/2,000/);
    const limit = await clients.learner.post(path(), { comment: 'y'.repeat(2000) });
    expect(limit.status).toBe(201);
    expect(limit.body.comment).toHaveLength(2000);
  });

  it('needs a session (401), an enrollment or admin role (403) and a module that exists (404)', async () => {
    expect((await server.client().post(path(), { comment: 'hi' })).status).toBe(401);
    const outside = await clients.outsider.post(path(), { comment: 'let me in' });
    expect(outside.status).toBe(403);
    expect(await server.db('comments').where({ userId: outsider.id }).first()).toBeUndefined();
    expect((await clients.admin.post(path(), { comment: 'From the team' })).status).toBe(201);
    expect((await clients.learner.post('/api/modules/999999/comments', { comment: 'hi' })).status).toBe(404);
    expect((await clients.learner.post('/api/modules/abc/comments', { comment: 'hi' })).status).toBe(400);
  });

  it('rate limits each user with the comment limit', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const course = await createCourse(limited);
      const module = await createModule(limited, course.id);
      const [chatty, quiet] = [await createUser(limited.db), await createUser(limited.db)];
      await enroll(limited.db, chatty.id, course.id);
      await enroll(limited.db, quiet.id, course.id);
      const chattyClient = limited.client();
      const quietClient = limited.client();
      await signIn(chattyClient, chatty);
      await signIn(quietClient, quiet);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await chattyClient.post(`/api/modules/${module.id}/comments`, { comment: `comment ${i}` })).status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      // The limit is per user: someone else on the same address can still post.
      expect((await quietClient.post(`/api/modules/${module.id}/comments`, { comment: 'hello' })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('reading', () => {
  it('lists newest first with author names, and e-mail addresses only for admins', async () => {
    await clients.classmate.post(path(), { comment: 'newest of all' });
    const asLearner = await clients.learner.get(path());
    expect(asLearner.status).toBe(200);
    expect(asLearner.body[0]).toMatchObject({ comment: 'newest of all', userId: classmate.id, userFirstName: 'Sam', userLastName: 'Jones' });
    const times = asLearner.body.map((c: { createdAt: string }) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(asLearner.body.every((c: object) => !('userEmail' in c))).toBe(true);
    expect(asLearner.text).not.toContain(classmate.email);

    const asAdmin = await clients.admin.get(path());
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body[0].userEmail).toBe(classmate.email);
    expect(asAdmin.body.find((c: { userId: number }) => c.userId === learner.id).userEmail).toBe(learner.email);
  });

  it('ships what the caller may do with each comment: its author and admins delete it, a classmate does not', async () => {
    const own = (await clients.learner.post(path(), { comment: 'mine to delete' })).body;
    expect(own.can).toEqual({ delete: true, reply: true, markAnswer: false, pin: false, report: false, hide: false });
    const canDelete = async (client: TestClient) =>
      ((await client.get(`${path()}?limit=200`)).body as Array<{ id: number; can: { delete: boolean } }>).find((c) => c.id === own.id)!.can.delete;
    expect(await canDelete(clients.learner)).toBe(true);
    expect(await canDelete(clients.classmate)).toBe(false);
    expect(await canDelete(clients.admin)).toBe(true);
  });

  it('pages with limit and offset', async () => {
    const all = (await clients.learner.get(`${path()}?limit=200`)).body as Array<{ id: number }>;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const page = await clients.learner.get(`${path()}?limit=2&offset=1`);
    expect(page.body.map((c: { id: number }) => c.id)).toEqual(all.slice(1, 3).map((c) => c.id));
    expect((await clients.learner.get(`${path()}?limit=201`)).status).toBe(400);
    expect((await clients.learner.get(`${path()}?offset=-1`)).status).toBe(400);
  });

  it('defaults to 50 comments per page', async () => {
    const course = await createCourse(server);
    const busy = await createModule(server, course.id);
    const rows = Array.from({ length: 60 }, (_, i) => ({ moduleId: busy.id, userId: learner.id, comment: `c${i}`, createdAt: Date.now() + i }));
    await server.db('comments').insert(rows);
    const response = await clients.admin.get(`/api/modules/${busy.id}/comments`);
    expect(response.body).toHaveLength(50);
    expect(response.body[0].comment).toBe('c59');
  });

  it('is for enrolled learners and admins only', async () => {
    expect((await server.client().get(path())).status).toBe(401);
    expect((await clients.outsider.get(path())).status).toBe(403);
    expect((await clients.learner.get('/api/modules/999999/comments')).status).toBe(404);
  });
});

describe('deleting', () => {
  it("lets the author delete their own comment but not a classmate's; an admin deletes any", async () => {
    const mine = (await clients.learner.post(path(), { comment: 'delete me later' })).body;
    const theirs = (await clients.classmate.post(path(), { comment: 'mine, not yours' })).body;

    const refused = await clients.learner.delete(`/api/modules/comments/${theirs.id}`);
    expect(refused.status).toBe(403);
    expect(await server.db('comments').where({ id: theirs.id }).first()).toBeTruthy();

    const own = await clients.learner.delete(`/api/modules/comments/${mine.id}`);
    expect(own.status).toBe(200);
    expect(await server.db('comments').where({ id: mine.id }).first()).toBeUndefined();

    const byAdmin = await clients.admin.delete(`/api/modules/comments/${theirs.id}`);
    expect(byAdmin.status).toBe(200);
    expect(await server.db('comments').where({ id: theirs.id }).first()).toBeUndefined();
  });

  it('answers 401 without a session and 404 for an unknown comment', async () => {
    const comment = (await clients.learner.post(path(), { comment: 'still here' })).body;
    expect((await server.client().delete(`/api/modules/comments/${comment.id}`)).status).toBe(401);
    expect((await clients.learner.delete('/api/modules/comments/999999')).status).toBe(404);
    expect((await clients.outsider.delete(`/api/modules/comments/${comment.id}`)).status).toBe(403);
  });
});

describe('the list query', () => {
  it('runs one SQL statement for the comments however many there are', async () => {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    server.db.on('query', listen);
    try {
      await clients.learner.get(path());
    } finally {
      server.db.off('query', listen);
    }
    const fromComments = statements.filter((sql) => /from [`"]?comments/i.test(sql));
    expect(fromComments).toHaveLength(1);
    expect(fromComments[0]).toMatch(/join [`"]?users/i);
  });
});

describe('query count', () => {
  it('reads a page of 2 comments and a page of 20 with the same number of queries, catalogue cold or warm', async () => {
    const course = await createCourse(server);
    const few = await createModule(server, course.id);
    const many = await createModule(server, course.id);
    await enroll(server.db, learner.id, course.id);
    for (const [module, count] of [
      [few, 2],
      [many, 20],
    ] as const) {
      for (let i = 0; i < count; i += 1) {
        const author = i % 2 ? learner.id : classmate.id;
        await server.db('comments').insert({ moduleId: module.id, userId: author, comment: `Comment ${i}`, createdAt: Date.now() + i });
      }
    }
    const forFew = await countColdAndWarm(server, () => clients.learner.get(`/api/modules/${few.id}/comments`));
    const forMany = await countColdAndWarm(server, async () => {
      const response = await clients.learner.get(`/api/modules/${many.id}/comments`);
      expect(response.body).toHaveLength(20);
    });
    expect(forFew.warm).toBeGreaterThan(0);
    expect(forFew.cold).toBeGreaterThan(forFew.warm);
    expect(forMany).toEqual(forFew);
  });
});
