import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffCommentsPageDto } from '@atrium/common';
import { useTestServer } from '../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, type UserRow } from '../../test/factories.ts';
import type { TestClient } from '../../test/client.ts';
import { createSchool, joinSchool } from '../../commands/schools/membership.ts';

const server = useTestServer();
let schoolId: number;
let otherSchoolId: number;
let moduleId: number;
const people: Record<'head' | 'teacher' | 'outsider' | 'otherHead' | 'admin', UserRow> = {} as never;
const clients: Record<keyof typeof people, TestClient> = {} as never;

beforeAll(async () => {
  const course = await createCourse(server, { title: 'Podcasting' });
  moduleId = (await createModule(server, course.id, { title: 'Microphones' })).id;
  people.head = await createUser(server.db, { firstName: 'Hana', lastName: 'Head' });
  people.teacher = await createUser(server.db, { firstName: 'Tom', lastName: 'Teacher' });
  people.outsider = await createUser(server.db, { firstName: 'Olu', lastName: 'Out' });
  people.otherHead = await createUser(server.db, { firstName: 'Oona', lastName: 'Other' });
  people.admin = await createAdmin(server.db);
  schoolId = await createSchool(server.db, { name: 'Oakfield Primary', country: 'GB' }, people.head.id, Date.now());
  await joinSchool(server.db, people.teacher.id, schoolId, 'member', Date.now());
  otherSchoolId = await createSchool(server.db, { name: 'Riverside Academy', country: 'GB' }, people.otherHead.id, Date.now());
  for (const name of ['head', 'teacher', 'outsider'] as const) await enroll(server.db, people[name].id, course.id);
  for (const [name, user] of Object.entries(people) as Array<[keyof typeof people, UserRow]>) {
    clients[name] = server.client();
    await signIn(clients[name], user);
  }
});

const post = async (who: keyof typeof people, comment: string, parentId?: number) => {
  const response = await clients[who].post(`/api/modules/${moduleId}/comments`, parentId === undefined ? { comment } : { comment, parentId });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number };
};

describe("a school's managers read their staff's comments", () => {
  it('newest first, a page at a time, replies with their thread, without hidden or held ones, and without other schools', async () => {
    const question = await post('teacher', 'Which microphone for a class podcast?');
    await post('outsider', 'A USB one is enough.', question.id);
    const reply = await post('teacher', 'Thanks, ordering one.', question.id);
    const hidden = await post('teacher', 'Off-topic advert');
    await clients.admin.put(`/api/admin/moderation/comments/${hidden.id}/hide`, { reason: 'Advertising' });
    await post('teacher', 'Links: http://a.test http://b.test http://c.test http://d.test');

    const first = (await clients.head.get(`/api/schools/${schoolId}/comments?limit=1`)).body as StaffCommentsPageDto;
    expect(first.items).toEqual([
      expect.objectContaining({
        id: reply.id,
        threadId: question.id,
        reply: true,
        userFirstName: 'Tom',
        moduleTitle: 'Microphones',
        courseTitle: 'Podcasting',
      }),
    ]);
    const rest = (await clients.head.get(`/api/schools/${schoolId}/comments?cursor=${first.nextCursor}`)).body as StaffCommentsPageDto;
    expect(rest.items.map((item) => item.comment)).toEqual(['Which microphone for a class podcast?']);
    expect(rest.nextCursor).toBeNull();

    // The admin reads any school's, the same way; another school's manager reads their own only.
    const asAdmin = (await clients.admin.get(`/api/admin/schools/${schoolId}/comments`)).body as StaffCommentsPageDto;
    expect(asAdmin.items.map((item) => item.id)).toEqual([reply.id, question.id]);
    expect(((await clients.otherHead.get(`/api/schools/${otherSchoolId}/comments`)).body as StaffCommentsPageDto).items).toEqual([]);
  });

  it('leaves out a reply whose thread an admin hid, as the discussion does', async () => {
    const thread = await post('outsider', 'Something an admin will hide');
    const reply = await post('teacher', 'Quoting it back: "something"', thread.id);
    const ids = async () => ((await clients.head.get(`/api/schools/${schoolId}/comments?limit=50`)).body as StaffCommentsPageDto).items.map((item) => item.id);
    expect(await ids()).toContain(reply.id);
    expect((await clients.admin.put(`/api/admin/moderation/comments/${thread.id}/hide`, { reason: 'Offensive' })).status).toBe(200);
    expect(await ids()).not.toContain(reply.id);
  });

  it('is for the managers: members, other schools and visitors are refused, a bad cursor is 400', async () => {
    expect((await clients.teacher.get(`/api/schools/${schoolId}/comments`)).status).toBe(403);
    expect((await clients.otherHead.get(`/api/schools/${schoolId}/comments`)).status).toBe(403);
    expect((await server.client().get(`/api/schools/${schoolId}/comments`)).status).toBe(401);
    const bad = await clients.head.get(`/api/schools/${schoolId}/comments?cursor=nonsense`);
    expect([bad.status, bad.body.message]).toEqual([400, 'That page link is not valid: load the comments again']);
    expect((await clients.head.get(`/api/schools/${schoolId}/comments?limit=500`)).status).toBe(400);
  });
});
