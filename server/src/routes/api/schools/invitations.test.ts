import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createAdmin, createCourse, createUser, signIn } from '../../../test/factories.ts';
import { invitingSchool, learner, schoolWithManager } from '../../../test/schools.ts';
import { mailParts, type CapturedMail } from '../../../test/smtp.ts';
import { useTestServer } from '../../../test/useTestServer.ts';
import { licenseSchool } from '../../../commands/schools/licences.ts';
import type { TestClient } from '../../../test/client.ts';

// A small daily cap, so the tests can reach it.
const CAP = 6;
const server = useTestServer({ smtp: true, env: { INVITE_MAIL_DAILY_CAP: String(CAP) } });
let sequence = 0;
const unique = (name: string) => `${name}-${++sequence}-${Date.now().toString(36)}@elm.sch.uk`;
const outboxCount = async () => Number((await server.db('outbox').count({ n: '*' }).first())!.n);
const inviteCount = async (schoolId: number) => Number((await server.db('schoolInvites').where({ schoolId }).count({ n: '*' }).first())!.n);
const tokenIn = (mail: CapturedMail) => /join\?token=([\w-]+)/.exec(mailParts(mail.raw).text!)![1]!;
const subjectOf = (mail: CapturedMail) => /^Subject: (.*)$/m.exec(mail.raw)![1]!;

async function asAdmin(): Promise<TestClient> {
  const admin = server.client();
  await signIn(admin, await createAdmin(server.db));
  return admin;
}

describe('who may send invitation mail (issue 33, High 2)', () => {
  it('needs a verified sender and a licensed school, or an admin’s approval; a refusal sends and stores nothing', async () => {
    const roster = (client: TestClient, schoolId: number) => client.post(`/api/schools/${schoolId}/roster`, { csv: unique('staff') });
    const byMail = (client: TestClient, schoolId: number) => client.post(`/api/schools/${schoolId}/invites/email`, { emails: [unique('staff')] });

    // A free account that made up a school: unverified, no licence.
    const free = await schoolWithManager(server, 'Totally Real Bank');
    const before = await outboxCount();
    for (const send of [roster, byMail]) {
      const refused = await send(free.client, free.schoolId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Confirm your own e-mail address/);
    }
    // Verified, still no licence.
    await server.db('users').where({ id: free.user.id }).update({ emailVerifiedAt: Date.now() });
    for (const send of [roster, byMail]) {
      const refused = await send(free.client, free.schoolId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/once your school holds a course licence, or after we have approved your school/);
    }
    expect(await outboxCount()).toBe(before);
    expect(await inviteCount(free.schoolId)).toBe(0);
    // The preview sends nothing, so it stays open; a plain invite link (handed out by the manager) too.
    expect((await free.client.post(`/api/schools/${free.schoolId}/roster/preview`, { csv: unique('staff') })).status).toBe(200);
    expect((await free.client.post(`/api/schools/${free.schoolId}/invites`, {})).status).toBe(201);

    // An admin approves the school on /admin/schools/:id; the manager may send; the admin may take it back.
    const admin = await asAdmin();
    expect((await free.client.post(`/api/admin/schools/${free.schoolId}/invitations-approval`, { approved: true })).status).toBe(403);
    const approved = await admin.post(`/api/admin/schools/${free.schoolId}/invitations-approval`, { approved: true });
    expect(approved.status).toBe(200);
    expect((await admin.get(`/api/admin/schools/${free.schoolId}`)).body.invitesApprovedAt).toBe(approved.body.invitesApprovedAt);
    expect((await roster(free.client, free.schoolId)).status).toBe(200);
    expect((await admin.post(`/api/admin/schools/${free.schoolId}/invitations-approval`, { approved: false })).status).toBe(200);
    expect((await roster(free.client, free.schoolId)).status).toBe(403);
    expect((await admin.post(`/api/admin/schools/${free.schoolId}/invitations-approval`, { approved: 'yes' })).status).toBe(400);
    expect((await admin.post(`/api/admin/schools/999999/invitations-approval`, { approved: true })).status).toBe(404);

    // A licence is the other way in.
    await licenseSchool(server.db, free.schoolId, (await createCourse(server)).id, 'grant', Date.now());
    expect((await byMail(free.client, free.schoolId)).status).toBe(200);
  });

  it('caps a school’s invitation mail per day: a batch over what is left sends nothing; resends count; admins are not capped', async () => {
    const school = await invitingSchool(server, 'Elm Academy');
    const path = `/api/schools/${school.schoolId}/roster`;
    const first = Array.from({ length: CAP - 2 }, () => unique('cap')).join('\n');
    expect((await school.client.post(path, { csv: first })).body).toMatchObject({ invited: CAP - 2 });

    const before = { outbox: await outboxCount(), invites: await inviteCount(school.schoolId) };
    const tooMany = await school.client.post(path, { csv: Array.from({ length: 3 }, () => unique('cap')).join('\n') });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(
      `Your school can send ${CAP} invitation e-mails a day and has 2 more invitations today, so none of these 3 were sent. Send them tomorrow (after midnight UTC), or in smaller batches.`,
    );
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    expect({ outbox: await outboxCount(), invites: await inviteCount(school.schoolId) }).toEqual(before);

    // One more by the form, one resend: the day's allowance is spent.
    expect((await school.client.post(`/api/schools/${school.schoolId}/invites/email`, { emails: [unique('cap')] })).status).toBe(200);
    const invited = (await school.client.get(`/api/schools/${school.schoolId}/invited`)).body;
    expect((await school.client.post(`/api/schools/${school.schoolId}/invites/${invited[0].inviteId}/resend`)).status).toBe(200);
    const spent = await school.client.post(`/api/schools/${school.schoolId}/invites/${invited[1].inviteId}/resend`);
    expect(spent.status).toBe(429);
    expect(spent.body.message).toMatch(/has no more invitations today/);

    // The agency's admins onboard a school whatever its day's count.
    const admin = await asAdmin();
    expect((await admin.post(`/api/admin/schools/${school.schoolId}/roster`, { csv: unique('cap') })).body).toMatchObject({ invited: 1 });

    // A new day starts a new count.
    await server.db('schools').where({ id: school.schoolId }).update({ inviteMailDay: 0 });
    expect((await school.client.post(path, { csv: unique('cap') })).status).toBe(200);
  });

  it('keeps what the inviter typed out of the Subject and quotes it, escaped, in the body', async () => {
    const school = await invitingSchool(server, 'Claim your <b>prize</b> at evil.example');
    await server.db('users').where({ id: school.user.id }).update({ firstName: 'Your bank', lastName: '<script>' });
    const to = unique('quoted');
    expect((await school.client.post(`/api/schools/${school.schoolId}/roster`, { csv: to })).status).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.to.includes(to));
    const subject = subjectOf(mail);
    expect(subject).toMatch(/^Invitation to join your school's training on /);
    expect(subject).not.toMatch(/prize|evil|bank|script/i);
    const { text, html } = mailParts(mail.raw);
    expect(text).toContain('(their words, not ours)');
    expect(text).toContain('School: "Claim your <b>prize</b> at evil.example"');
    expect(text).toContain('Invited by: "Your bank <script>"');
    expect(html).not.toContain('<b>prize</b>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;b&gt;prize&lt;/b&gt;');
  });
});

describe('invited people (issue 34, items 8 and 9)', () => {
  it('lists who was invited and has not joined, with resend and withdraw; counts them; the register has them; links stay apart', async () => {
    const school = await invitingSchool(server, 'Ash Primary');
    const ann = unique('ann');
    const bo = unique('bo');
    const csv = ['email,first name,last name', `${ann},Ann,Brown`, `${bo},,`].join('\n');
    expect((await school.client.post(`/api/schools/${school.schoolId}/roster`, { csv })).status).toBe(200);
    expect((await school.client.post(`/api/schools/${school.schoolId}/invites`, { maxUses: 5 })).status).toBe(201);

    expect((await school.client.get(`/api/schools/${school.schoolId}/members`)).body.members).toHaveLength(1);
    const members = { body: { invited: (await school.client.get(`/api/schools/${school.schoolId}/invited`)).body } };
    // The agency's admins see the same list for any school; another school's manager does not.
    expect((await (await asAdmin()).get(`/api/admin/schools/${school.schoolId}/invited`)).body).toEqual(members.body.invited);
    expect(members.body.invited).toEqual([
      { inviteId: expect.any(Number), name: null, email: bo, sentAt: expect.any(String), expiresAt: expect.any(String), status: 'pending' },
      { inviteId: expect.any(Number), name: 'Ann Brown', email: ann, sentAt: expect.any(String), expiresAt: expect.any(String), status: 'pending' },
    ]);
    // The link list has the shared link only, not a row per invited person.
    const links = await school.client.get(`/api/schools/${school.schoolId}/invites`);
    expect(links.body).toHaveLength(1);
    expect(links.body[0].maxUses).toBe(5);
    expect((await school.client.get(`/api/schools/${school.schoolId}/deadlines`)).body.invited).toBe(2);

    // The register: the member's row, then each invited person's, "Invited".
    const response = await fetch(`${server.url}/api/schools/${school.schoolId}/register.xlsx`, { headers: { cookie: school.client.cookieHeader } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => [row[2], row[9]])).toEqual([
      [school.user.email, 'Not started'],
      [bo, 'Invited'],
      [ann, 'Invited'],
    ]);

    // Resend: a new link, the old one stops working.
    const annInvite = members.body.invited[1].inviteId as number;
    const firstMail = await server.smtp.waitFor((m) => m.to.includes(ann));
    const oldToken = tokenIn(firstMail);
    const resent = await school.client.post(`/api/schools/${school.schoolId}/invites/${annInvite}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`Invitation sent again to ${ann}`);
    const secondMail = await server.smtp.waitFor((m) => m.to.includes(ann) && tokenIn(m) !== oldToken);
    const newToken = tokenIn(secondMail);
    expect((await server.client().get(`/api/invites/${oldToken}`)).status).toBe(404);

    // 34.9: the invitation carries the address and name to the registration form.
    const preview = await server.client().get(`/api/invites/${newToken}`);
    expect(preview.body).toMatchObject({ schoolName: 'Ash Primary', valid: true, invitee: { email: ann, firstName: 'Ann', lastName: 'Brown' } });
    // Ann registers with the invited address and accepts: she is a verified member, off the invited list.
    const annClient = server.client();
    const registered = await annClient.post('/api/register', { email: ann, password: 'a-good-password', firstName: 'Ann', lastName: 'Brown' });
    expect(registered.status).toBe(201);
    expect((await annClient.get('/api/user')).body.emailVerified).toBe(false);
    expect((await annClient.post(`/api/invites/${newToken}/accept`)).status).toBe(201);
    const annRow = await server.db('users').where({ email: ann }).first();
    expect(annRow!.emailVerifiedAt).not.toBeNull();
    // Her profile's empty "School or company" is the school she joined.
    expect(annRow!.company).toBe('Ash Primary');
    expect((await annClient.get('/api/schools/mine')).body.school).toMatchObject({ name: 'Ash Primary' });

    // Withdraw Bo: off the list, and the link is refused.
    const boInvite = members.body.invited[0].inviteId as number;
    const boToken = tokenIn(await server.smtp.waitFor((m) => m.to.includes(bo)));
    expect((await school.client.delete(`/api/schools/${school.schoolId}/invites/${boInvite}`)).status).toBe(200);
    const after = await school.client.get(`/api/schools/${school.schoolId}/members`);
    expect(after.body.members.map((m: { email: string }) => m.email).sort()).toEqual([ann, school.user.email].sort());
    expect((await school.client.get(`/api/schools/${school.schoolId}/invited`)).body).toEqual([]);
    expect((await school.client.get(`/api/schools/${school.schoolId}/deadlines`)).body.invited).toBe(0);
    const boClient = await learner(server, { email: bo });
    expect((await boClient.client.post(`/api/invites/${boToken}/accept`)).status).toBe(410);
    // Neither a withdrawn nor an accepted invitation can be resent; nor another school's.
    expect((await school.client.post(`/api/schools/${school.schoolId}/invites/${boInvite}/resend`)).status).toBe(410);
    expect((await school.client.post(`/api/schools/${school.schoolId}/invites/${annInvite}/resend`)).status).toBe(410);
    const rival = await invitingSchool(server, 'Rival');
    expect((await rival.client.get(`/api/schools/${school.schoolId}/invited`)).status).toBe(403);
    expect((await rival.client.post(`/api/schools/${rival.schoolId}/invites/${annInvite}/resend`)).status).toBe(404);
    expect((await rival.client.post(`/api/schools/${school.schoolId}/invites/${annInvite}/resend`)).status).toBe(403);
  });

  it('an expired invitation is listed as expired, and accepting a personal invitation never verifies a different address', async () => {
    const school = await invitingSchool(server, 'Birch Primary');
    const cy = unique('cy');
    expect((await school.client.post(`/api/schools/${school.schoolId}/invites/email`, { emails: [cy] })).status).toBe(200);
    await server
      .db('schoolInvites')
      .where({ schoolId: school.schoolId, email: cy })
      .update({ expiresAt: Date.now() - 1000 });
    expect((await school.client.get(`/api/schools/${school.schoolId}/invited`)).body).toMatchObject([{ email: cy, status: 'expired' }]);
    // A shared link verifies nobody: it was not mailed to the account's address.
    const link = await school.client.post(`/api/schools/${school.schoolId}/invites`, {});
    const someone = await createUser(server.db, { email: unique('someone') });
    const client = server.client();
    await signIn(client, someone);
    expect((await client.post(`/api/invites/${new URL(link.body.url).searchParams.get('token')}/accept`)).status).toBe(201);
    expect((await server.db('users').where({ id: someone.id }).first())!.emailVerifiedAt).toBeNull();
  });
});
