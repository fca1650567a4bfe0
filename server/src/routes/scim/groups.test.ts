import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { licensedSchool } from '../../test/deadlines.ts';
import { entraUser, proveDomain, scimClientFor } from '../../test/scim.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { schoolWithManager } from '../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../test/trusts.ts';
import { countQueries } from '../../test/countQueries.ts';
import { MAX_GROUPS_PER_OWNER } from '../../commands/groups.ts';
import { SCIM_ERROR } from '../../presenters/scim.ts';

// SCIM Groups (issue 56): Okta's documented Group push sequence replayed (create, look up by
// displayName, add members, rename, remove a member by value filter, replace, delete), and a
// course given to the group with a due date reaching the people provisioned into it.

const server = useTestServer();

/** The User Okta's provisioning POSTs (its documented request). */
const oktaUser = (email: string, given: string, family: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: email,
  name: { givenName: given, familyName: family },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: `${given} ${family}`,
  locale: 'en-GB',
  externalId: `00u${given.toLowerCase()}`,
  groups: [],
  password: 'ignored-by-atrium',
  active: true,
});

describe('SCIM Groups as Okta pushes them', () => {
  it('are the school’s groups: members added, removed by value filter and replaced; a course with a due date given to the group reaches people provisioned into it', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, manager, course } = await licensedSchool(server, 'Willow Primary');
    await proveDomain(server, schoolId, 'willow.sch.uk');
    const scim = await scimClientFor(server, manager.client, `/api/schools/${schoolId}`, 'Okta');
    const base = `/api/schools/${schoolId}`;

    const ids: Record<string, string> = {};
    for (const [given, family] of [
      ['Ada', 'Ash'],
      ['Ben', 'Birch'],
      ['Cal', 'Cedar'],
    ] as const) {
      const created = await scim.post('/Users', oktaUser(`${given.toLowerCase()}@willow.sch.uk`, given, family));
      expect(created.status, created.text).toBe(201);
      ids[given] = created.body.id;
    }

    // Okta looks the group up by name, then creates it empty and pushes members with PATCH.
    expect((await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "Teaching staff"')}`)).body.totalResults).toBe(0);
    const created = await scim.post('/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Teaching staff', members: [] });
    expect(created.status, created.text).toBe(201);
    const groupId = created.body.id as string;
    const group = await server
      .db('groups')
      .where({ id: Number(groupId) })
      .first();
    expect(group).toMatchObject({ schoolId, name: 'Teaching staff' });
    // The manager gives the group the course with a due date: the directory's people get it.
    expect((await manager.client.put(`${base}/groups/${groupId}/courses/${course.id}`, { completeBy: '2026-04-30' })).status).toBe(200);

    const added = await scim.patch(`/Groups/${groupId}`, {
      op: 'add',
      path: 'members',
      value: [{ value: ids.Ada, display: 'ada@willow.sch.uk' }, { value: ids.Ben }],
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.members.map((member: { value: string }) => member.value).sort()).toEqual([ids.Ada, ids.Ben].sort());
    const ada = (await server.db('users').where({ email: 'ada@willow.sch.uk' }).first('id'))!;
    const status = await manager.client.get(`${base}/training-status?limit=500&courseId=${course.id}`);
    expect(status.status, status.text).toBe(200);
    const adaRow = (status.body as Array<{ userId: number; dueOn: string | null }>).find((row) => row.userId === ada.id);
    expect(adaRow?.dueOn).toBe('2026-04-30');

    const found = await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "teaching STAFF"')}&excludedAttributes=members`);
    expect(found.body.Resources).toEqual([expect.objectContaining({ id: groupId, displayName: 'Teaching staff', members: [] })]);

    // Entra ID's forms: capitalised ops, removal by a value filter in the path.
    const renamed = await scim.patch(`/Groups/${groupId}`, { op: 'Replace', path: 'displayName', value: 'Teachers' });
    expect(renamed.body.displayName).toBe('Teachers');
    const removed = await scim.patch(`/Groups/${groupId}`, { op: 'Remove', path: `members[value eq "${ids.Ben}"]` });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.members.map((member: { value: string }) => member.value)).toEqual([ids.Ada]);

    // Okta's PUT replaces the whole list.
    const replaced = await scim.put(`/Groups/${groupId}`, { displayName: 'Teachers', members: [{ value: ids.Cal }] });
    expect(replaced.body.members.map((member: { value: string }) => member.value)).toEqual([ids.Cal]);
    const memberIds = (
      await server
        .db('groupMembers')
        .where({ groupId: Number(groupId) })
        .select('userId')
    ).map((row: { userId: number }) => Number(row.userId));
    const cal = (await server.db('users').where({ email: 'cal@willow.sch.uk' }).first('id'))!;
    expect(memberIds).toEqual([Number(cal.id)]);

    const badPath = await scim.patch(`/Groups/${groupId}`, { op: 'Remove', path: 'members[value eq' });
    expect(badPath.status).toBe(400);
    expect(['invalidPath', 'invalidSyntax', 'invalidFilter']).toContain(badPath.body.scimType);

    const duplicate = await scim.post('/Groups', { displayName: 'teachers' });
    expect(duplicate.body).toMatchObject({ status: '409', scimType: 'uniqueness' });

    expect((await scim.delete(`/Groups/${groupId}`)).status).toBe(204);
    expect(
      await server
        .db('groups')
        .where({ id: Number(groupId) })
        .first(),
    ).toBeUndefined();
    // The people stay members of the school.
    expect(await server.db('schoolMembers').where({ userId: cal.id }).first('schoolId')).toEqual({ schoolId });
  });

  it('a trust’s groups hold its invited people too: they join the trust-wide group when they accept, whichever school invited them', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const oak = await licensedSchool(server, 'Oak Primary');
    const elm = await schoolWithManager(server, 'Elm High');
    const trustId = await trustOf(oak.admin, 'Forest Trust', [oak.schoolId, elm.schoolId]);
    const trustManager = await trustManagerOf(server, oak.admin, trustId);
    const scim = await scimClientFor(server, trustManager.client, `/api/trusts/${trustId}`);
    // Elm High holds a licence too, so it may send invitations by e-mail.
    expect((await oak.admin.post(`/api/admin/schools/${elm.schoolId}/licences`, { courseId: oak.course.id })).status).toBe(200);
    const enterprise = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

    // No proven domain: the directory's person gets the usual invitation to Elm High.
    const invited = await scim.post('/Users', { ...entraUser('dee@example.org', 'f-1', 'Dee', 'Dale'), [enterprise]: { organization: 'Elm High' } });
    expect(invited.status, invited.text).toBe(201);
    const group = await scim.post('/Groups', { displayName: 'All staff', members: [{ value: invited.body.id }] });
    expect(group.status, group.text).toBe(201);
    expect(group.body.members).toEqual([expect.objectContaining({ value: invited.body.id })]);
    expect((await scim.get(`/Groups/${group.body.id}`)).body.members).toEqual([expect.objectContaining({ value: invited.body.id })]);

    const mail = await server.db('outbox').where({ toAddress: 'dee@example.org' }).first();
    const token = /join\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const dee = await createUser(server.db, { email: 'dee@example.org' });
    const browser = server.client();
    await signIn(browser, dee);
    expect((await browser.post(`/api/invites/${token}/accept`)).status).toBe(201);
    expect(await server.db('schoolMembers').where({ userId: dee.id }).first('schoolId')).toEqual({ schoolId: elm.schoolId });
    expect(await server.db('groupMembers').where({ userId: dee.id }).select('groupId')).toEqual([{ groupId: Number(group.body.id) }]);
    // The group lists them once, as the person the directory knows.
    expect((await scim.get(`/Groups/${group.body.id}`)).body.members).toEqual([expect.objectContaining({ value: invited.body.id })]);

    // Taken out of the group before accepting, an invitee does not join it.
    const later = await scim.post('/Users', { ...entraUser('eve@example.org', 'f-2', 'Eve', 'Elm'), [enterprise]: { organization: 'Oak Primary' } });
    expect((await scim.patch(`/Groups/${group.body.id}`, { op: 'add', path: 'members', value: [{ value: later.body.id }] })).status).toBe(200);
    expect((await scim.patch(`/Groups/${group.body.id}`, { op: 'Remove', path: `members[value eq "${later.body.id}"]` })).status).toBe(200);
    const eveMail = await server.db('outbox').where({ toAddress: 'eve@example.org' }).first();
    const eveToken = /join\?token=([\w-]+)/.exec(eveMail!.text)![1]!;
    const eve = await createUser(server.db, { email: 'eve@example.org' });
    const eveBrowser = server.client();
    await signIn(eveBrowser, eve);
    expect((await eveBrowser.post(`/api/invites/${eveToken}/accept`)).status).toBe(201);
    expect(await server.db('groupMembers').where({ userId: eve.id })).toHaveLength(0);
  });

  it('a trust token’s look-ups and member PATCHes cost the same statements however many schools and members (Entra ID looks up every person it provisions)', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const oak = await licensedSchool(server, 'Oak Primary');
    const elm = await schoolWithManager(server, 'Elm High');
    const trustId = await trustOf(oak.admin, 'Ash Trust', [oak.schoolId, elm.schoolId]);
    const trustManager = await trustManagerOf(server, oak.admin, trustId);
    const scim = await scimClientFor(server, trustManager.client, `/api/trusts/${trustId}`);
    const enterprise = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
    await proveDomain(server, oak.schoolId, 'ash-oak.sch.uk');
    const lookUp = (email: string) => scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);

    await lookUp('nobody@ash-oak.sch.uk'); // the token's first use notes when it was last used
    const lookUpTwoSchools = await countQueries(server, () => lookUp('nobody@ash-oak.sch.uk'));
    const more = [
      await schoolWithManager(server, 'Birch School'),
      await schoolWithManager(server, 'Cedar School'),
      await schoolWithManager(server, 'Yew School'),
    ];
    for (const school of more) expect((await oak.admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId: school.schoolId })).status).toBe(200);
    expect(await countQueries(server, () => lookUp('nobody@ash-oak.sch.uk'))).toBe(lookUpTwoSchools);
    // The set-based look-up still finds (and adopts) a member of the last school the directory has not seen.
    const yewManager = await server.db('schoolMembers').where({ schoolId: more[2]!.schoolId, role: 'manager' }).first('userId');
    const yewEmail = (await server.db('users').where({ id: yewManager!.userId }).first('email'))!.email;
    const found = await lookUp(yewEmail);
    expect(found.body.totalResults).toBe(1);
    expect(await server.db('directoryPeople').where({ email: yewEmail }).first('schoolId')).toEqual({ schoolId: more[2]!.schoolId });

    const ids: string[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const made = await scim.post('/Users', { ...entraUser(`staff${n}@ash-oak.sch.uk`, `ash-${n}`), [enterprise]: { organization: 'Oak Primary' } });
      expect(made.status, made.text).toBe(201);
      ids.push(made.body.id as string);
    }
    const group = await scim.post('/Groups', { displayName: 'Ash staff' });
    const add = (members: string[]) => scim.patch(`/Groups/${group.body.id}`, { op: 'Add', path: 'members', value: members.map((value) => ({ value })) });
    const addTwo = await countQueries(server, () => add(ids.slice(0, 2)));
    expect(await countQueries(server, () => add(ids.slice(2)))).toBe(addTwo);
    // Entra ID's documented request for removing members (not Okta's members[value eq "…"] path).
    const remove = (members: string[]) =>
      scim.patch(`/Groups/${group.body.id}`, { op: 'Remove', path: 'members', value: members.map((value) => ({ $ref: null, value })) });
    const removeTwo = await countQueries(server, () => remove(ids.slice(0, 2)));
    expect(await countQueries(server, () => remove(ids.slice(2)))).toBe(removeTwo);
    expect(await server.db('groupMembers').where({ groupId: Number(group.body.id) })).toHaveLength(0);
    expect((await remove([ids[0]!])).status).toBe(200); // already gone: nothing to do, no error
    expect((await scim.patch(`/Groups/${group.body.id}`, { op: 'Remove', path: 'members', value: [{ $ref: null }] })).body).toMatchObject({
      status: '400',
      scimType: 'invalidValue',
    });
    expect((await add([ids[0]!, ids[0]!, ids[1]!])).status).toBe(200);
    expect(await server.db('groupMembers').where({ groupId: Number(group.body.id) })).toHaveLength(2);
  });

  it('refuses a group past the school’s bound as a refusal, not as `uniqueness` (which sends a directory looking for a group to link to)', async () => {
    const { schoolId, manager } = await licensedSchool(server, 'Rowan Primary');
    const scim = await scimClientFor(server, manager.client, `/api/schools/${schoolId}`, 'Entra ID');
    const fillers = Array.from({ length: MAX_GROUPS_PER_OWNER }, (_, i) => ({
      schoolId,
      trustId: null,
      name: `Filler ${i}`,
      nameKey: `filler ${i}`,
      createdAt: Date.now(),
    }));
    for (let start = 0; start < fillers.length; start += 200) await server.db('groups').insert(fillers.slice(start, start + 200));

    const refused = await scim.post('/Groups', { displayName: 'One too many' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({ schemas: [SCIM_ERROR], status: '409', detail: expect.stringMatching(/1,000 groups, the most it can have/) });
    expect(await server.db('groups').where({ schoolId, name: 'One too many' }).first()).toBeUndefined();
    // A name already taken is still `uniqueness`, at the bound as below it.
    expect((await scim.post('/Groups', { displayName: 'filler 3' })).body).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });
});
