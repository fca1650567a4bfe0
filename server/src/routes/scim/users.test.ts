import { describe, expect, it } from 'vitest';
import { housekeepingJobs } from '../../reminders/jobs.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { addMember, certify, licensedSchool } from '../../test/deadlines.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { entraUser, proveDomain, scimClientFor } from '../../test/scim.ts';

// Directory sync, SCIM Users (issue 56; CONTRACT "directory sync (SCIM 2.0)" and "what
// provisioning does"): Microsoft Entra ID's documented request sequence replayed on the test
// server (create → filter → patch → disable → enable → delete), and what each step does to the
// membership.

const server = useTestServer();
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

async function directorySchool(name: string) {
  const school = await licensedSchool(server, name);
  await server.db('users').where({ id: school.manager.user.id }).update({ emailVerifiedAt: server.clock.now().getTime() });
  const scim = await scimClientFor(server, school.manager.client, `/api/schools/${school.schoolId}`);
  return { ...school, scim };
}

describe('SCIM Users as Entra ID sends them', () => {
  it('a joiner on a proven domain is a member at once, without a password; a lookup finds them by address or externalId; Entra’s PATCH changes their name', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim, course } = await directorySchool('Oak Primary');
    await proveDomain(server, schoolId, 'oak.sch.uk');

    // Entra ID looks the person up first…
    const none = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "ann.able@oak.sch.uk"')}`);
    expect(none.status, none.text).toBe(200);
    expect(none.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(none.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });

    // …then creates them.
    const created = await scim.post('/Users', entraUser('Ann.Able@oak.sch.uk', 'e-1001'));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ userName: 'ann.able@oak.sch.uk', externalId: 'e-1001', active: true, name: { givenName: 'Ann', familyName: 'Able' } });
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    const account = (await server.db('users').where({ email: 'ann.able@oak.sch.uk' }).first())!;
    expect(account).toMatchObject({ passwordHash: '', firstName: 'Ann', lastName: 'Able' });
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await server.db('schoolMembers').where({ userId: account.id }).first()).toMatchObject({ schoolId, role: 'member' });
    // The school's licence reaches them like any member.
    expect(await server.db('enrollments').where({ userId: account.id, courseId: course.id }).first()).toMatchObject({ source: 'licence' });

    const again = await scim.post('/Users', entraUser('ann.able@OAK.sch.uk', 'e-1001'));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ schemas: [SCIM_ERROR], status: '409', scimType: 'uniqueness', detail: expect.any(String) });

    const byName = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "ANN.ABLE@oak.sch.uk"')}`);
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0].id).toBe(created.body.id);
    const byExternal = await scim.get(`/Users?filter=${encodeURIComponent('externalId eq "e-1001"')}`);
    expect(byExternal.body.Resources.map((user: { id: string }) => user.id)).toEqual([created.body.id]);

    const renamed = await scim.patch(
      `/Users/${created.body.id}`,
      { op: 'Replace', path: 'name.givenName', value: 'Annie' },
      { op: 'Add', path: 'externalId', value: 'e-2002' },
    );
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ externalId: 'e-2002', name: { givenName: 'Annie' } });
    expect(await server.db('users').where({ id: account.id }).first('firstName')).toEqual({ firstName: 'Annie' });
    // A path-less replace with dotted keys, as Entra ID also sends it.
    const pathless = await scim.patch(`/Users/${created.body.id}`, { op: 'Replace', value: { 'name.familyName': 'Baker', displayName: 'Annie Baker' } });
    expect(pathless.body.name).toMatchObject({ givenName: 'Annie', familyName: 'Baker' });

    const moved = await scim.patch(`/Users/${created.body.id}`, { op: 'replace', path: 'userName', value: 'someone.else@oak.sch.uk' });
    expect(moved.status).toBe(400);
    expect(moved.body.scimType).toBe('mutability');
  });

  it('active "False" suspends at once (sessions end, licence access ends, not a member anywhere) while certificates stay; active true restores the same place; DELETE keeps the account', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim, course, manager } = await directorySchool('Elm Academy');
    const joinedAt = Date.parse('2025-09-01T09:00:00Z');
    const bob = await addMember(server.db, schoolId, joinedAt, { firstName: 'Bob', lastName: 'Bell' });
    await server.db('enrollments').insert({ userId: bob.id, courseId: course.id, source: 'licence', enrolledAt: joinedAt });
    const certificate = await certify(server.db, bob.id, course.id, Date.parse('2026-01-10T09:00:00Z'));
    const browser = server.client();
    await signIn(browser, bob);
    expect((await browser.get('/api/user')).status).toBe(200);

    // An existing member is found by the filter and from then on managed by the directory.
    const found = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${bob.email}"`)}`);
    expect(found.body.totalResults).toBe(1);
    const id = found.body.Resources[0].id as string;
    const members = await manager.client.get(`/api/schools/${schoolId}/members`);
    expect(members.status).toBe(200);

    const disabled = await scim.patch(`/Users/${id}`, { op: 'Replace', path: 'active', value: 'False' });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.active).toBe(false);
    expect(await server.db('schoolMembers').where({ userId: bob.id }).first()).toBeUndefined();
    expect((await browser.get('/api/user')).status).toBe(401);
    expect(await server.db('enrollments').where({ userId: bob.id, courseId: course.id }).first()).toBeUndefined();
    expect(await server.db('certificates').where({ certificateNumber: certificate }).first('userId')).toEqual({ userId: bob.id });
    expect(await server.db('users').where({ id: bob.id }).first('id')).toEqual({ id: bob.id });
    // Not counted among the school's members (the same list every figure reads).
    const after = await manager.client.get(`/api/schools/${schoolId}/members`);
    expect(JSON.stringify(after.body)).not.toContain(bob.email);
    // Nor in the training statuses the register, the figures and the reminders are made from.
    const statuses = async () =>
      ((await manager.client.get(`/api/schools/${schoolId}/training-status?limit=500&courseId=${course.id}`)).body as Array<{ userId: number }>).map(
        (row) => row.userId,
      );
    expect(await statuses()).not.toContain(bob.id);

    // Okta sends a path-less replace with a boolean.
    const enabled = await scim.patch(`/Users/${id}`, { op: 'replace', value: { active: true } });
    expect(enabled.status, enabled.text).toBe(200);
    expect(await server.db('schoolMembers').where({ userId: bob.id }).first()).toMatchObject({ schoolId, role: 'member' });
    expect(Number((await server.db('schoolMembers').where({ userId: bob.id }).first())!.joinedAt)).toBe(joinedAt);
    expect(await server.db('enrollments').where({ userId: bob.id, courseId: course.id }).first()).toMatchObject({ source: 'licence' });
    expect(await statuses()).toContain(bob.id);

    const deleted = await scim.delete(`/Users/${id}`);
    expect(deleted.status).toBe(204);
    expect(await server.db('schoolMembers').where({ userId: bob.id }).first()).toBeUndefined();
    expect(await server.db('users').where({ id: bob.id }).first('id')).toEqual({ id: bob.id });
    expect(await server.db('certificates').where({ certificateNumber: certificate }).first('userId')).toEqual({ userId: bob.id });
    expect((await scim.get(`/Users/${id}`)).status).toBe(404);

    const log = await manager.client.get(`/api/schools/${schoolId}/directory-log`);
    expect(log.status).toBe(200);
    expect(log.body.map((line: { action: string }) => line.action)).toEqual(['removed', 'restored', 'suspended']);
  });

  it('a PATCH path naming __proto__, constructor or prototype is a 400 invalidPath and changes no object of the process', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim } = await directorySchool('Yew Primary');
    await proveDomain(server, schoolId, 'yew.sch.uk');
    const created = await scim.post('/Users', entraUser('eve.evans@yew.sch.uk', 'e-666', 'Eve', 'Evans'));
    const group = await scim.post('/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Staff' });
    expect(group.status, group.text).toBe(201);
    const attempts = [
      { op: 'replace', path: '__proto__.pollutedByScim', value: true },
      { op: 'replace', path: 'constructor.prototype.pollutedByScim', value: true },
      { op: 'add', path: 'name.__PROTO__.pollutedByScim', value: true },
      { op: 'Replace', value: { '__proto__.pollutedByScim': true } },
      { op: 'Add', value: { 'constructor.prototype.pollutedByScim': true } },
    ];
    for (const operation of attempts) {
      for (const path of [`/Users/${created.body.id}`, `/Groups/${group.body.id}`]) {
        const refused = await scim.patch(path, operation);
        expect(refused.status, `${path} ${JSON.stringify(operation)}`).toBe(400);
        expect(refused.body.scimType).toBe('invalidPath');
        expect(({} as Record<string, unknown>).pollutedByScim).toBeUndefined();
      }
    }
    expect((await scim.get(`/Users/${created.body.id}`)).body.name).toMatchObject({ givenName: 'Eve', familyName: 'Evans' });
  });

  it('a directory renames its own members’ accounts, never the account of someone who left for another school', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim } = await directorySchool('Hazel Primary');
    await proveDomain(server, schoolId, 'hazel.sch.uk');
    const created = await scim.post('/Users', entraUser('gil.grey@hazel.sch.uk', 'h-1', 'Gil', 'Grey'));
    const account = (await server.db('users').where({ email: 'gil.grey@hazel.sch.uk' }).first('id'))!;
    await scim.patch(`/Users/${created.body.id}`, { op: 'Replace', path: 'name.givenName', value: 'Gilbert' });
    expect(await server.db('users').where({ id: account.id }).first('firstName')).toEqual({ firstName: 'Gilbert' });

    // Gil leaves, and joins another school; Hazel's directory still names him.
    await server.db('schoolMembers').where({ userId: account.id }).delete();
    const elsewhere = await licensedSchool(server, 'Larch Academy');
    await server.db('schoolMembers').insert({ schoolId: elsewhere.schoolId, userId: account.id, role: 'member', joinedAt: Date.now() });
    expect((await scim.patch(`/Users/${created.body.id}`, { op: 'Replace', path: 'name.givenName', value: 'Someone Else' })).status).toBe(200);
    expect(await server.db('users').where({ id: account.id }).first('firstName', 'lastName')).toEqual({ firstName: 'Gilbert', lastName: 'Grey' });
  });

  it('never renames someone who left on their own, even once the directory marks them inactive; one it suspended, it still names', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim } = await directorySchool('Quince Primary');
    await proveDomain(server, schoolId, 'quince.sch.uk');
    const leaver = await scim.post('/Users', entraUser('ivy.iles@quince.sch.uk', 'h-2', 'Ivy', 'Iles'));
    const stayer = await scim.post('/Users', entraUser('jo.james@quince.sch.uk', 'h-3', 'Jo', 'James'));
    const account = async (email: string) => (await server.db('users').where({ email }).first('id', 'firstName'))!;

    // Ivy leaves the school herself (a member nowhere now); the directory then marks her inactive.
    await server
      .db('schoolMembers')
      .where({ userId: (await account('ivy.iles@quince.sch.uk')).id })
      .delete();
    expect((await scim.patch(`/Users/${leaver.body.id}`, { op: 'Replace', path: 'active', value: false })).status).toBe(200);
    expect((await scim.patch(`/Users/${leaver.body.id}`, { op: 'Replace', path: 'name.givenName', value: 'Mallory' })).status).toBe(200);
    expect((await account('ivy.iles@quince.sch.uk')).firstName).toBe('Ivy');

    // Jo is suspended by the directory: still the school's, so the directory's name reaches the account.
    expect((await scim.patch(`/Users/${stayer.body.id}`, { op: 'Replace', path: 'active', value: false })).status).toBe(200);
    expect((await scim.patch(`/Users/${stayer.body.id}`, { op: 'Replace', path: 'name.givenName', value: 'Joanna' })).status).toBe(200);
    expect((await account('jo.james@quince.sch.uk')).firstName).toBe('Joanna');
  });

  it('keeps a line of the sync log 400 days; the directory-log-prune job deletes older ones', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim, manager } = await directorySchool('Juniper Primary');
    await proveDomain(server, schoolId, 'juniper.sch.uk');
    await scim.post('/Users', entraUser('old.line@juniper.sch.uk', 'j-1'));
    const scheduler = new Scheduler(server.app.deps, housekeepingJobs());
    const lines = async () => ((await manager.client.get(`/api/schools/${schoolId}/directory-log`)).body as Array<{ email: string }>).map((line) => line.email);

    server.clock.advance(400 * 24 * 60 * 60_000 - 60_000);
    await scim.post('/Users', entraUser('new.line@juniper.sch.uk', 'j-2'));
    await scheduler.runNow('directory-log-prune');
    expect(await lines()).toEqual(['new.line@juniper.sch.uk', 'old.line@juniper.sch.uk']);
    server.clock.advance(2 * 60_000);
    await scheduler.runNow('directory-log-prune');
    expect(await lines()).toEqual(['new.line@juniper.sch.uk']);
  });

  it('a suspension keeps the member’s "let my school see my whole record" for their return; deleting them while suspended ends it', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim } = await directorySchool('Ash Infants');
    const dee = await addMember(server.db, schoolId, Date.parse('2025-09-01T09:00:00Z'));
    await server.db('schoolCpdShares').insert({ userId: dee.id, schoolId, sharedAt: Date.now() });
    const id = (await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${dee.email}"`)}`)).body.Resources[0].id as string;
    const shares = () => server.db('schoolCpdShares').where({ userId: dee.id, schoolId });

    expect((await scim.patch(`/Users/${id}`, { op: 'Replace', path: 'active', value: 'False' })).status).toBe(200);
    expect(await shares()).toHaveLength(1);
    expect((await scim.delete(`/Users/${id}`)).status).toBe(204);
    expect(await shares()).toEqual([]);
  });

  it('an account registered under a proven-domain address but never verified is invited, not made a member; a verified one joins at once', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim } = await directorySchool('Rowan Primary');
    await proveDomain(server, schoolId, 'rowan.sch.uk');
    // Anyone can register any address without reading its mail.
    const squatter = await createUser(server.db, { email: 'new.teacher@rowan.sch.uk' });
    const verified = await createUser(server.db, { email: 'old.hand@rowan.sch.uk' });
    await server.db('users').where({ id: verified.id }).update({ emailVerifiedAt: Date.now() });

    expect((await scim.post('/Users', entraUser('new.teacher@rowan.sch.uk', 'r-1'))).status).toBe(201);
    expect((await scim.post('/Users', entraUser('old.hand@rowan.sch.uk', 'r-2'))).status).toBe(201);
    expect(await server.db('schoolMembers').where({ userId: squatter.id }).first()).toBeUndefined();
    expect(await server.db('schoolInvites').where({ schoolId, email: 'new.teacher@rowan.sch.uk' }).whereNull('revokedAt').first('id')).toBeDefined();
    expect(await server.db('schoolMembers').where({ userId: verified.id }).first()).toMatchObject({ schoolId, role: 'member' });
  });

  it('an address off the school’s proven domains gets the usual invitation, and the answer is the same whether it has an account elsewhere', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim } = await directorySchool('Ash High');
    const elsewhere = await licensedSchool(server, 'Birch Academy');
    const taken = await addMember(server.db, elsewhere.schoolId, Date.parse('2025-09-01T09:00:00Z'), { email: 'cat@example.org' });

    const stranger = await scim.post('/Users', entraUser('dan@example.org', 'e-1'));
    const member = await scim.post('/Users', entraUser('cat@example.org', 'e-2'));
    expect([stranger.status, member.status]).toEqual([201, 201]);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect(shape(member.body)).toEqual(shape(stranger.body));
    expect(await server.db('schoolMembers').where({ userId: taken.id }).first('schoolId')).toEqual({ schoolId: elsewhere.schoolId });
    const invites = (await server.db('schoolInvites').where({ schoolId }).whereNotNull('email').orderBy('email').select('email')).map((row) => row.email);
    expect(invites).toEqual(['cat@example.org', 'dan@example.org']);
    const mailed = await server.db('outbox').whereIn('toAddress', ['cat@example.org', 'dan@example.org']).select('toAddress');
    expect(mailed.map((row: { toAddress: string }) => row.toAddress).sort()).toEqual(['cat@example.org', 'dan@example.org']);

    // Another school's member is not found by this token's lookup.
    const lookup = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "' + elsewhere.manager.user.email + '"')}`);
    expect(lookup.body.totalResults).toBe(0);

    // Disabling an invited person withdraws the invitation.
    const disabled = await scim.patch(`/Users/${stranger.body.id}`, { op: 'Replace', path: 'active', value: 'False' });
    expect(disabled.body.active).toBe(false);
    expect(await server.db('schoolInvites').where({ schoolId, email: 'dan@example.org' }).first('revokedAt')).not.toEqual({ revokedAt: null });
  });

  it('answers SCIM errors: no token or a revoked one 401, bad filters, bad JSON, unknown ids, unknown endpoints', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, scim, manager } = await directorySchool('Rowan Primary');
    const anonymous = await server.client().get('/scim/v2/Users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });
    expect(anonymous.headers.get('www-authenticate')).toMatch(/Bearer/);

    const filter = await scim.get(`/Users?filter=${encodeURIComponent('name.familyName co "x"')}`);
    expect(filter.status).toBe(400);
    expect(filter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim.get(`/Users?filter=${encodeURIComponent('userName eq')}`)).body.scimType).toBe('invalidFilter');

    const badJson = await server.client().request('POST', '/scim/v2/Users', {
      raw: '{"userName": ',
      headers: { authorization: `Bearer ${scim.token}`, 'content-type': 'application/scim+json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ schemas: [SCIM_ERROR], scimType: 'invalidSyntax' });
    const noName = await scim.post('/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'not an address' });
    expect(noName.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const badOp = await scim.patch('/Users/1', { op: 'Move', path: 'active', value: true });
    expect(badOp.status).toBe(404);
    expect((await scim.get('/Users/999999')).status).toBe(404);
    expect((await scim.get('/Users/abc')).body).toMatchObject({ schemas: [SCIM_ERROR], status: '404' });
    expect((await scim.get('/Nothing')).body).toMatchObject({ schemas: [SCIM_ERROR], status: '404' });

    for (const path of ['/ServiceProviderConfig', '/ResourceTypes', '/Schemas']) {
      const found = await scim.get(path);
      expect(found.status, path).toBe(200);
    }
    expect((await scim.get('/ServiceProviderConfig')).body.patch).toEqual({ supported: true });

    const listed = await manager.client.get(`/api/schools/${schoolId}/scim-tokens`);
    expect(listed.body).toEqual([{ id: scim.tokenId, label: 'Entra ID', createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
    expect((await manager.client.delete(`/api/schools/${schoolId}/scim-tokens/${scim.tokenId}`)).status).toBe(204);
    const revoked = await scim.get('/Users');
    expect(revoked.status).toBe(401);
    expect(revoked.body.schemas).toEqual([SCIM_ERROR]);
    expect((await manager.client.get(`/api/schools/${schoolId}/scim-tokens`)).body).toEqual([]);
  });
});
