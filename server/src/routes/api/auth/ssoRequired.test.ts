import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithProvider } from '../../../commands/signInWithProvider.ts';
import { SignInError } from '../../../services/signIn/errors.ts';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createUser, signIn } from '../../../test/factories.ts';
import { makeTestKey, postToAcs, TestSamlIdp, type AssertionOptions } from '../../../test/samlIdp.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { adminClient } from '../../../test/trusts.ts';
import { proveDomain, signedInAs } from '../../../test/schoolSignIn.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// A manager's "Test sign-in", then "staff must sign in with the school's provider" (issue 57).
const server = useTestServer();
const idp = new TestSamlIdp();
const DOMAIN = 'ash-required.sch.uk';

let schoolId: number;
let manager: TestClient;
let managerEmail: string;
let sequence = 0;
const address = (domain = DOMAIN) => `staff${++sequence}@${domain}`;
const providerPath = () => `/api/schools/${schoolId}/identity-provider`;

beforeAll(async () => {
  const school = await schoolWithManager(server, 'Ash Academy');
  schoolId = school.schoolId;
  manager = school.client;
  managerEmail = school.user.email;
  await proveDomain(server, schoolId, DOMAIN);
  expect((await manager.put(providerPath(), { kind: 'saml', metadataXml: idp.metadataXml() })).status).toBe(200);
});

/** A test sign-in run by `client`: the start route, the IdP answering for `email`, the post back. */
async function testSignIn(client: TestClient, email: string, options: AssertionOptions = {}, base = providerPath()) {
  const start = await client.get(`${base}/test?returnTo=${encodeURIComponent('/school?tab=sign-in')}`);
  expect(start.status).toBe(302);
  const request = idp.readRequest(start.headers.get('location')!);
  return postToAcs(client, request.acsUrl, { SAMLResponse: idp.respond(request, { nameId: email, ...options }), RelayState: request.relayState });
}

const provider = async () => (await manager.get(providerPath())).body.provider;

describe('Test sign-in', () => {
  it('runs every check, shows who came back, and signs nobody in', async () => {
    const email = address();
    const back = await testSignIn(manager, email, { attributes: { givenName: 'Ada', sn: 'Lovelace' } });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/school?tab=sign-in&ssoTest=passed');
    // The manager is still themself; no account was made for the tested address.
    expect(await signedInAs(manager)).toBe(managerEmail);
    expect(await server.db('users').where({ email }).first()).toBeUndefined();
    expect((await provider()).lastTest).toMatchObject({ ok: true, email, name: 'Ada Lovelace', failure: null });
  });

  it('names the check that failed and what came back', async () => {
    const outsider = 'someone@elsewhere.example';
    const back = await testSignIn(manager, outsider);
    expect(back.headers.get('location')).toBe('/school?tab=sign-in&ssoTest=failed');
    const { lastTest } = await provider();
    expect(lastTest).toMatchObject({ ok: false, email: outsider, failure: { code: 'sso_domain' } });
    expect(lastTest.failure.detail).toContain(outsider);
    // A response the certificate did not sign: refused before anything is read from it.
    const forged = await testSignIn(manager, address(), { key: makeTestKey() });
    expect(forged.headers.get('location')).toBe('/school?tab=sign-in&ssoTest=failed');
    expect((await provider()).lastTest).toMatchObject({ ok: false, email: null, failure: { code: 'invalid' } });
  });

  it('is for the organisation’s managers and admins only', async () => {
    const other = await schoolWithManager(server, 'Birch School');
    expect((await other.client.get(`${providerPath()}/test`)).status).toBe(403);
    expect((await server.client().get(`${providerPath()}/test`)).status).toBe(401);
    // Another school without a provider: nothing to test.
    expect((await other.client.get(`/api/schools/${other.schoolId}/identity-provider/test`)).status).toBe(404);
  });
});

describe('staff must sign in with the school’s provider', () => {
  let staff: { email: string };
  let admin: { email: string };

  beforeAll(async () => {
    staff = await createUser(server.db, { email: address() });
    admin = await createAdmin(server.db, { email: address() });
  });

  it('can be turned on only after a test passed since the settings were saved', async () => {
    // The last test failed (above).
    const early = await manager.put(`${providerPath()}/required`, { required: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Test sign-in/);
    await testSignIn(manager, address());
    const on = await manager.put(`${providerPath()}/required`, { required: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ required: true, lastTest: { ok: true } });
  });

  it('refuses passwords and registration for addresses on the school’s domains, whatever the password', async () => {
    const login = await server.client().post('/api/login', { email: staff.email, password: 'CorrectHorse1!' });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ id: 'sso_required' });
    const wrong = await server.client().post('/api/login', { email: staff.email, password: 'not-it' });
    expect(wrong.status).toBe(403);
    const unknown = await server.client().post('/api/login', { email: address(), password: 'whatever' });
    expect(unknown.status).toBe(403);
    const register = await server.client().post('/api/register', { email: address(), password: 'CorrectHorse1!', firstName: 'New', lastName: 'Staff' });
    expect(register.status).toBe(403);
    expect(register.body.id).toBe('sso_required');
    // Elsewhere nothing changes.
    expect((await server.client().post('/api/login', { email: 'nobody@elsewhere.example', password: 'whatever' })).status).toBe(401);
  });

  it('refuses Google or Microsoft for those addresses, new or linked', async () => {
    const deps = { mailer: server.app.deps.mailer, brand: server.app.deps.config, now: Date.now() };
    const google = (email: string, subject: string) =>
      signInWithProvider(server.db, deps, { provider: 'google', subject, email, emailVerified: true, givenName: null, familyName: null, hostedDomain: null });
    await expect(google(address(), 'g-new')).rejects.toMatchObject({ code: 'sso_required' } satisfies Partial<SignInError>);
    await expect(google(staff.email, 'g-existing')).rejects.toMatchObject({ code: 'sso_required' });
    expect(await server.db('userIdentities').where({ provider: 'google' })).toEqual([]);
  });

  it('never locks out an admin, and the school’s own sign-in still works', async () => {
    const client = server.client();
    await signIn(client, admin);
    expect(await signedInAs(client)).toBe(admin.email);
    const staffBrowser = server.client();
    const start = await staffBrowser.get(`/api/auth/sso/start?email=${encodeURIComponent(staff.email)}&returnTo=%2Fcourses`);
    const request = idp.readRequest(start.headers.get('location')!);
    const back = await postToAcs(staffBrowser, request.acsUrl, { SAMLResponse: idp.respond(request, { nameId: staff.email }), RelayState: request.relayState });
    expect(back.headers.get('location')).toBe('/courses');
    expect(await signedInAs(staffBrowser)).toBe(staff.email);
  });

  it('goes off when the settings change, and the agency’s admin can turn it off', async () => {
    const admins = await adminClient(server);
    expect((await admins.put(`/api/admin/schools/${schoolId}/identity-provider/required`, { required: false })).body.required).toBe(false);
    await testSignIn(manager, address());
    expect((await manager.put(`${providerPath()}/required`, { required: true })).status).toBe(200);
    // The same settings saved again keep it; a new certificate (other settings) turns it off and clears the test.
    expect((await manager.put(providerPath(), { kind: 'saml', metadataXml: idp.metadataXml() })).body).toMatchObject({ required: true });
    const other = new TestSamlIdp();
    const replaced = await manager.put(providerPath(), { kind: 'saml', metadataXml: other.metadataXml() });
    expect(replaced.body).toMatchObject({ required: false, lastTest: null });
    expect((await server.client().post('/api/login', { email: staff.email, password: 'whatever' })).status).toBe(401);
  });
});
