import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { addMember, licensedSchool } from '../../test/deadlines.ts';
import { schoolWithManager } from '../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../test/trusts.ts';
import { entraUser, proveDomain, scimClientFor, type ScimClient } from '../../test/scim.ts';

// The authorization matrix's neighbour for directory sync (issue 56): a token sees only its own
// school's (or its trust's schools') Users and Groups; every id of another is a 404 like one that
// does not exist, and no lookup finds anyone outside.

const server = useTestServer();
const joined = Date.parse('2025-09-01T09:00:00Z');
const filterBy = (email: string) => `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`;

/** Every way a token could reach a User or Group id that is not its own: all 404. */
async function refusedEverywhere(scim: ScimClient, userId: string, groupId: string): Promise<number[]> {
  return Promise.all([
    scim.get(`/Users/${userId}`),
    scim.put(`/Users/${userId}`, { userName: 'x@example.org' }),
    scim.patch(`/Users/${userId}`, { op: 'Replace', path: 'active', value: 'False' }),
    scim.delete(`/Users/${userId}`),
    scim.get(`/Groups/${groupId}`),
    scim.put(`/Groups/${groupId}`, { displayName: 'Taken over' }),
    scim.patch(`/Groups/${groupId}`, { op: 'Replace', path: 'displayName', value: 'Taken over' }),
    scim.delete(`/Groups/${groupId}`),
  ]).then((answers) => answers.map((answer) => answer.status));
}

describe('directory tokens are kept apart', () => {
  it('two schools: neither token finds, reads, changes or removes the other school’s Users and Groups', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const oak = await licensedSchool(server, 'Oak Primary');
    const elm = await schoolWithManager(server, 'Elm Primary');
    const oakScim = await scimClientFor(server, oak.manager.client, `/api/schools/${oak.schoolId}`);
    const elmScim = await scimClientFor(server, elm.client, `/api/schools/${elm.schoolId}`);
    const oakMember = await addMember(server.db, oak.schoolId, joined);
    const elmMember = await addMember(server.db, elm.schoolId, joined);
    const oakUser = (await oakScim.get(filterBy(oakMember.email))).body.Resources[0].id as string;
    const elmUser = (await elmScim.get(filterBy(elmMember.email))).body.Resources[0].id as string;
    const oakGroup = (await oakScim.post('/Groups', { displayName: 'Office', members: [{ value: oakUser }] })).body.id as string;
    const elmGroup = (await elmScim.post('/Groups', { displayName: 'Office', members: [{ value: elmUser }] })).body.id as string;

    expect(await refusedEverywhere(oakScim, elmUser, elmGroup)).toEqual(Array(8).fill(404));
    expect(await refusedEverywhere(elmScim, oakUser, oakGroup)).toEqual(Array(8).fill(404));
    expect((await oakScim.get(filterBy(elmMember.email))).body.totalResults).toBe(0);
    expect((await oakScim.get('/Users')).body.Resources.map((user: { id: string }) => user.id)).toEqual([oakUser]);
    expect((await oakScim.get('/Groups')).body.Resources.map((group: { id: string }) => group.id)).toEqual([oakGroup]);
    // Another school's User cannot be put in one's own group either.
    const stolen = await oakScim.patch(`/Groups/${oakGroup}`, { op: 'Add', path: 'members', value: [{ value: elmUser }] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.scimType).toBe('invalidValue');
    // Nothing of Elm's changed.
    expect(await server.db('schoolMembers').where({ userId: elmMember.id }).first('schoolId')).toEqual({ schoolId: elm.schoolId });
    expect((await elmScim.get(`/Groups/${elmGroup}`)).body).toMatchObject({ displayName: 'Office', members: [{ value: elmUser }] });

    // A manager of one school cannot see, make or revoke the other's tokens; an admin can.
    expect((await oak.manager.client.get(`/api/schools/${elm.schoolId}/scim-tokens`)).status).toBe(403);
    expect((await oak.manager.client.delete(`/api/schools/${elm.schoolId}/scim-tokens/${elmScim.tokenId}`)).status).toBe(403);
    // Through its own school's path: nothing happens, and the answer does not say whose the id is.
    expect((await oak.manager.client.delete(`/api/schools/${oak.schoolId}/scim-tokens/${elmScim.tokenId}`)).status).toBe(204);
    expect((await elmScim.get('/Users')).status).toBe(200);
    expect((await oak.admin.get(`/api/admin/schools/${elm.schoolId}/scim-tokens`)).body).toHaveLength(1);
    expect((await oak.admin.delete(`/api/admin/schools/${elm.schoolId}/scim-tokens/${elmScim.tokenId}`)).status).toBe(204);
    expect((await elmScim.get('/Users')).status).toBe(401);
    expect((await oakScim.get('/Users')).status).toBe(200);
  });

  it('two trusts: a trust token places people in its school named by organization, sees its schools’ people and groups only', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const north = await licensedSchool(server, 'North Primary');
    const northSecond = await schoolWithManager(server, 'North High');
    const south = await schoolWithManager(server, 'South Primary');
    const northTrust = await trustOf(north.admin, 'North Trust', [north.schoolId, northSecond.schoolId]);
    const southTrust = await trustOf(north.admin, 'South Trust', [south.schoolId]);
    const northManager = await trustManagerOf(server, north.admin, northTrust);
    const southManager = await trustManagerOf(server, north.admin, southTrust);
    await proveDomain(server, northSecond.schoolId, 'northhigh.sch.uk');
    const northScim = await scimClientFor(server, northManager.client, `/api/trusts/${northTrust}`);
    const southScim = await scimClientFor(server, southManager.client, `/api/trusts/${southTrust}`);

    const enterprise = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
    const placed = await northScim.post('/Users', { ...entraUser('amy@northhigh.sch.uk', 'n-1'), [enterprise]: { organization: 'north high' } });
    expect(placed.status, placed.text).toBe(201);
    const amy = (await server.db('users').where({ email: 'amy@northhigh.sch.uk' }).first('id'))!;
    expect(await server.db('schoolMembers').where({ userId: amy.id }).first('schoolId')).toEqual({ schoolId: northSecond.schoolId });
    const unnamed = await northScim.post('/Users', entraUser('bea@northhigh.sch.uk', 'n-2'));
    expect(unnamed.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const elsewhere = await northScim.post('/Users', { ...entraUser('cy@south.sch.uk', 'n-3'), [enterprise]: { organization: 'South Primary' } });
    expect(elsewhere.body).toMatchObject({ status: '400', scimType: 'invalidValue' });

    const southMember = await addMember(server.db, south.schoolId, joined);
    const southUser = (await southScim.get(filterBy(southMember.email))).body.Resources[0].id as string;
    const southGroup = (await southScim.post('/Groups', { displayName: 'Teachers' })).body.id as string;
    const northGroup = (await northScim.post('/Groups', { displayName: 'Teachers', members: [{ value: placed.body.id }] })).body;
    expect(northGroup.members).toEqual([expect.objectContaining({ value: placed.body.id })]);
    expect(
      await server
        .db('groups')
        .where({ id: Number(northGroup.id) })
        .first('trustId'),
    ).toEqual({ trustId: northTrust });

    expect(await refusedEverywhere(northScim, southUser, southGroup)).toEqual(Array(8).fill(404));
    expect(await refusedEverywhere(southScim, placed.body.id, northGroup.id)).toEqual(Array(8).fill(404));
    expect((await southScim.get(filterBy('amy@northhigh.sch.uk'))).body.totalResults).toBe(0);
    // A school token of one of the trust's schools does not see the trust's groups or the other school's people.
    const schoolScim = await scimClientFor(server, north.manager.client, `/api/schools/${north.schoolId}`);
    expect((await schoolScim.get(`/Users/${placed.body.id}`)).status).toBe(404);
    expect((await schoolScim.get(`/Groups/${northGroup.id}`)).status).toBe(404);
    expect((await north.manager.client.get(`/api/trusts/${northTrust}/scim-tokens`)).status).toBe(403);
    expect((await southManager.client.get(`/api/trusts/${northTrust}/scim-tokens`)).status).toBe(403);
  });
});
