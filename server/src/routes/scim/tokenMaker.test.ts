import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { addMember } from '../../test/deadlines.ts';
import { schoolWithManager } from '../../test/schools.ts';
import { adminClient, trustManagerOf, trustOf } from '../../test/trusts.ts';
import { createAdmin, signIn } from '../../test/factories.ts';
import { entraUser, scimClientFor, type ScimClient } from '../../test/scim.ts';

// A directory sync token speaks with its maker's authority (CONTRACT "directory sync"), so it
// works only while its maker may still make it: an account not deleted, of an agency admin or of
// a manager of the token's school or trust now. A manager demoted, removed or deleted leaves
// their tokens dead at once, with a 401 that says why and what to do.

const server = useTestServer();
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const stopped = (kind: 'school' | 'trust') =>
  `This directory sync token stopped working because the person who created it no longer manages this ${kind}. A current manager can create a new one on the Directory sync panel.`;

async function expectStopped(scim: ScimClient, kind: 'school' | 'trust'): Promise<void> {
  for (const answer of [await scim.get('/Users'), await scim.post('/Users', entraUser('new.starter@example.org', 'x-1'))]) {
    expect(answer.status, answer.text).toBe(401);
    expect(answer.body).toEqual({ schemas: [SCIM_ERROR], status: '401', detail: stopped(kind) });
  }
}

/** A school with two managers, each with a token of their own. */
async function schoolOfTwoManagers(name: string) {
  const school = await schoolWithManager(server, name);
  const other = await addMember(server.db, school.schoolId, Date.parse('2025-09-01T09:00:00Z'));
  expect((await school.client.post(`/api/schools/${school.schoolId}/managers`, { userId: other.id })).status).toBe(200);
  const otherClient = server.client();
  await signIn(otherClient, other);
  const base = `/api/schools/${school.schoolId}`;
  return {
    schoolId: school.schoolId,
    maker: school.user,
    makerClient: school.client,
    other,
    otherClient,
    makersToken: await scimClientFor(server, school.client, base, 'Maker'),
    othersToken: await scimClientFor(server, otherClient, base, 'Other'),
  };
}

describe('a directory token ends with its maker’s role', () => {
  it('a school manager’s token answers 401 once they are demoted to member; a current manager’s keeps working', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const school = await schoolOfTwoManagers('Oak Primary');
    expect((await school.makersToken.get('/Users')).status).toBe(200);

    await server.db('schoolMembers').where({ schoolId: school.schoolId, userId: school.maker.id }).update({ role: 'member' });
    await expectStopped(school.makersToken, 'school');
    // Nothing went out in the demoted maker's name.
    expect(await server.db('schoolInvites').where({ schoolId: school.schoolId, email: 'new.starter@example.org' }).first('id')).toBeUndefined();
    expect((await school.othersToken.get('/Users')).status).toBe(200);

    // Made a manager again, the same token works again: the rule reads the role now.
    await server.db('schoolMembers').where({ schoolId: school.schoolId, userId: school.maker.id }).update({ role: 'manager' });
    expect((await school.makersToken.get('/Users')).status).toBe(200);
  });

  it('a school manager’s token answers 401 once they are removed from the school, or leave for another', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const school = await schoolOfTwoManagers('Elm Primary');
    const removed = await school.otherClient.delete(`/api/schools/${school.schoolId}/members/${school.maker.id}`);
    expect(removed.body).toMatchObject({ removed: true });
    await expectStopped(school.makersToken, 'school');
    expect((await school.othersToken.get('/Users')).status).toBe(200);

    // Managing another school gives no authority over this one.
    const created = await school.makerClient.post('/api/schools', { name: 'Ash Academy', country: 'gb' });
    expect(created.status, created.text).toBe(201);
    await expectStopped(school.makersToken, 'school');
  });

  it('a school manager’s token answers 401 once their account is deleted (or its row is gone)', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const school = await schoolOfTwoManagers('Yew Primary');
    await server.db('users').where({ id: school.maker.id }).update({ deletedAt: server.clock.now().getTime() });
    await expectStopped(school.makersToken, 'school');
    expect((await school.othersToken.get('/Users')).status).toBe(200);

    // The account row itself gone: the foreign key leaves the token without a maker.
    await server.db('directoryTokens').where({ id: school.othersToken.tokenId }).update({ createdBy: null });
    await expectStopped(school.othersToken, 'school');
  });

  it('a trust token answers 401 once its maker is no longer one of the trust’s managers; another manager’s keeps working', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const school = await schoolWithManager(server, 'Birch Primary');
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Birch Trust', [school.schoolId]);
    const maker = await trustManagerOf(server, admin, trustId);
    const other = await trustManagerOf(server, admin, trustId);
    const makersToken = await scimClientFor(server, maker.client, `/api/trusts/${trustId}`, 'Maker');
    const othersToken = await scimClientFor(server, other.client, `/api/trusts/${trustId}`, 'Other');
    expect((await makersToken.get('/Users')).status).toBe(200);

    expect((await admin.delete(`/api/admin/trusts/${trustId}/managers/${maker.user.id}`)).status).toBe(200);
    await expectStopped(makersToken, 'trust');
    expect((await othersToken.get('/Users')).status).toBe(200);
    // Being a manager of one of the trust's schools is not managing the trust.
    await server.db('schoolMembers').insert({ schoolId: school.schoolId, userId: maker.user.id, role: 'manager', joinedAt: Date.now() });
    await expectStopped(makersToken, 'trust');
  });

  it('an agency admin’s token keeps working without any membership, and stops once they are no longer an admin', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const school = await schoolWithManager(server, 'Hazel Primary');
    const adminUser = await createAdmin(server.db);
    const admin = server.client();
    await signIn(admin, adminUser);
    const trustId = await trustOf(admin, 'Hazel Trust', [school.schoolId]);
    const schoolToken = await scimClientFor(server, admin, `/api/admin/schools/${school.schoolId}`);
    const trustToken = await scimClientFor(server, admin, `/api/admin/trusts/${trustId}`);
    expect((await schoolToken.get('/Users')).status).toBe(200);
    expect((await trustToken.get('/Users')).status).toBe(200);

    await server.db('users').where({ id: adminUser.id }).update({ role: 'learner' });
    await expectStopped(schoolToken, 'school');
    await expectStopped(trustToken, 'trust');
  });
});
