import { beforeAll, describe, expect, it } from 'vitest';
import { spendAssertion } from '../../../commands/identityProviders.ts';
import { SignInError } from '../../../services/signIn/errors.ts';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createUser, signIn } from '../../../test/factories.ts';
import { makeTestKey, postToAcs, TestSamlIdp, type AssertionOptions, type AuthnRequest } from '../../../test/samlIdp.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { adminClient, trustManagerOf, trustOf } from '../../../test/trusts.ts';
import { proveDomain as proveDomainOf, refusedWith, signedInAs } from '../../../test/schoolSignIn.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();
const idp = new TestSamlIdp();
const DOMAIN = 'oak-sso.sch.uk';

let schoolId: number;
let manager: TestClient;
let connectionId: number;
let acsUrl: string;
let sequence = 0;
const address = (domain = DOMAIN) => `teacher${++sequence}@${domain}`;

const proveDomain = (forSchool: number, domain: string) => proveDomainOf(server, forSchool, domain);

beforeAll(async () => {
  const school = await schoolWithManager(server, 'Oak Academy');
  schoolId = school.schoolId;
  manager = school.client;
  await proveDomain(schoolId, DOMAIN);
  const saved = await manager.put(`/api/schools/${schoolId}/identity-provider`, { kind: 'saml', metadataXml: idp.metadataXml() });
  expect(saved.status).toBe(200);
  connectionId = saved.body.id;
  acsUrl = saved.body.acsUrl;
});

/** Starts a sign-in in `client` (by address) and returns the request the IdP received. */
async function start(client: TestClient, email: string, returnTo = '/courses'): Promise<AuthnRequest> {
  const response = await client.get(`/api/auth/sso/start?email=${encodeURIComponent(email)}&returnTo=${encodeURIComponent(returnTo)}`);
  expect(response.status).toBe(302);
  return idp.readRequest(response.headers.get('location')!);
}

/** A whole sign-in: start in `client`, the IdP answers (bent by `options`), the browser posts it back. */
async function signInWithIdp(client: TestClient, email: string, options: AssertionOptions = {}) {
  const request = await start(client, email);
  const SAMLResponse = idp.respond(request, { nameId: email, ...options });
  const back = await postToAcs(client, request.acsUrl, { SAMLResponse, RelayState: request.relayState });
  return { request, SAMLResponse, back };
}

describe('connecting a provider', () => {
  it('answers what to give the IT team, never more, and turns the sign-in page option on', async () => {
    const got = await manager.get(`/api/schools/${schoolId}/identity-provider`);
    expect(got.status).toBe(200);
    const base = `${server.url}/api/auth/sso/${connectionId}`;
    expect(got.body.provider).toMatchObject({
      id: connectionId,
      kind: 'saml',
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      spEntityId: `${base}/metadata`,
      metadataUrl: `${base}/metadata`,
      acsUrl: `${base}/acs`,
      startUrl: `${base}/start`,
    });
    expect(got.body.provider.certificateExpiresAt).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(JSON.stringify(got.body)).not.toContain('BEGIN CERTIFICATE');
    expect((await server.client().get('/api/config')).body.ssoStart).toBe(true);
  });

  it('refuses bad metadata, an unreadable or expired certificate and a non-https URL, naming the field', async () => {
    const put = (body: object) => manager.put(`/api/schools/${schoolId}/identity-provider`, { kind: 'saml', ...body });
    const notXml = await put({ metadataXml: '<md:EntityDescriptor' });
    expect(notXml.status).toBe(400);
    expect(notXml.body.errors).toHaveProperty('metadataXml');
    const badCert = await put({
      entityId: 'x',
      ssoUrl: 'https://idp.example/sso',
      certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
    });
    expect(badCert.status).toBe(400);
    expect(badCert.body.errors).toHaveProperty('certificate');
    const plainHttp = await put({ entityId: 'x', ssoUrl: 'http://idp.example/sso', certificate: idp.key.certificate });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.errors).toHaveProperty('ssoUrl');
    const missing = await put({ entityId: 'x', certificate: idp.key.certificate });
    expect(missing.body.errors).toHaveProperty('ssoUrl');
    // A certificate valid for a day, given 40 days later.
    const shortLived = makeTestKey(1).certificate;
    server.clock.advance(40 * 86_400_000);
    const expired = await put({ entityId: 'x', ssoUrl: 'https://idp.example/sso', certificate: shortLived }).finally(() => server.clock.reset());
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
    // Nothing was changed by the refusals.
    expect((await manager.get(`/api/schools/${schoolId}/identity-provider`)).body.provider.entityId).toBe(idp.entityId);
  });

  it('is the managers’ own: anyone else gets 403, a visitor 401', async () => {
    const other = await schoolWithManager(server, 'Elm School');
    expect((await other.client.get(`/api/schools/${schoolId}/identity-provider`)).status).toBe(403);
    expect((await other.client.put(`/api/schools/${schoolId}/identity-provider`, { kind: 'saml', metadataXml: idp.metadataXml() })).status).toBe(403);
    expect((await other.client.delete(`/api/schools/${schoolId}/identity-provider`)).status).toBe(403);
    expect((await server.client().get(`/api/schools/${schoolId}/identity-provider`)).status).toBe(401);
  });

  it('publishes SP metadata whose entityID is its own URL, with the ACS on HTTP-POST', async () => {
    const response = await server.client().get(`/api/auth/sso/${connectionId}/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/samlmetadata+xml');
    expect(response.text).toContain(`entityID="${server.url}/api/auth/sso/${connectionId}/metadata"`);
    expect(response.text).toContain(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${acsUrl}"`);
    expect((await server.client().get('/api/auth/sso/999999/metadata')).status).toBe(404);
  });
});

describe('starting', () => {
  it('finds the provider by the address’s proven domain and redirects with an AuthnRequest', async () => {
    const client = server.client();
    const response = await client.get(`/api/auth/sso/start?email=${encodeURIComponent(address())}`);
    const request = idp.readRequest(response.headers.get('location')!);
    expect(request.acsUrl).toBe(acsUrl);
    expect(request.issuer).toBe(`${server.url}/api/auth/sso/${connectionId}/metadata`);
    expect(request.relayState).toMatch(/^[\w-]{40,}$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('atrium.sso='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/path=\/api\/auth\/sso/i);
    // It must survive the provider's cross-site POST: SameSite=None, so Secure (browsers take it from loopback http too).
    expect(cookie).toMatch(/samesite=none/i);
    expect(cookie).toMatch(/;\s*secure/i);
    // The flow row holds hashes and the request ID, never RelayState itself.
    expect(JSON.stringify(await server.db('signInFlows').select('*'))).not.toContain(request.relayState);
  });

  it('sends an address with no provider (or no address) to /auth with no_sso, and the direct link works too', async () => {
    refusedWith(await server.client().get('/api/auth/sso/start?email=someone%40elsewhere.example'), 'no_sso');
    refusedWith(await server.client().get('/api/auth/sso/start?email=not-an-address'), 'no_sso');
    refusedWith(await server.client().get('/api/auth/sso/start'), 'no_sso');
    refusedWith(await server.client().get('/api/auth/sso/999999/start'), 'not_configured');
    const direct = await server.client().get(`/api/auth/sso/${connectionId}/start`);
    expect(idp.readRequest(direct.headers.get('location')!).acsUrl).toBe(acsUrl);
  });
});

describe('signing in', () => {
  it('makes a first-timer an account and a member of the school, then finds them by subject', async () => {
    const client = server.client();
    const email = address();
    const subject = `persistent-${sequence}`;
    const first = await signInWithIdp(client, email, {
      nameId: subject,
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: { email, givenName: 'Ada', sn: 'Byron' },
    });
    expect(first.back.status).toBe(302);
    expect(first.back.headers.get('location')).toBe('/courses');
    expect(await signedInAs(client)).toBe(email);
    const user = (await server.db('users').where({ email }).first())!;
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Byron', passwordHash: '' });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await server.db('schoolMembers').where({ userId: user.id }).first()).toMatchObject({ schoolId, role: 'member' });
    expect(await server.db('userIdentities').where({ userId: user.id })).toMatchObject([{ provider: `sso:${connectionId}`, subject }]);
    // /profile lists the sign-ins a person linked; the school's own is not one of them.
    expect((await client.get('/api/user/sign-ins')).body.signIns).toEqual([]);

    // Later, the provider sends a new address for the same subject: the same account opens.
    const later = server.client();
    const renamed = address();
    const second = await signInWithIdp(later, renamed, {
      nameId: subject,
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: { email: renamed },
    });
    expect(second.back.headers.get('location')).toBe('/courses');
    expect((await later.get('/api/user')).body.id).toBe(user.id);
  });

  it('links an existing account with the same address and tells its owner by mail', async () => {
    const email = address();
    const existing = await createUser(server.db, { email });
    await server.db('users').where({ id: existing.id }).update({ emailVerifiedAt: Date.now() });
    const client = server.client();
    const { back } = await signInWithIdp(client, email);
    expect(back.headers.get('location')).toBe('/courses');
    expect((await client.get('/api/user')).body.id).toBe(existing.id);
    expect(await server.db('outbox').where({ toAddress: email }).first()).toBeDefined();
  });

  it('accepts a response signed as a whole instead of its assertion', async () => {
    const client = server.client();
    const email = address();
    const { back } = await signInWithIdp(client, email, { sign: 'response' });
    expect(back.headers.get('location')).toBe('/courses');
    expect(await signedInAs(client)).toBe(email);
  });

  it('arrives even when the browser already has a session (the cross-site post carries none in a real browser)', async () => {
    const client = server.client();
    await signIn(client, await createUser(server.db));
    const email = address();
    const { back } = await signInWithIdp(client, email);
    expect(back.headers.get('location')).toBe('/courses');
    expect(await signedInAs(client)).toBe(email);
  });
});

describe('refusals: each lands on /auth with a code and signs nobody in', () => {
  /** Runs a flow bent by `bend` and checks the refusal. */
  async function refused(
    code: string,
    bend: (request: AuthnRequest, email: string) => { SAMLResponse: string; RelayState?: string } | Promise<{ SAMLResponse: string; RelayState?: string }>,
  ) {
    const client = server.client();
    const email = address();
    const request = await start(client, email);
    const back = await postToAcs(client, request.acsUrl, await bend(request, email));
    refusedWith(back, code);
    expect(await signedInAs(client)).toBeNull();
    expect(await server.db('users').where({ email }).first()).toBeUndefined();
  }
  const relay = (request: AuthnRequest, SAMLResponse: string) => ({ SAMLResponse, RelayState: request.relayState });

  it('the classic wrapping attack: an unsigned assertion placed before the signed one', async () => {
    await refused('invalid', (request, email) => {
      const signed = idp.sign(idp.assertionXml(request, { nameId: 'victim@elsewhere.example' }), 'Assertion');
      const evil = idp.assertionXml(request, { nameId: email });
      return relay(request, Buffer.from(idp.responseXml(request, evil + signed)).toString('base64'));
    });
  });

  it('wrapping: the signed assertion hidden inside an unsigned one that names someone else', async () => {
    await refused('invalid', (request, email) => {
      const signed = idp.sign(idp.assertionXml(request, { nameId: 'someone@elsewhere.example' }), 'Assertion');
      const evil = idp.assertionXml(request, { nameId: email }).replace('</saml:Subject>', `</saml:Subject><saml:Advice>${signed}</saml:Advice>`);
      return relay(request, Buffer.from(idp.responseXml(request, evil)).toString('base64'));
    });
  });

  it('an assertion changed after it was signed', async () => {
    await refused('invalid', (request, email) => {
      const signed = idp.sign(idp.assertionXml(request, { nameId: `x${email}` }), 'Assertion').replace(`>x${email}<`, `>${email}<`);
      return relay(request, Buffer.from(idp.responseXml(request, signed)).toString('base64'));
    });
  });

  it('unsigned, or signed by a key that is not the connection’s', async () => {
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, sign: 'none' })));
    const stranger = makeTestKey();
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, key: stranger })));
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, key: stranger, sign: 'response' })));
  });

  it('the wrong audience, recipient, destination or issuer', async () => {
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, audience: 'https://other-sp.example/metadata' })));
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, recipient: 'https://other-sp.example/acs' })));
    await refused('invalid', (request, email) =>
      relay(request, idp.respond(request, { nameId: email, destination: 'https://other-sp.example/acs', sign: 'response' })),
    );
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, issuer: 'https://evil-idp.example' })));
  });

  it('expired, or not valid yet beyond the two minutes of skew', async () => {
    await refused('expired', (request, email) =>
      relay(request, idp.respond(request, { nameId: email, notBefore: Date.now() - 600_000, notOnOrAfter: Date.now() - 180_000 })),
    );
    await refused('expired', (request, email) => relay(request, idp.respond(request, { nameId: email, notBefore: Date.now() + 180_000 })));
  });

  it('within the skew: a provider clock a minute fast is fine', async () => {
    const client = server.client();
    const email = address();
    const { back } = await signInWithIdp(client, email, { notBefore: Date.now() + 60_000 });
    expect(back.headers.get('location')).toBe('/courses');
  });

  it('unsolicited: no InResponseTo, another request’s, or no RelayState', async () => {
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, inResponseTo: null })));
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, inResponseTo: '_someone-elses-request' })));
    // The Response claims our request but the signed assertion answers another one.
    await refused('invalid', (request, email) => relay(request, idp.respond(request, { nameId: email, subjectInResponseTo: '_another' })));
    await refused('invalid', (request, email) => ({ SAMLResponse: idp.respond(request, { nameId: email }) }));
  });

  it('a response carried to another browser than the one that started (login CSRF)', async () => {
    const victim = server.client();
    const attacker = server.client();
    const request = await start(attacker, address());
    const SAMLResponse = idp.respond(request, { nameId: address() });
    refusedWith(await postToAcs(victim, request.acsUrl, { SAMLResponse, RelayState: request.relayState }), 'invalid');
    expect(await signedInAs(victim)).toBeNull();
  });

  it('replayed: the same response posted again signs nobody in', async () => {
    const client = server.client();
    const email = address();
    const { request, SAMLResponse, back } = await signInWithIdp(client, email);
    expect(back.headers.get('location')).toBe('/courses');
    const again = server.client();
    refusedWith(await postToAcs(again, request.acsUrl, { SAMLResponse, RelayState: request.relayState }), 'expired');
    expect(await signedInAs(again)).toBeNull();
    // Started afresh in the attacker's browser, the old response answers another request.
    const fresh = await start(again, email);
    refusedWith(await postToAcs(again, fresh.acsUrl, { SAMLResponse, RelayState: fresh.relayState }), 'invalid');
  });

  it('stores each assertion ID and refuses its second use', async () => {
    const id = `_replayed-${Date.now()}`;
    await spendAssertion(server.db, connectionId, id, Date.now() + 60_000, Date.now());
    await expect(spendAssertion(server.db, connectionId, id, Date.now() + 60_000, Date.now())).rejects.toThrow(SignInError);
    expect(await server.db('ssoAssertions').where({ connectionId })).not.toHaveLength(0);
    expect(JSON.stringify(await server.db('ssoAssertions').select('*'))).not.toContain(id);
  });

  it('an address outside the organisation’s proven domains', async () => {
    await refused('sso_domain', (request) => relay(request, idp.respond(request, { nameId: address('elsewhere.example') })));
    // A domain proven by another school is not this school's either.
    const other = await schoolWithManager(server, 'Pine School');
    await proveDomain(other.schoolId, 'pine.sch.uk');
    await refused('sso_domain', (request) => relay(request, idp.respond(request, { nameId: address('pine.sch.uk') })));
  });

  it('an admin account, even at an address on the school’s domain', async () => {
    const admin = await createAdmin(server.db, { email: address() });
    const client = server.client();
    const request = await start(client, admin.email);
    refusedWith(
      await postToAcs(client, request.acsUrl, { SAMLResponse: idp.respond(request, { nameId: admin.email }), RelayState: request.relayState }),
      'sso_admin',
    );
    expect(await signedInAs(client)).toBeNull();
  });

  it('garbage in the form is a refusal, never a 5xx', async () => {
    await refused('invalid', (request) => relay(request, 'not base64 at all <xml>'));
    await refused('invalid', (request) => relay(request, Buffer.from('<not-saml/>').toString('base64')));
    const json = await server.client().post(`/api/auth/sso/${connectionId}/acs`, { SAMLResponse: 'x' });
    refusedWith(json, 'invalid');
  });
});

describe("a trust's provider", () => {
  it('signs in staff of every school of the trust, and only theirs', async () => {
    const admin = await adminClient(server);
    const a = await schoolWithManager(server, 'Birch School');
    const b = await schoolWithManager(server, 'Cedar School');
    await proveDomain(a.schoolId, 'birch.sch.uk');
    await proveDomain(b.schoolId, 'cedar.sch.uk');
    const trustId = await trustOf(admin, 'Forest Trust', [a.schoolId, b.schoolId]);
    const trustIdp = new TestSamlIdp();
    const { client: trustManager } = await trustManagerOf(server, admin, trustId);
    const saved = await trustManager.put(`/api/trusts/${trustId}/identity-provider`, {
      kind: 'saml',
      entityId: trustIdp.entityId,
      ssoUrl: trustIdp.ssoUrl,
      certificate: trustIdp.key.certificate,
    });
    expect(saved.status).toBe(200);
    const client = server.client();
    const email = address('cedar.sch.uk');
    const response = await client.get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    const request = trustIdp.readRequest(response.headers.get('location')!);
    expect(request.acsUrl).toBe(saved.body.acsUrl);
    const back = await postToAcs(client, request.acsUrl, { SAMLResponse: trustIdp.respond(request, { nameId: email }), RelayState: request.relayState });
    expect(back.headers.get('location')).toBe('/');
    const me = (await client.get('/api/user')).body;
    expect(await server.db('schoolMembers').where({ userId: me.id }).first()).toMatchObject({ schoolId: b.schoolId });

    // The trust's provider does not speak for Oak Academy (not in the trust).
    const outsider = server.client();
    const started = await outsider.get(`/api/auth/sso/${saved.body.id}/start`);
    const outsideRequest = trustIdp.readRequest(started.headers.get('location')!);
    refusedWith(
      await postToAcs(outsider, outsideRequest.acsUrl, {
        SAMLResponse: trustIdp.respond(outsideRequest, { nameId: address() }),
        RelayState: outsideRequest.relayState,
      }),
      'sso_domain',
    );

    // Disconnecting removes the links; the admin may do it too.
    expect((await admin.delete(`/api/admin/trusts/${trustId}/identity-provider`)).status).toBe(204);
    expect(await server.db('userIdentities').where({ provider: `sso:${saved.body.id}` })).toHaveLength(0);
    expect((await trustManager.get(`/api/trusts/${trustId}/identity-provider`)).body.provider).toBeNull();
  });
});
