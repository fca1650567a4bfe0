import { beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionCommentDto, NotificationsDto } from '@atrium/common';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
let courseId: number;
let moduleId: number;
const people: Record<'sam' | 'nia' | 'admin', UserRow> = {} as never;
const clients: Record<keyof typeof people, TestClient> = {} as never;

beforeAll(async () => {
  const course = await createCourse(server);
  courseId = course.id;
  moduleId = (await createModule(server, course.id, { title: 'Sound' })).id;
  people.sam = await createUser(server.db, { firstName: 'Sam', lastName: 'Jones' });
  people.nia = await createUser(server.db, { firstName: 'Nia', lastName: 'Patel' });
  people.admin = await createAdmin(server.db, { firstName: 'Ada', lastName: 'Trainer' });
  for (const name of ['sam', 'nia'] as const) await enroll(server.db, people[name].id, course.id);
  for (const [name, user] of Object.entries(people) as Array<[keyof typeof people, UserRow]>) {
    clients[name] = server.client();
    await signIn(clients[name], user);
  }
});

const post = async (who: keyof typeof people, comment: string, parentId?: number): Promise<DiscussionCommentDto> => {
  const response = await clients[who].post(`/api/modules/${moduleId}/comments`, parentId === undefined ? { comment } : { comment, parentId });
  expect(response.status, response.text).toBe(201);
  return response.body as DiscussionCommentDto;
};
const bell = async (who: keyof typeof people): Promise<NotificationsDto> => {
  const response = await clients[who].get('/api/notifications');
  expect(response.status, response.text).toBe(200);
  return response.body as NotificationsDto;
};

describe('the bell', () => {
  it("lists others' replies to one's comments, counts the unseen, and forgets the count once opened", async () => {
    expect(await bell('sam')).toEqual({ unread: 0, items: [] });
    const question = await post('sam', 'Which microphone for assemblies?');
    const mine = await post('sam', 'I tried the hall PA.', question.id);
    const answer = await post('nia', 'A lapel microphone on the speaker.', question.id);
    const underMine = await post('admin', 'The PA is fine if you take its line out.', mine.id);
    const found = await bell('sam');
    expect(found.unread).toBe(2);
    expect(found.items.map((item) => [item.commentId, item.threadId, item.moduleTitle, item.unread])).toEqual([
      [underMine.id, question.id, 'Sound', true],
      [answer.id, question.id, 'Sound', true],
    ]);
    expect(found.items[1]).toMatchObject({ courseId, moduleId, authorFirstName: 'Nia', excerpt: 'A lapel microphone on the speaker.' });

    const seen = await clients.sam.post('/api/notifications/seen');
    expect([seen.status, seen.body.unread]).toEqual([200, 0]);
    expect((await bell('sam')).items.every((item) => !item.unread)).toBe(true);
    server.clock.advance(1000);
    await post('nia', 'Or a shotgun mic on a stand.', question.id);
    expect((await bell('sam')).unread).toBe(1);
  });

  it('leaves out hidden replies and courses the reader no longer takes', async () => {
    const question = await post('nia', 'Podcast intro music: where from?');
    const hidden = await post('sam', 'Buy my music pack.', question.id);
    await clients.admin.put(`/api/admin/moderation/comments/${hidden.id}/hide`, { reason: 'Advertising' });
    expect((await bell('nia')).items.some((item) => item.commentId === hidden.id)).toBe(false);
    const kept = await post('sam', 'Free music archives work.', question.id);
    expect((await bell('nia')).items.some((item) => item.commentId === kept.id)).toBe(true);
    // A reply under Nia's reply in a thread an admin hid goes out of sight with the thread.
    const thread = await post('sam', 'Something an admin will hide');
    const niaSaid = await post('nia', 'Please keep it civil.', thread.id);
    const underNia = await post('sam', 'Says who?', niaSaid.id);
    expect((await bell('nia')).items.some((item) => item.commentId === underNia.id)).toBe(true);
    await clients.admin.put(`/api/admin/moderation/comments/${thread.id}/hide`, { reason: 'Offensive' });
    expect((await bell('nia')).items.some((item) => item.commentId === underNia.id)).toBe(false);
    // Its author still sees their own thread, replies and all.
    expect((await bell('sam')).items.some((item) => item.commentId === niaSaid.id)).toBe(true);

    await server.db('enrollments').where({ userId: people.nia.id, courseId }).delete();
    expect(await bell('nia')).toMatchObject({ unread: 0, items: [] });
    expect((await server.client().get('/api/notifications')).status).toBe(401);
  });
});
