import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { postToAcs, TestSamlIdp } from '../../../test/samlIdp.ts';
import { schoolWithManager } from '../../../test/schools.ts';
import { proveDomain, refusedWith, signedInAs } from '../../../test/schoolSignIn.ts';
import { adminClient, trustManagerOf, trustOf } from '../../../test/trusts.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

// A provider's link to an account (its subject) opens that account only while the account's own
// address is one the provider's organisation still speaks for: a trust's provider must not keep
// opening the accounts of a school that has left the trust by vouching for another address.

const server = useTestServer();
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

/** One sign-in through the connection's own start route, answered for `subject` with `email`. */
async function signInAs(client: TestClient, idp: TestSamlIdp, connectionId: number, subject: string, email: string) {
  const started = await client.get(`/api/auth/sso/${connectionId}/start`);
  const request = idp.readRequest(started.headers.get('location')!);
  const SAMLResponse = idp.respond(request, { nameId: subject, nameIdFormat: PERSISTENT, attributes: { email } });
  return postToAcs(client, request.acsUrl, { SAMLResponse, RelayState: request.relayState });
}

describe('a provider’s link to an account', () => {
  it('stops opening the account once its school has left the provider’s trust, whatever address the provider vouches for', async () => {
    const admin = await adminClient(server);
    const stay = await schoolWithManager(server, 'Holly School');
    const leave = await schoolWithManager(server, 'Ivy School');
    await proveDomain(server, stay.schoolId, 'holly-link.sch.uk');
    await proveDomain(server, leave.schoolId, 'ivy-link.sch.uk');
    const trustId = await trustOf(admin, 'Evergreen Trust', [stay.schoolId, leave.schoolId]);
    const idp = new TestSamlIdp();
    const { client: trustManager } = await trustManagerOf(server, admin, trustId);
    const saved = await trustManager.put(`/api/trusts/${trustId}/identity-provider`, {
      kind: 'saml',
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificate: idp.key.certificate,
    });
    expect(saved.status, saved.text).toBe(200);
    const connectionId = saved.body.id as number;

    // A teacher of Ivy School signs in through the trust's provider: their account is linked to the subject.
    const teacher = 'teacher@ivy-link.sch.uk';
    const first = server.client();
    expect((await signInAs(first, idp, connectionId, 'emp-1001', teacher)).headers.get('location')).toBe('/');
    expect(await signedInAs(first)).toBe(teacher);
    // The same subject, renamed within the trust's domains: the same account, as before.
    const renamed = server.client();
    expect((await signInAs(renamed, idp, connectionId, 'emp-1001', 'renamed@ivy-link.sch.uk')).headers.get('location')).toBe('/');
    expect(await signedInAs(renamed)).toBe(teacher);

    // Ivy School leaves the trust: the trust's provider no longer speaks for its staff.
    expect((await admin.delete(`/api/admin/trusts/${trustId}/schools/${leave.schoolId}`)).status).toBeLessThan(300);
    const after = server.client();
    // It still vouches for addresses of Holly School, but the subject's account is Ivy's teacher's.
    refusedWith(await signInAs(after, idp, connectionId, 'emp-1001', 'someone@holly-link.sch.uk'), 'sso_domain');
    expect(await signedInAs(after)).toBeNull();
    // Holly's own staff still sign in through it.
    const holly = server.client();
    expect((await signInAs(holly, idp, connectionId, 'emp-2002', 'staff@holly-link.sch.uk')).headers.get('location')).toBe('/');
    expect(await signedInAs(holly)).toBe('staff@holly-link.sch.uk');
  });
});
