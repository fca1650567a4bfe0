import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { dialectOf } from '../db/knex.ts';
import { deleteComment, reportComment } from './comments.ts';
import { followThread } from './discussionFollows.ts';
import { createCourse, createModule, createUser } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';

const server = useTestServer();

/** A thread that the policy read a moment ago and its author deleted since (the row is gone). */
async function vanishedThread(): Promise<{ threadId: number; userId: number }> {
  const course = await createCourse(server);
  const module = await createModule(server, course.id);
  const author = await createUser(server.db);
  const now = Date.now();
  const [threadId] = await server
    .db('comments')
    .insert({ moduleId: module.id, userId: author.id, parentId: null, comment: 'Gone soon', createdAt: now, lastActivityAt: now });
  await server.db('comments').where({ id: threadId }).delete();
  return { threadId: Number(threadId), userId: (await createUser(server.db)).id };
}

describe('following or reporting a comment deleted under the request', () => {
  it('is a 404, not a 500, and writes nothing', async () => {
    const { threadId, userId } = await vanishedThread();
    await expect(followThread(server.db, server.clock, userId, threadId, true)).rejects.toMatchObject({ status: 404 });
    await expect(reportComment(server.db, server.clock, { commentId: threadId, userId, reason: 'spam', details: '' })).rejects.toMatchObject({ status: 404 });
    expect(await server.db('commentFollows').where({ threadId })).toEqual([]);
    expect(await server.db('commentReports').where({ commentId: threadId })).toEqual([]);
  });
});

describe('deleting the last reply of a deleted thread while someone replies', () => {
  // SQLite has one writer, so the two cannot interleave there.
  it('keeps the thread for the new reply (MariaDB: the opening comment is locked first, as posting locks it)', async (context) => {
    if (dialectOf(server.db) !== 'mysql') context.skip();
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    const author = await createUser(server.db);
    const now = Date.now();
    const comment = (parentId: number | null) => ({ moduleId: module.id, userId: author.id, parentId, comment: 'Text', createdAt: now, lastActivityAt: now });
    const [threadId] = await server.db('comments').insert({ ...comment(null), deletedAt: now, comment: '' });
    const [lastReply] = await server.db('comments').insert(comment(Number(threadId)));

    // A reply being posted holds the opening comment's lock (postComment's update) until it commits.
    const posting = await server.db.transaction();
    await posting('comments')
      .where({ id: threadId })
      .update({ lastActivityAt: now + 1 });
    const deleting = deleteComment(server.db, server.clock, { id: Number(lastReply), parentId: Number(threadId) });
    await sleep(300);
    const [newReply] = await posting('comments').insert(comment(Number(threadId)));
    await posting.commit();
    await deleting;

    expect(await server.db('comments').where({ id: threadId }).first('id')).toBeDefined();
    expect(await server.db('comments').where({ id: newReply }).first('parentId')).toEqual({ parentId: Number(threadId) });
  });
});
