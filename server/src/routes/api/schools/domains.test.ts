import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, signIn } from '../../../test/factories.ts';
import { decodeMailBody } from '../../../test/smtp.ts';
import { enrollmentsOf, learner } from '../../../test/schools.ts';
import type { TestClient } from '../../../test/client.ts';
import { FakeDns } from '../../../test/fakeDns.ts';

const server = useTestServer({ smtp: true });
let admin: TestClient;
const dns = new FakeDns();

/** Claims the domain and proves it with its TXT record, as a manager does (domainClaims.test.ts covers the proof). */
async function addProvenDomain(client: TestClient, schoolId: number, domain: string) {
  const claim = await client.post(`/api/schools/${schoolId}/domains`, { domain });
  expect(claim.status).toBe(200);
  dns.publish(claim.body.domain, claim.body.txtRecord.value);
  return client.post(`/api/schools/${schoolId}/domains/${claim.body.domain}/verify`);
}

beforeAll(async () => {
  server.app.deps.dns = dns;
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});

const uniqueDomain = () => `stmarys-${randomBytes(4).toString('hex')}.sch.uk`;

/** Registers through the API and returns the browser and the token from the mailed link. */
async function register(email: string) {
  const client = server.client();
  const response = await client.post('/api/register', { email, password: 'secret-123', firstName: 'Ann' });
  expect(response.status).toBe(201);
  expect(response.body.emailVerified).toBe(false);
  const mail = await server.smtp.waitFor((m) => m.to.includes(email) && /verify-email\?token=/.test(decodeMailBody(m.raw)));
  const link = /(http:\/\/[^\s]+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(decodeMailBody(mail.raw))![1]!;
  expect(link.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
  return { client, token: new URL(link).searchParams.get('token')!, id: response.body.id as number };
}

describe('e-mail verification', () => {
  it('mails a single-use link at registration that marks the address verified', async () => {
    const email = `ann-${randomBytes(3).toString('hex')}@example.org`;
    const { client, token } = await register(email);
    const verified = await client.post('/api/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: 'Your e-mail address is verified.', joinedSchool: null });
    expect((await client.get('/api/user')).body.emailVerified).toBe(true);
    const reused = await client.post('/api/verify-email', { token });
    expect(reused.status).toBe(400);
    expect((await client.post('/api/user/verify-email')).body.message).toMatch(/already verified/);
    expect((await client.post('/api/verify-email', { token: randomBytes(32).toString('base64url') })).status).toBe(400);
    expect((await client.post('/api/verify-email', {})).status).toBe(400);
  });

  it('sends a fresh link on request, and refuses an expired one', async () => {
    const { client, user } = await learner(server);
    const sent = await client.post('/api/user/verify-email');
    expect(sent.status).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.to.includes(user.email));
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(decodeMailBody(mail.raw))![1]!;
    await server
      .db('emailVerifications')
      .where({ userId: user.id })
      .update({ expiresAt: Date.now() - 1 });
    expect((await client.post('/api/verify-email', { token })).status).toBe(400);
    expect((await server.client().post('/api/user/verify-email')).status).toBe(401);
  });
  it('lets a link expire 48 hours later by the app clock, not the wall clock', async () => {
    const early = await register(`early-${randomBytes(3).toString('hex')}@example.org`);
    const late = await register(`late-${randomBytes(3).toString('hex')}@example.org`);
    try {
      server.clock.advance(47 * 3_600_000);
      expect((await early.client.post('/api/verify-email', { token: early.token })).status).toBe(200);
      server.clock.advance(2 * 3_600_000);
      const expired = await late.client.post('/api/verify-email', { token: late.token });
      expect(expired.status).toBe(400);
      expect((await late.client.get('/api/user')).body.emailVerified).toBe(false);
    } finally {
      server.clock.reset();
    }
  });
});

describe('a verification link for an account someone else made', () => {
  it('verifies nothing when opened signed out or as another account, and is not spent', async () => {
    const domain = uniqueDomain();
    const head = await register(`head@${domain}`);
    expect((await head.client.post('/api/verify-email', { token: head.token })).status).toBe(200);
    const schoolId = (await head.client.post('/api/schools', { name: 'Oak' })).body.id as number;
    expect((await head.client.post(`/api/schools/${schoolId}/domains`, { domain })).status).toBe(200);
    // Someone registers under a colleague's address; the link lands in the colleague's mailbox.
    const squatter = await register(`colleague@${domain}`);
    const signedOut = await server.client().post('/api/verify-email', { token: squatter.token });
    expect(signedOut.status).toBe(401);
    // The mailbox owner opens it while signed in as themselves (their own account elsewhere).
    const owner = await register(`colleague-${randomBytes(3).toString('hex')}@example.org`);
    const asOther = await owner.client.post('/api/verify-email', { token: squatter.token });
    expect(asOther.status).toBe(403);
    expect(asOther.body.message).toMatch(/for another account/);
    const row = await server.db('users').where({ id: squatter.id }).first();
    expect(row!.emailVerifiedAt).toBeNull();
    expect(await server.db('schoolMembers').where({ userId: squatter.id })).toHaveLength(0);
    expect(await server.db('schoolMembers').where({ userId: owner.id })).toHaveLength(0);
    // Not spent: the account's own owner can still use it.
    expect((await squatter.client.post('/api/verify-email', { token: squatter.token })).status).toBe(200);
  });
});

describe('school e-mail domains', () => {
  it('joins colleagues who register with the domain only once they verify through the mailed link', async () => {
    const domain = uniqueDomain();
    const head = await register(`head@${domain}`);
    expect((await head.client.post('/api/verify-email', { token: head.token })).status).toBe(200);
    const created = await head.client.post('/api/schools', { name: "St Mary's Primary" });
    const schoolId = created.body.id as number;
    const course = await createCourse(server, { price: 49900 });
    await createModule(server, course.id);
    await admin.post(`/api/admin/schools/${schoolId}/licences`, { courseId: course.id });

    const added = await addProvenDomain(head.client, schoolId, domain.toUpperCase());
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ domain, verifiedAt: expect.any(String) });
    expect((await head.client.post(`/api/schools/${schoolId}/domains`, { domain })).status).toBe(200);
    expect((await head.client.get('/api/schools/mine')).body.domains).toEqual([
      { domain, verifiedAt: expect.any(String), proof: 'dns', txtRecord: null, googleWorkspaceDomain: null },
    ]);

    const teacher = await register(`teacher@${domain}`);
    // Registered with the domain but not verified: not a member, no access.
    expect((await teacher.client.get('/api/schools/mine')).body.school).toBeNull();
    expect(await enrollmentsOf(server.db, teacher.id)).toHaveLength(0);
    expect((await teacher.client.post('/api/enrollments', { courseId: course.id })).status).toBe(402);

    const verified = await teacher.client.post('/api/verify-email', { token: teacher.token });
    expect(verified.status).toBe(200);
    expect(verified.body.joinedSchool).toMatchObject({ id: schoolId, name: "St Mary's Primary" });
    expect((await teacher.client.get('/api/schools/mine')).body).toMatchObject({ role: 'member', school: { id: schoolId } });
    expect((await enrollmentsOf(server.db, teacher.id)).map((e) => [e.courseId, e.source])).toEqual([[course.id, 'licence']]);
    expect((await teacher.client.get(`/api/courses/${course.id}`)).body.schoolName).toBe("St Mary's Primary");

    // Someone on another domain who verifies does not join.
    const outsider = await register(`someone@other-${domain}`);
    expect((await outsider.client.post('/api/verify-email', { token: outsider.token })).body.joinedSchool).toBeNull();
  });

  it('joins already-verified people when the domain is proven, never unverified ones', async () => {
    const domain = uniqueDomain();
    const manager = await learner(server, { email: `head@${domain}`, verified: true });
    const early = await learner(server, { email: `early@${domain}`, verified: true });
    const unverified = await learner(server, { email: `lazy@${domain}` });
    const schoolId = (await manager.client.post('/api/schools', { name: 'Oak' })).body.id;
    const added = await addProvenDomain(manager.client, schoolId, domain);
    expect(added.body.joinedMembers).toBe(1);
    expect((await early.client.get('/api/schools/mine')).body.school?.id).toBe(schoolId);
    expect((await unverified.client.get('/api/schools/mine')).body.school).toBeNull();
  });

  it('refuses public domains, someone else’s domain, unverified managers and a domain proven for another school', async () => {
    const gmailManager = await learner(server, { email: `head-${randomBytes(3).toString('hex')}@gmail.com`, verified: true });
    const gmailSchool = (await gmailManager.client.post('/api/schools', { name: 'Gmail school' })).body.id;
    const refused = await gmailManager.client.post(`/api/schools/${gmailSchool}/domains`, { domain: 'gmail.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/public e-mail provider/);
    expect((await gmailManager.client.post(`/api/schools/${gmailSchool}/domains`, { domain: 'outlook.com' })).status).toBe(400);
    expect(await server.db('schoolDomains').where({ domain: 'gmail.com' })).toHaveLength(0);

    const domain = uniqueDomain();
    const manager = await learner(server, { email: `head@${domain}`, verified: true });
    const schoolId = (await manager.client.post('/api/schools', { name: 'Elm' })).body.id;
    const notTheirs = await manager.client.post(`/api/schools/${schoolId}/domains`, { domain: 'eton.ac.uk' });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.message).toMatch(/your own e-mail address/);
    expect((await manager.client.post(`/api/schools/${schoolId}/domains`, { domain: 'not a domain' })).status).toBe(400);

    const unverifiedManager = await learner(server, { email: `deputy@${uniqueDomain()}` });
    const otherSchool = (await unverifiedManager.client.post('/api/schools', { name: 'Ash' })).body.id;
    const own = unverifiedManager.user.email.split('@')[1];
    expect((await unverifiedManager.client.post(`/api/schools/${otherSchool}/domains`, { domain: own })).status).toBe(403);

    expect((await addProvenDomain(manager.client, schoolId, domain)).status).toBe(200);
    const rival = await learner(server, { email: `rival@${domain}`, verified: true });
    const rivalSchool = (await rival.client.post('/api/schools', { name: 'Rival' })).body.id;
    expect((await rival.client.post(`/api/schools/${rivalSchool}/domains`, { domain })).status).toBe(409);

    expect((await manager.client.delete(`/api/schools/${schoolId}/domains/${domain}`)).status).toBe(200);
    expect((await manager.client.delete(`/api/schools/${schoolId}/domains/${domain}`)).status).toBe(404);
  });
});
