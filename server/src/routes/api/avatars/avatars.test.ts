import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { avatarUrl } from '../../../commands/profile.ts';
import { createSchool } from '../../../commands/schools/membership.ts';
import { attachSchool, createTrust } from '../../../commands/trusts.ts';
import { createAdmin, createCourse, createModule, enroll } from '../../../test/factories.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import type { TestClient } from '../../../test/client.ts';

// Profile photos are not a directory (issue 50 item 7): a photo is for its owner, admins, and
// whoever meets its owner where the portal shows it (policies/avatars.ts).

const server = useTestServer();
type Person = Awaited<ReturnType<typeof learner>>;

/** A signed-in person with an uploaded photo; the URL the portal would be given for it. */
async function withPhoto(): Promise<Person & { photo: string }> {
  const person = await learner(server);
  const etag = randomBytes(6).toString('hex');
  await server.db('avatars').insert({ userId: person.user.id, data: Buffer.from('x'), contentType: 'image/webp', etag, updatedAt: Date.now() });
  const photo = avatarUrl(person.user.id, etag);
  await server.db('users').where({ id: person.user.id }).update({ profileImageUrl: photo });
  return { ...person, photo };
}

/** A school founded by an account of its own (a person is on the staff of one school at most). */
const newSchool = async (name: string) => createSchool(server.db, { name, country: 'GB' }, (await createAdmin(server.db)).id, Date.now());
const status = async (client: TestClient, path: string) => (await client.get(path)).status;
const staffOf = (schoolId: number, ...people: Person[]) =>
  server.db('schoolMembers').insert(people.map((person) => ({ schoolId, userId: person.user.id, role: 'member', joinedAt: Date.now() })));

describe('GET /api/avatars/:id', () => {
  it('shows a photo to its owner, admins and the staff of a school they share; to anyone else it is the 404 of an account without one', async () => {
    const owner = await withPhoto();
    const colleague = await learner(server);
    const stranger = await learner(server);
    const admin = await learner(server, { role: 'admin' });
    const schoolId = await newSchool('Oak Primary');
    await staffOf(schoolId, owner, colleague);

    expect(await status(owner.client, owner.photo)).toBe(200);
    expect(await status(admin.client, owner.photo)).toBe(200);
    expect(await status(colleague.client, owner.photo)).toBe(200);
    const refused = await stranger.client.get(owner.photo);
    const noPhoto = await owner.client.get(`/api/avatars/${colleague.user.id}`);
    expect([refused.status, refused.body.message]).toEqual([404, 'No photo']);
    expect([noPhoto.status, noPhoto.body.message]).toEqual([404, 'No photo']);
    expect(refused.headers.get('etag')).toBeNull();
    expect((await server.client().get(owner.photo)).status).toBe(401);

    // Left the school: no longer shared.
    await server.db('schoolMembers').where({ schoolId, userId: owner.user.id }).delete();
    expect(await status(colleague.client, owner.photo)).toBe(404);
  });

  it("shows it across a trust (its managers and its schools' staff), never to another trust's", async () => {
    const owner = await withPhoto();
    const sibling = await learner(server);
    const trustManager = await learner(server);
    const outsider = await learner(server);
    const oak = await newSchool('Oak Primary');
    const elm = await newSchool('Elm Academy');
    const rival = await newSchool('Rival Primary');
    const trustId = await createTrust(server.db, 'Greenway Trust', Date.now());
    const rivalTrust = await createTrust(server.db, 'Rival Trust', Date.now());
    for (const [trust, school] of [
      [trustId, oak],
      [trustId, elm],
      [rivalTrust, rival],
    ] as const)
      await attachSchool(server.db, trust, school, Date.now());
    await staffOf(oak, owner);
    await staffOf(elm, sibling);
    await staffOf(rival, outsider);
    await server.db('trustManagers').insert({ trustId, userId: trustManager.user.id, joinedAt: Date.now() });

    expect(await status(sibling.client, owner.photo)).toBe(200);
    expect(await status(trustManager.client, owner.photo)).toBe(200);
    expect(await status(outsider.client, owner.photo)).toBe(404);
    // A trust's manager is met by its staff too (the trust's pages name them).
    const managerPhoto = await withPhoto();
    await server.db('trustManagers').insert({ trustId, userId: managerPhoto.user.id, joinedAt: Date.now() });
    expect(await status(owner.client, managerPhoto.photo)).toBe(200);
    expect(await status(outsider.client, managerPhoto.photo)).toBe(404);
  });

  it("shows a commenter's photo to the learners of that course, as the module's discussion shows it; an enrollment alone shows nobody", async () => {
    const course = await createCourse(server, { price: 0 });
    const other = await createCourse(server, { price: 0 });
    const moduleId = (await createModule(server, course.id)).id;
    const commenter = await withPhoto();
    const quiet = await withPhoto();
    const classmate = await learner(server);
    const elsewhere = await learner(server);
    for (const person of [commenter, quiet, classmate]) await enroll(server.db, person.user.id, course.id);
    await enroll(server.db, elsewhere.user.id, other.id);
    expect((await commenter.client.post(`/api/modules/${moduleId}/comments`, { comment: 'Useful module' })).status).toBe(201);

    const discussion = await classmate.client.get(`/api/modules/${moduleId}/comments`);
    expect(discussion.status).toBe(200);
    const shown = (discussion.body as Array<{ userProfileImageUrl: string | null }>)[0]!.userProfileImageUrl!;
    expect(shown).toBe(commenter.photo);
    expect(await status(classmate.client, shown)).toBe(200);
    expect(await status(elsewhere.client, shown)).toBe(404);
    expect(await status(classmate.client, quiet.photo)).toBe(404);
    expect(await status(commenter.client, quiet.photo)).toBe(404);
  });
});
