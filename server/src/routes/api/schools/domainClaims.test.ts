import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPublicEmailDomain } from '@atrium/common';
import { joinSchool } from '../../../commands/schools/membership.ts';
import { hashToken } from '../../../services/tokens.ts';
import type { TestClient } from '../../../test/client.ts';
import { FakeDns } from '../../../test/fakeDns.ts';
import { createAdmin, signIn } from '../../../test/factories.ts';
import { learner } from '../../../test/schools.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();
const dns = new FakeDns();
let admin: TestClient;

beforeAll(async () => {
  server.app.deps.dns = dns;
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
});

const uniqueDomain = () => `oakfield-${randomBytes(4).toString('hex')}.sch.uk`;
const schoolOf = async (client: TestClient) => (await client.get('/api/schools/mine')).body.school?.id ?? null;

/** A verified person on `domain` who founds a school and claims the domain for it. */
async function claimant(domain: string, name: string) {
  const manager = await learner(server, { email: `${name}-${randomBytes(2).toString('hex')}@${domain}`, verified: true });
  const schoolId = (await manager.client.post('/api/schools', { name })).body.id as number;
  const claim = await manager.client.post(`/api/schools/${schoolId}/domains`, { domain });
  return { ...manager, schoolId, claim };
}

describe('a domain claim takes effect once proven', () => {
  it('pulls nobody in while unproven, shows the TXT record, and joins colleagues once DNS has it', async () => {
    const domain = uniqueDomain();
    const colleague = await learner(server, { email: `teacher@${domain}`, verified: true });
    const { client, schoolId, claim } = await claimant(domain, 'head');
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({ domain, verifiedAt: null, proof: null, joinedMembers: 0 });
    expect(claim.body.txtRecord).toEqual({ host: domain, value: expect.stringMatching(/^atrium-domain-verification=[A-Za-z0-9_-]{32}$/) });
    expect(await schoolOf(colleague.client)).toBeNull();
    // A colleague verifying now does not join through an unproven claim either.
    const later = await learner(server, { email: `later@${domain}` });
    const token = 'later-token-'.padEnd(43, 'x');
    await server.db('emailVerifications').insert({ userId: later.user.id, tokenHash: hashToken(token), expiresAt: Date.now() + 60_000, createdAt: Date.now() });
    expect((await later.client.post('/api/verify-email', { token })).body.joinedSchool).toBeNull();

    const notYet = await client.post(`/api/schools/${schoolId}/domains/${domain}/verify`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toContain(claim.body.txtRecord.value);
    expect(await schoolOf(colleague.client)).toBeNull();

    dns.publish(domain, 'v=spf1 -all');
    dns.publish(domain, claim.body.txtRecord.value);
    const proven = await client.post(`/api/schools/${schoolId}/domains/${domain}/verify`);
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({ domain, proof: 'dns', txtRecord: null, joinedMembers: 2 });
    expect(await schoolOf(colleague.client)).toBe(schoolId);
    expect(await schoolOf(later.client)).toBe(schoolId);
    expect((await client.get('/api/schools/mine')).body.domains).toEqual([proven.body].map(({ joinedMembers: _joined, ...dto }) => dto));
  });

  it('lets the real school prove a domain a squatter claimed first, and refuses the squatter', async () => {
    const domain = uniqueDomain();
    // A pupil (or a former employee) with a verified address there claims it for their own "school".
    const squatter = await claimant(domain, 'pupil');
    const real = await claimant(domain, 'bursar');
    expect(real.claim.status).toBe(200);
    expect(real.claim.body.txtRecord.value).not.toBe(squatter.claim.body.txtRecord.value);

    dns.publish(domain, real.claim.body.txtRecord.value);
    expect((await squatter.client.post(`/api/schools/${squatter.schoolId}/domains/${domain}/verify`)).status).toBe(409);
    expect((await real.client.post(`/api/schools/${real.schoolId}/domains/${domain}/verify`)).status).toBe(200);
    // Even with its own record published, the squatter cannot prove a domain proven for another school.
    dns.publish(domain, squatter.claim.body.txtRecord.value);
    const refused = await squatter.client.post(`/api/schools/${squatter.schoolId}/domains/${domain}/verify`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/another school/);
    // A new claim on a proven domain is refused at once.
    const third = await claimant(domain, 'governor');
    expect(third.claim.status).toBe(409);
  });

  it('answers a DNS failure with 503 and a sentence, changing nothing', async () => {
    const domain = uniqueDomain();
    const { client, schoolId } = await claimant(domain, 'head');
    dns.failure = Object.assign(new Error('queryTxt ETIMEOUT'), { code: 'ETIMEOUT' });
    try {
      const answer = await client.post(`/api/schools/${schoolId}/domains/${domain}/verify`);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/could not reach the DNS/);
    } finally {
      dns.failure = null;
    }
    expect((await server.db('schoolDomains').where({ schoolId, domain }).first())!.verifiedAt).toBeNull();
  });
});

describe('admins see, approve, move and remove claims', () => {
  it('approves a claim on the school page, which then pulls colleagues in', async () => {
    const domain = uniqueDomain();
    const colleague = await learner(server, { email: `teacher@${domain}`, verified: true });
    const { schoolId } = await claimant(domain, 'head');
    const page = await admin.get(`/api/admin/schools/${schoolId}`);
    expect(page.body.domains).toEqual([
      { domain, verifiedAt: null, proof: null, txtRecord: { host: domain, value: expect.any(String) }, googleWorkspaceDomain: null },
    ]);

    const approved = await admin.post(`/api/admin/schools/${schoolId}/domains/${domain}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.joinedMembers).toBe(1);
    expect(await schoolOf(colleague.client)).toBe(schoolId);
    expect((await admin.get(`/api/admin/schools/${schoolId}`)).body.domains[0]).toMatchObject({ proof: 'admin', txtRecord: null });
    expect((await admin.post(`/api/admin/schools/${schoolId}/domains/not-claimed.sch.uk/approve`)).status).toBe(404);
  });

  it('moves a claim to another school, replacing that school’s own claim, and removes claims', async () => {
    const domain = uniqueDomain();
    const squatter = await claimant(domain, 'pupil');
    const real = await claimant(domain, 'bursar');
    expect(real.claim.status).toBe(200);
    // An admin approves the wrong claim, then puts it right.
    await admin.post(`/api/admin/schools/${squatter.schoolId}/domains/${domain}/approve`);
    const colleague = await learner(server, { email: `teacher@${domain}`, verified: true });
    // Verified after the approval, without a verification link: no school yet.
    expect(await schoolOf(colleague.client)).toBeNull();

    const moved = await admin.post(`/api/admin/schools/${squatter.schoolId}/domains/${domain}/move`, { schoolId: real.schoolId });
    expect(moved.status).toBe(200);
    expect(moved.body.joinedMembers).toBe(1);
    expect(await schoolOf(colleague.client)).toBe(real.schoolId);
    expect(await server.db('schoolDomains').where({ domain })).toEqual([expect.objectContaining({ schoolId: real.schoolId, proof: 'admin' })]);
    expect((await admin.post(`/api/admin/schools/${real.schoolId}/domains/${domain}/move`, { schoolId: real.schoolId })).status).toBe(400);
    expect((await admin.post(`/api/admin/schools/${real.schoolId}/domains/${domain}/move`, { schoolId: 2 ** 31 - 1 })).status).toBe(404);
    expect((await admin.post(`/api/admin/schools/${real.schoolId}/domains/${domain}/move`, {})).status).toBe(400);

    expect((await admin.delete(`/api/admin/schools/${real.schoolId}/domains/${domain}`)).status).toBe(200);
    expect(await server.db('schoolDomains').where({ domain })).toHaveLength(0);
    // Members who joined through it stay.
    expect(await schoolOf(colleague.client)).toBe(real.schoolId);
  });

  it('is for admins only', async () => {
    const domain = uniqueDomain();
    const { client, schoolId } = await claimant(domain, 'head');
    expect((await client.post(`/api/admin/schools/${schoolId}/domains/${domain}/approve`)).status).toBe(403);
    expect((await client.delete(`/api/admin/schools/${schoolId}/domains/${domain}`)).status).toBe(403);
    expect((await server.client().post(`/api/admin/schools/${schoolId}/domains/${domain}/move`, { schoolId })).status).toBe(401);
  });
});

describe('public mail providers', () => {
  it('include ISPs and national Outlook, Hotmail, Live and Yahoo domains, and are refused as claims', async () => {
    for (const domain of [
      'comcast.net',
      'att.net',
      'verizon.net',
      'btinternet.com',
      'sky.com',
      'virginmedia.com',
      'hotmail.co.uk',
      'outlook.fr',
      'live.co.uk',
      'hotmail.fr',
      'yahoo.fr',
      'hotmail.de',
      'outlook.es',
      'yahoo.com.au',
    ]) {
      expect(isPublicEmailDomain(domain), domain).toBe(true);
    }
    expect(isPublicEmailDomain('oakfield.sch.uk')).toBe(false);
    const { claim } = await claimant('comcast.net', 'head');
    expect(claim.status).toBe(400);
    expect(claim.body.message).toMatch(/public e-mail provider/);
  });
});

describe('the Google Workspace of a proven domain', () => {
  it('is set and cleared by the school’s manager, only once the domain is proven, and must be a domain', async () => {
    const domain = uniqueDomain();
    const { client, schoolId, claim } = await claimant(domain, 'head');
    const path = `/api/schools/${schoolId}/domains/${domain}/google-workspace`;
    const unproven = await client.put(path, { hd: domain });
    expect(unproven.status).toBe(409);
    expect(unproven.body.message).toContain('Prove the domain first');

    dns.publish(domain, claim.body.txtRecord.value);
    expect((await client.post(`/api/schools/${schoolId}/domains/${domain}/verify`)).status).toBe(200);
    for (const hd of ['not a domain', 'x'.repeat(300), 42]) expect((await client.put(path, { hd })).status).toBe(400);
    expect((await client.put(path, {})).status).toBe(400);
    expect(await server.db('schoolDomains').where({ schoolId, domain }).first('googleWorkspaceDomain')).toEqual({ googleWorkspaceDomain: null });

    const set = await client.put(path, { hd: ' Oakfield-Trust.ORG ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ domain, googleWorkspaceDomain: 'oakfield-trust.org' });
    expect((await client.get('/api/schools/mine')).body.domains).toMatchObject([{ domain, googleWorkspaceDomain: 'oakfield-trust.org' }]);

    // A member of the school, another school's manager on the same domain, and an admin are refused.
    const member = await learner(server, { email: `member-${randomBytes(2).toString('hex')}@${domain}`, verified: true });
    await joinSchool(server.db, member.user.id, schoolId, 'member', Date.now());
    expect((await member.client.put(path, { hd: null })).status).toBe(403);
    const other = await claimant(uniqueDomain(), 'rival');
    expect((await other.client.put(path, { hd: null })).status).toBe(403);
    expect((await admin.put(path, { hd: null })).status).toBe(403);
    expect(await server.db('schoolDomains').where({ schoolId, domain }).first('googleWorkspaceDomain')).toEqual({
      googleWorkspaceDomain: 'oakfield-trust.org',
    });

    const cleared = await client.put(path, { hd: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.googleWorkspaceDomain).toBeNull();
    expect((await client.put(`/api/schools/${schoolId}/domains/elsewhere.sch.uk/google-workspace`, { hd: null })).status).toBe(404);
  });
});
