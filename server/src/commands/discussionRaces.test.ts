import { describe, expect, it } from 'vitest';
import { reportComment } from './comments.ts';
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
