import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { useTestServer } from '../../test/useTestServer.ts';
import { addMember, licensedSchool } from '../../test/deadlines.ts';
import { proveDomain } from '../../test/scim.ts';
import { adminClient, trustManagerOf, trustOf } from '../../test/trusts.ts';
import { bundleForm, bundleZip, orgsCsv, sendBundle, usersCsv, type SampleUser } from '../../test/oneroster.ts';

// OneRoster 1.2 CSV bundles (issue 56 item 4): a preview like Add staff's, then apply in one
// transaction; people a bundle added and the next one leaves out are suspended as SCIM's
// `active: false` suspends them; people added another way are never touched.

const server = useTestServer();

const OAK = [{ sourcedId: 'org-oak', name: 'Oak Primary' }];
const teacher = (id: string, email: string, given: string, family: string, role = 'teacher', org = 'org-oak'): SampleUser => ({
  sourcedId: id,
  email,
  givenName: given,
  familyName: family,
  role,
  org,
});

async function oakSchool(domain = 'oak.sch.uk') {
  const school = await licensedSchool(server, 'Oak Primary');
  await server.db('users').where({ id: school.manager.user.id }).update({ emailVerifiedAt: server.clock.now().getTime() });
  await proveDomain(server, school.schoolId, domain);
  return { ...school, base: `/api/schools/${school.schoolId}` };
}

const statuses = (rows: Array<{ email: string; status: string }>) => Object.fromEntries(rows.map((row) => [row.email, row.status]));

describe('OneRoster bundles on /school', () => {
  it('previews (nothing written), applies, and a second bundle suspends a leaver it added while a person added by hand stays', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, manager, base, course } = await oakSchool();
    const byHand = await addMember(server.db, schoolId, Date.parse('2025-09-01T09:00:00Z'), { email: 'hand@oak.sch.uk', firstName: 'Hana', lastName: 'Hand' });
    const alsoByHand = await addMember(server.db, schoolId, Date.parse('2025-09-01T09:00:00Z'), { email: 'listed@oak.sch.uk' });
    const first = bundleZip(OAK, [
      teacher('t-1', 'Ann.Able@oak.sch.uk', 'Ann', 'Able'),
      teacher('t-2', 'bob@example.org', 'Bob', 'Bell', 'aide'),
      teacher('t-3', 'cat@oak.sch.uk', 'Cat', 'Cole', 'administrator'),
      teacher('s-1', 'kid@oak.sch.uk', 'Kid', 'Kay', 'student'),
      teacher('t-4', 'not-an-address', 'Dan', 'Dee'),
      teacher('t-5', 'eve@oak.sch.uk', 'Eve', 'Ede', 'teacher', 'org-elsewhere'),
      teacher('t-6', 'listed@oak.sch.uk', 'Lis', 'Ted'),
      teacher('t-7', 'ann.able@oak.sch.uk', 'Ann', 'Again'),
    ]);
    const preview = await sendBundle(manager.client, base, bundleForm([{ name: 'oneroster.zip', bytes: first }]));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.orgs).toEqual([{ sourcedId: 'org-oak', name: 'Oak Primary', type: 'school', schoolId, schoolName: 'Oak Primary', staff: 5 }]);
    expect(statuses(preview.body.rows)).toEqual({
      'ann.able@oak.sch.uk': 'error',
      'bob@example.org': 'invite',
      'cat@oak.sch.uk': 'join',
      'not-an-address': 'error',
      'eve@oak.sch.uk': 'error',
      'listed@oak.sch.uk': 'kept',
    });
    const rows = preview.body.rows as Array<{ line: number; email: string; status: string; detail: string }>;
    expect(rows[0]).toMatchObject({ line: 2, email: 'ann.able@oak.sch.uk', status: 'join', schoolName: 'Oak Primary', role: 'teacher' });
    expect(rows.find((row) => row.email === 'not-an-address')!.detail).toMatch(/not a valid e-mail address/);
    expect(rows.find((row) => row.email === 'eve@oak.sch.uk')!.detail).toMatch(/org-elsewhere/);
    expect(rows.at(-1)).toMatchObject({ line: 9, status: 'error', detail: 'Same address as line 2' });
    expect(preview.body.counts).toEqual({ join: 2, invite: 1, change: 0, unchanged: 0, kept: 1, leave: 0, error: 3, skipped: 1 });
    expect(await server.db('directoryPeople').where({ schoolId }).first()).toBeUndefined();
    expect(await server.db('users').where({ email: 'ann.able@oak.sch.uk' }).first()).toBeUndefined();

    const applied = await sendBundle(manager.client, base, bundleForm([{ name: 'oneroster.zip', bytes: first }]), true);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.counts).toMatchObject({ join: 2, invite: 1, kept: 1, error: 3 });
    expect(applied.body.message).toBe('2 people joined, 1 invitation sent, 3 rows with errors skipped.');
    const ann = (await server.db('users').where({ email: 'ann.able@oak.sch.uk' }).first())!;
    expect(await server.db('schoolMembers').where({ userId: ann.id }).first()).toMatchObject({ schoolId, role: 'member' });
    expect(await server.db('enrollments').where({ userId: ann.id, courseId: course.id }).first()).toMatchObject({ source: 'licence' });
    expect(await server.db('schoolInvites').where({ schoolId, email: 'bob@example.org' }).first()).toBeDefined();
    expect(await server.db('directoryPeople').where({ schoolId }).orderBy('email').select('email', 'source', 'sourcedId')).toEqual([
      { email: 'ann.able@oak.sch.uk', source: 'oneroster', sourcedId: 't-1' },
      { email: 'bob@example.org', source: 'oneroster', sourcedId: 't-2' },
      { email: 'cat@oak.sch.uk', source: 'oneroster', sourcedId: 't-3' },
    ]);
    // Applying the same bundle again changes nothing.
    const again = await sendBundle(manager.client, base, bundleForm([{ name: 'oneroster.zip', bytes: first }]), true);
    expect(again.body.counts).toMatchObject({ join: 0, invite: 0, change: 0, unchanged: 3, leave: 0 });

    // Next term: Ann has left, Bob's name changed; the people added by hand are in neither bundle.
    const second = [
      { name: 'orgs.csv', bytes: orgsCsv(OAK) },
      {
        name: 'users.csv',
        bytes: usersCsv([teacher('t-2', 'bob@example.org', 'Robert', 'Bell', 'aide'), teacher('t-3', 'cat@oak.sch.uk', 'Cat', 'Cole', 'administrator')]),
      },
    ];
    const next = await sendBundle(manager.client, base, bundleForm(second));
    expect(statuses(next.body.rows)).toEqual({ 'bob@example.org': 'change', 'cat@oak.sch.uk': 'unchanged', 'ann.able@oak.sch.uk': 'leave' });
    expect(next.body.rows.find((row: { status: string }) => row.status === 'change').detail).toBe('name Bob Bell → Robert Bell');
    const done = await sendBundle(manager.client, base, bundleForm(second), true);
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe('1 person changed, 1 leaver suspended.');
    expect(await server.db('schoolMembers').where({ userId: ann.id }).first()).toBeUndefined();
    expect(await server.db('directoryPeople').where({ schoolId, email: 'ann.able@oak.sch.uk' }).first()).toMatchObject({ suspendedRole: 'member' });
    expect(await server.db('enrollments').where({ userId: ann.id, courseId: course.id }).first()).toBeUndefined();
    for (const person of [byHand, alsoByHand]) expect(await server.db('schoolMembers').where({ userId: person.id }).first()).toMatchObject({ schoolId });
    expect(await server.db('schoolInvites').where({ schoolId, email: 'bob@example.org' }).first('firstName')).toBeDefined();
    const log = await manager.client.get(`${base}/directory-log`);
    expect(log.body.map((line: { action: string; email: string }) => `${line.action} ${line.email}`)).toEqual(
      expect.arrayContaining(['suspended ann.able@oak.sch.uk', 'changed bob@example.org', 'added cat@oak.sch.uk', 'invited bob@example.org']),
    );

    // Ann is back in the third bundle: restored as she was.
    const third = bundleZip(OAK, [
      teacher('t-1', 'ann.able@oak.sch.uk', 'Ann', 'Able'),
      teacher('t-2', 'bob@example.org', 'Robert', 'Bell', 'aide'),
      teacher('t-3', 'cat@oak.sch.uk', 'Cat', 'Cole'),
    ]);
    const back = await sendBundle(manager.client, base, bundleForm([{ name: 'export.zip', bytes: third }]), true);
    expect(back.body.counts).toMatchObject({ change: 1, unchanged: 2, leave: 0 });
    expect(await server.db('schoolMembers').where({ userId: ann.id }).first()).toMatchObject({ schoolId, role: 'member' });
  });

  it('reads OneRoster 1.2’s roles.csv, skips disabled staff, and refuses bundles that are not one with a clear 4xx', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, manager, base } = await oakSchool('oak2.sch.uk');
    const users =
      'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns\r\n' +
      'u-1,,2026-03-01,true,fay@oak2.sch.uk,,Fay,Field,,,fay@oak2.sch.uk,,,,,,,,,,,org-oak,\r\n' +
      'u-2,,2026-03-01,false,gus@oak2.sch.uk,,Gus,Gale,,,gus@oak2.sch.uk,,,,,,,,,,,org-oak,\r\n';
    const roles =
      'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId\r\nr-1,,2026-03-01,u-1,primary,teacher,,,org-oak,\r\nr-2,,2026-03-01,u-2,primary,aide,,,org-oak,\r\n';
    const preview = await sendBundle(
      manager.client,
      base,
      bundleForm([
        { name: 'orgs.csv', bytes: orgsCsv(OAK) },
        { name: 'users.csv', bytes: users },
        { name: 'roles.csv', bytes: roles },
      ]),
    );
    expect(preview.status, preview.text).toBe(200);
    expect(statuses(preview.body.rows)).toEqual({ 'fay@oak2.sch.uk': 'join' });
    expect(preview.body.counts.skipped).toBe(1);

    const refused = async (form: FormData | string, status: number, pattern: RegExp) => {
      const response =
        typeof form === 'string' ? await manager.client.post(`${base}/oneroster/preview`, { files: form }) : await sendBundle(manager.client, base, form);
      expect(response.status, response.text).toBe(status);
      expect(response.body.message).toMatch(pattern);
    };
    await refused(bundleForm([{ name: 'orgs.csv', bytes: orgsCsv(OAK) }]), 400, /no users\.csv/);
    await refused(bundleForm([{ name: 'export.zip', bytes: strToU8('PK\u0003\u0004 not really a zip') }]), 400, /could not be unpacked/);
    // A second users.csv is refused before it is inflated: its deflate stream here is broken, and
    // unpacking it would have said so (so would a hundred entries declaring 40 MB each, in memory).
    await refused(bundleForm([{ name: 'export.zip', bytes: secondEntryBroken() }]), 400, /two files called users\.csv/);
    await refused(
      bundleForm([
        { name: 'orgs.csv', bytes: orgsCsv(OAK) },
        { name: 'users.csv', bytes: 'id,mail\r\n1,a@b.c\r\n' },
      ]),
      400,
      /users\.csv has no sourcedId, username/,
    );
    await refused(
      bundleForm([
        { name: 'orgs.csv', bytes: orgsCsv(OAK) },
        { name: 'users.csv', bytes: new Uint8Array([0, 1, 2, 3]) },
      ]),
      400,
      /not a CSV file/,
    );
    await refused(bundleForm([]), 400, /Choose the bundle/);
    await refused('a JSON body', 415, /multipart/);
    const huge = new Uint8Array(10 * 1024 * 1024 + 10);
    await refused(bundleForm([{ name: 'users.csv', bytes: huge }]), 413, /at most 10 MB/);
    expect(await server.db('directoryPeople').where({ schoolId }).first()).toBeUndefined();
  });
});

describe('OneRoster rows longer than what is kept', () => {
  it('an address over 254 characters or a sourcedId over 255 is an error row, and applying the bundle stores the rest', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const { schoolId, manager, base } = await oakSchool('elder.sch.uk');
    const longAddress = `${'a'.repeat(60)}.${'b'.repeat(60)}@${'c'.repeat(60)}.${'d'.repeat(60)}.elder.sch.uk`;
    const bundle = bundleZip(OAK, [
      teacher('t-1', longAddress, 'Lon', 'Address'),
      teacher('x'.repeat(256), 'long.id@elder.sch.uk', 'Lon', 'Id'),
      teacher('t-3', 'fine@elder.sch.uk', 'Fi', 'Ne'),
    ]);
    const preview = await sendBundle(manager.client, base, bundleForm([{ name: 'bundle.zip', bytes: bundle }]));
    expect(preview.status, preview.text).toBe(200);
    const rows = preview.body.rows as Array<{ email: string; status: string; detail: string | null }>;
    expect(rows.map((row) => row.status)).toEqual(['error', 'error', 'join']);
    expect(rows[1]!.detail).toMatch(/sourcedId is longer than 255/);
    const applied = await sendBundle(manager.client, base, bundleForm([{ name: 'bundle.zip', bytes: bundle }]), true);
    expect(applied.status, applied.text).toBe(200);
    expect((await server.db('directoryPeople').where({ schoolId }).pluck('email')).sort()).toEqual(['fine@elder.sch.uk']);
  });
});

describe('OneRoster bundles on /trust', () => {
  it('maps orgs to the trust’s schools by key or name; people of an org that is none of them are errors; another trust’s schools are never touched', async () => {
    server.clock.set('2026-03-02T09:00:00Z');
    const north = await oakSchool('oak3.sch.uk');
    const south = await licensedSchool(server, 'South Academy');
    const outside = await licensedSchool(server, 'Outside School');
    await proveDomain(server, south.schoolId, 'south.sch.uk');
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'River Trust', [north.schoolId, south.schoolId]);
    const trustManager = await trustManagerOf(server, admin, trustId);
    await server.db('users').where({ id: trustManager.user.id }).update({ emailVerifiedAt: server.clock.now().getTime() });
    const base = `/api/trusts/${trustId}`;
    // The trust's managers name the school as the SIS does (matched without case).
    const keyed = await trustManager.client.put(`${base}/directory-schools/${south.schoolId}`, { key: ' SIS-042 ' });
    expect(keyed.body).toEqual({ id: south.schoolId, name: 'South Academy', key: 'SIS-042' });
    const orgs = [
      { sourcedId: 'org-oak', name: 'oak primary' },
      { sourcedId: 'sis-042', name: 'Southside (renamed in the SIS)' },
      { sourcedId: 'org-out', name: 'Outside School' },
    ];
    const users = [
      teacher('t-1', 'ann@oak3.sch.uk', 'Ann', 'Able'),
      teacher('t-2', 'sam@south.sch.uk', 'Sam', 'Sole', 'teacher', 'sis-042'),
      teacher('t-3', 'out@outside.test', 'Oli', 'Out', 'teacher', 'org-out'),
    ];
    const preview = await sendBundle(trustManager.client, base, bundleForm([{ name: 'bundle.zip', bytes: bundleZip(orgs, users) }]));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.orgs.map((org: { sourcedId: string; schoolId: number | null }) => [org.sourcedId, org.schoolId])).toEqual([
      ['org-oak', north.schoolId],
      ['sis-042', south.schoolId],
      ['org-out', null],
    ]);
    expect(statuses(preview.body.rows)).toEqual({ 'ann@oak3.sch.uk': 'join', 'sam@south.sch.uk': 'join', 'out@outside.test': 'error' });
    const applied = await sendBundle(trustManager.client, base, bundleForm([{ name: 'bundle.zip', bytes: bundleZip(orgs, users) }]), true);
    expect(applied.status, applied.text).toBe(200);
    const memberOf = async (email: string) =>
      (
        (await server.db('schoolMembers').join('users', 'users.id', 'schoolMembers.userId').where('users.email', email).first('schoolMembers.schoolId')) as
          { schoolId: number } | undefined
      )?.schoolId;
    expect(await memberOf('ann@oak3.sch.uk')).toBe(north.schoolId);
    expect(await memberOf('sam@south.sch.uk')).toBe(south.schoolId);
    expect(await server.db('directoryPeople').where({ schoolId: outside.schoolId }).first()).toBeUndefined();
    // A school's manager cannot upload for the trust, nor for another school.
    expect((await sendBundle(north.manager.client, base, bundleForm([{ name: 'bundle.zip', bytes: bundleZip(orgs, users) }]))).status).toBe(403);
    expect(
      (await sendBundle(north.manager.client, `/api/schools/${outside.schoolId}`, bundleForm([{ name: 'bundle.zip', bytes: bundleZip(orgs, users) }]))).status,
    ).toBe(403);
  });
});

describe('the keys a trust’s directory names its schools by', () => {
  it('lists the trust’s schools, keeps each key unique without case, clears with an empty key, and never reaches another trust’s school', async () => {
    const east = await licensedSchool(server, 'East Academy');
    const west = await licensedSchool(server, 'West Academy');
    const elsewhere = await licensedSchool(server, 'Elsewhere School');
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Compass Trust', [east.schoolId, west.schoolId]);
    const manager = await trustManagerOf(server, admin, trustId);
    const base = `/api/trusts/${trustId}/directory-schools`;
    expect((await manager.client.put(`${base}/${east.schoolId}`, { key: 'urn:east' })).status).toBe(200);
    const clash = await manager.client.put(`${base}/${west.schoolId}`, { key: 'URN:EAST' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.key).toBe('East Academy already has this key: each school needs its own.');
    const tooLong = await manager.client.put(`${base}/${west.schoolId}`, { key: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toHaveProperty('key');
    expect((await manager.client.put(`${base}/${elsewhere.schoolId}`, { key: 'mine' })).status).toBe(404);
    expect((await manager.client.get(base)).body).toEqual([
      { id: east.schoolId, name: 'East Academy', key: 'urn:east' },
      { id: west.schoolId, name: 'West Academy', key: null },
    ]);
    expect((await manager.client.put(`${base}/${east.schoolId}`, { key: '' })).body.key).toBeNull();
    // Another school's manager is not the trust's.
    expect((await east.manager.client.get(base)).status).toBe(403);
    expect((await server.db('schools').where({ id: elsewhere.schoolId }).first())!.scimKey ?? null).toBeNull();
  });

  it('gives one key to one school when two schools ask for it at once', async () => {
    const north = await licensedSchool(server, 'North Academy');
    const south = await licensedSchool(server, 'South Academy');
    const admin = await adminClient(server);
    const trustId = await trustOf(admin, 'Meridian Trust', [north.schoolId, south.schoolId]);
    const manager = await trustManagerOf(server, admin, trustId);
    const base = `/api/trusts/${trustId}/directory-schools`;
    for (let round = 0; round < 5; round += 1) {
      const key = `urn:round-${round}`;
      const answers = await Promise.all([north, south].map(({ schoolId }) => manager.client.put(`${base}/${schoolId}`, { key })));
      expect(answers.map((answer) => answer.status).sort(), key).toEqual([200, 409]);
      const holders = await server.db('schools').whereIn('id', [north.schoolId, south.schoolId]).where({ scimKey: key }).pluck('id');
      expect(holders, key).toHaveLength(1);
      await manager.client.put(`${base}/${holders[0]}`, { key: '' });
    }
  });
});

/** A zip of two users.csv in different folders, the second one's compressed bytes broken. */
function secondEntryBroken(): Uint8Array {
  const csv = strToU8(`sourcedId,username\r\n${'x\r\n'.repeat(1000)}`);
  const zip = zipSync({ 'a/users.csv': csv, 'b/users.csv': csv }, { level: 6 });
  for (let at = 0; at < zip.length - 30; at += 1) {
    if (zip[at] !== 0x50 || zip[at + 1] !== 0x4b || zip[at + 2] !== 3 || zip[at + 3] !== 4) continue;
    const nameLength = zip[at + 26]! | (zip[at + 27]! << 8);
    const extraLength = zip[at + 28]! | (zip[at + 29]! << 8);
    if (new TextDecoder().decode(zip.slice(at + 30, at + 30 + nameLength)) !== 'b/users.csv') continue;
    const data = at + 30 + nameLength + extraLength;
    // A deflate block of the reserved type: inflating it fails.
    zip[data] = 0xff;
    zip[data + 1] = 0xff;
  }
  return zip;
}
