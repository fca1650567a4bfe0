import { describe, expect, it } from 'vitest';
import { createAdmin, createUser, signIn } from '../../../test/factories.ts';
import { invitingSchool, learner, schoolWithManager } from '../../../test/schools.ts';
import { mailParts } from '../../../test/smtp.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { joinSchool } from '../../../commands/schools/membership.ts';

const server = useTestServer({ smtp: true });
let sequence = 0;
const unique = (name: string) => `${name}-${++sequence}-${Date.now().toString(36)}@oak.sch.uk`;
const counts = async () => ({
  members: Number((await server.db('schoolMembers').count({ n: '*' }).first())!.n),
  invites: Number((await server.db('schoolInvites').count({ n: '*' }).first())!.n),
  outbox: Number((await server.db('outbox').count({ n: '*' }).first())!.n),
  enrollments: Number((await server.db('enrollments').count({ n: '*' }).first())!.n),
});

async function world() {
  const manager = await invitingSchool(server, 'Oak Academy');
  const course = manager.course;
  const existing = await createUser(server.db, { email: unique('existing') });
  const member = await createUser(server.db, { email: unique('member') });
  await joinSchool(server.db, member.id, manager.schoolId, 'member', Date.now());
  const rival = await schoolWithManager(server, 'Rival School');
  const elsewhere = await createUser(server.db, { email: unique('elsewhere') });
  await joinSchool(server.db, elsewhere.id, rival.schoolId, 'member', Date.now());
  const newcomer = unique('newcomer');
  const csv = [
    'First Name,Last Name,Email',
    `Nadia,Khan,${newcomer}`,
    `Ed,Jones,${existing.email.toUpperCase()}`,
    `Mo,Ali,${member.email}`,
    `Sam,Lee,${elsewhere.email}`,
    'Bad,Address,not-an-address',
    `Nadia,Again,${newcomer}`,
    `=HYPERLINK("http://evil.example"),+Formula,${unique('formula')}`,
    '',
  ].join('\r\n');
  return { manager, course, existing, member, elsewhere, newcomer, csv, rival };
}

describe('POST /api/schools/:id/roster/preview', () => {
  it('shows what would happen to each row, with its problems, and writes nothing', async () => {
    const w = await world();
    const before = await counts();
    const response = await w.manager.client.post(`/api/schools/${w.manager.schoolId}/roster/preview`, { csv: w.csv });
    expect(response.status).toBe(200);
    // Whether an address has an account, or belongs to another school, is not the manager's to
    // learn: the existing account (line 3) and the other school's member (line 5) read like anyone new.
    expect(response.body.rows.map((row: { line: number; status: string; problem: string | null }) => [row.line, row.status, row.problem])).toEqual([
      [2, 'invite', null],
      [3, 'invite', null],
      [4, 'member', null],
      [5, 'invite', null],
      [6, 'invalid', 'Not a valid e-mail address'],
      [7, 'duplicate', 'Same address as line 2'],
      [8, 'invite', null],
    ]);
    expect(response.body.counts).toEqual({ invite: 4, member: 1, invited: 0, invalid: 1, duplicate: 1 });
    expect(response.body.rows[0]).toMatchObject({ email: w.newcomer, firstName: 'Nadia', lastName: 'Khan' });
    expect(await counts()).toEqual(before);
  });

  it('an address longer than the 254 characters kept is an invalid row, not a 500', async () => {
    const { client, schoolId } = await schoolWithManager(server);
    const long = `${'a'.repeat(60)}.${'b'.repeat(60)}@${'c'.repeat(60)}.${'d'.repeat(60)}.example.org`;
    const preview = await client.post(`/api/schools/${schoolId}/roster/preview`, { csv: `${long}\n` });
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toMatchObject([{ line: 1, status: 'invalid', problem: 'Not a valid e-mail address' }]);
  });

  it('reads a pasted list without a header: one address per line, or tab-separated from a spreadsheet', async () => {
    const { client, schoolId } = await schoolWithManager(server);
    const one = unique('pasted');
    const two = unique('pasted');
    const plain = await client.post(`/api/schools/${schoolId}/roster/preview`, { csv: `${one}\n\n${two}\n` });
    expect(plain.body.rows).toMatchObject([
      { line: 1, email: one, firstName: null, status: 'invite' },
      { line: 3, email: two, status: 'invite' },
    ]);
    const tabbed = await client.post(`/api/schools/${schoolId}/roster/preview`, { csv: `${one}\tAnn\tBrown\n${two}\tBo\tGreen` });
    expect(tabbed.body.rows).toMatchObject([
      { email: one, firstName: 'Ann', lastName: 'Brown' },
      { email: two, firstName: 'Bo', lastName: 'Green' },
    ]);
  });

  it('refuses what is not a CSV, an empty list, more than 5,000 rows and more than 1 MB, naming the field', async () => {
    const { client, schoolId } = await schoolWithManager(server);
    const path = `/api/schools/${schoolId}/roster/preview`;
    const binary = await client.post(path, { csv: 'PK\u0003\u0004\u0000\u0000binary-xlsx' });
    expect(binary.status).toBe(400);
    expect(binary.body.errors).toEqual({ csv: 'Not a CSV file' });
    expect((await client.post(path, { csv: '  \n ' })).body.errors.csv).toMatch(/empty/);
    expect((await client.post(path, {})).status).toBe(400);
    const tooMany = Array.from({ length: 5001 }, (_, i) => `person${i}@oak.sch.uk`).join('\n');
    const many = await client.post(path, { csv: tooMany });
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual({ csv: 'At most 5000 rows' });
    // Over 1 MB the JSON body limit answers first (the portal says so before sending).
    const big = await client.post(path, { csv: `email\n${'a'.repeat(1024 * 1024)}` });
    expect(big.status).toBe(413);
    const unbalanced = await client.post(path, { csv: 'email\n"a@b.example,"x\n"' });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body.errors).toEqual({ csv: 'Not a readable CSV file' });
  });

  it("is for this school's managers and the admins' route only", async () => {
    const w = await world();
    const body = { csv: w.newcomer };
    const plain = await learner(server);
    await joinSchool(server.db, plain.user.id, w.manager.schoolId, 'member', Date.now());
    expect((await plain.client.post(`/api/schools/${w.manager.schoolId}/roster/preview`, body)).status).toBe(403);
    expect((await w.rival.client.post(`/api/schools/${w.manager.schoolId}/roster/preview`, body)).status).toBe(403);
    expect((await server.client().post(`/api/schools/${w.manager.schoolId}/roster/preview`, body)).status).toBe(401);
    expect((await w.manager.client.post(`/api/admin/schools/${w.manager.schoolId}/roster/preview`, body)).status).toBe(403);
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    expect((await admin.post(`/api/admin/schools/${w.manager.schoolId}/roster/preview`, body)).status).toBe(200);
    expect((await admin.post(`/api/admin/schools/999999/roster/preview`, body)).status).toBe(404);
  });
});

describe('POST /api/schools/:id/roster', () => {
  it('adds nobody without consent: everyone new, accounts or not, gets a personal invitation, and a second run changes nothing', async () => {
    const w = await world();
    const response = await w.manager.client.post(`/api/schools/${w.manager.schoolId}/roster`, { csv: w.csv });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ invited: 4, unchanged: 1, skipped: 2 });
    expect(response.body.message).toBe('4 invitations sent, 1 person was already there, 2 rows skipped.');

    // The existing account is not a member until its owner accepts; the other school's member stays there.
    expect(await server.db('schoolMembers').where({ userId: w.existing.id }).first()).toBeUndefined();
    expect(await server.db('enrollments').where({ userId: w.existing.id, courseId: w.course.id }).first()).toBeUndefined();
    expect(await server.db('schoolMembers').where({ userId: w.elsewhere.id }).first()).toMatchObject({ schoolId: w.rival.schoolId });

    const invites = await server.db('schoolInvites').where({ schoolId: w.manager.schoolId }).whereNotNull('email').orderBy('id');
    expect(invites.map((invite) => [invite.email, Number(invite.maxUses), Number(invite.uses)])).toEqual([
      [w.newcomer, 1, 0],
      [w.existing.email, 1, 0],
      [w.elsewhere.email, 1, 0],
      [expect.stringMatching(/^formula-/), 1, 0],
    ]);

    // The invite arrives after the commit, as HTML and text, with a link of its own that works.
    const mail = await server.smtp.waitFor((m) => m.to.includes(w.newcomer));
    const { text, html } = mailParts(mail.raw);
    const token = /join\?token=([\w-]+)/.exec(text!)![1]!;
    expect(html).toContain(`join?token=${token}`);
    expect(text).toContain('School: "Oak Academy"');
    const other = await server.smtp.waitFor((m) => m.to.some((to) => to.startsWith('formula-')));
    expect(mailParts(other.raw).text).not.toContain(token);
    // Tied to the address it was sent to: another account is refused, saying so.
    const stranger = await learner(server);
    const refused = await stranger.client.post(`/api/invites/${token}/accept`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`This invitation was sent to ${w.newcomer}`);
    const invitee = await learner(server, { email: w.newcomer });
    expect((await invitee.client.post(`/api/invites/${token}/accept`)).status).toBe(201);
    expect(await server.db('schoolMembers').where({ userId: invitee.user.id }).first()).toMatchObject({ schoolId: w.manager.schoolId });
    // The mail proved the address: joining through it verifies it.
    expect((await server.db('users').where({ id: invitee.user.id }).first())!.emailVerifiedAt).not.toBeNull();

    // The existing account joins when its owner accepts, and lands enrolled.
    const existingMail = await server.smtp.waitFor((m) => m.to.includes(w.existing.email));
    const existingToken = /join\?token=([\w-]+)/.exec(mailParts(existingMail.raw).text!)![1]!;
    const owner = server.client();
    await signIn(owner, w.existing);
    expect((await owner.post(`/api/invites/${existingToken}/accept`)).status).toBe(201);
    expect(await server.db('enrollments').where({ userId: w.existing.id, courseId: w.course.id }).first()).toMatchObject({ source: 'licence' });

    const before = await counts();
    const again = await w.manager.client.post(`/api/schools/${w.manager.schoolId}/roster`, { csv: w.csv });
    expect(again.body).toMatchObject({ invited: 0, unchanged: 5, skipped: 2 });
    expect(await counts()).toEqual(before);
  });

  it('stores formula-looking cells as plain text, and the school register writes them as text', async () => {
    const { client, schoolId } = await invitingSchool(server);
    const person = await createUser(server.db, { email: unique('formula'), firstName: null, lastName: null });
    const preview = await client.post(`/api/schools/${schoolId}/roster/preview`, { csv: `email,first name,last name\n${person.email},=1+1,@SUM(A1)` });
    expect(preview.body.rows[0]).toMatchObject({ firstName: '=1+1', lastName: '@SUM(A1)', status: 'invite' });
    const invited = unique('formula');
    await client.post(`/api/schools/${schoolId}/roster`, { csv: `email,first name,last name\n${invited},-2+3,+cmd` });
    const invite = await server.db('schoolInvites').where({ email: invited }).first();
    expect(invite).toBeTruthy();
  });

  it('admins invite staff to any school, licensed or not', async () => {
    const { schoolId } = await schoolWithManager(server);
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    const person = await createUser(server.db, { email: unique('by-admin') });
    const response = await admin.post(`/api/admin/schools/${schoolId}/roster`, { csv: person.email });
    expect(response.body).toMatchObject({ invited: 1, unchanged: 0 });
    expect(await server.db('schoolMembers').where({ userId: person.id }).first()).toBeUndefined();
    expect(await server.db('schoolInvites').where({ schoolId, email: person.email }).first()).toBeTruthy();
  });
});
