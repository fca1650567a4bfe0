import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SIGNING_CERTIFICATES } from '../../services/sso/saml.ts';
import { makeTestKey, TestSamlIdp, type TestKey } from '../../test/samlIdp.ts';
import { schoolWithManager } from '../../test/schools.ts';
import { startOidcProvider, TEST_CLIENTS } from '../../test/oidcProvider.ts';
import { useTestServer } from '../../test/useTestServer.ts';

// What a manager's provider settings can make the server store or fetch: every setting fits its
// column (a 400 naming the field, never a 500 from the database), and discovery at an issuer
// that answers without end is refused, not read into memory.

const server = useTestServer();
const idp = new TestSamlIdp();
const issuerServer = await startOidcProvider();

/** An "issuer" whose discovery document is valid but padded to 3 MB. */
let bloated: Server;
let bloatedIssuer: string;
let keys: TestKey[];

beforeAll(async () => {
  // Made before any request: openssl blocks this process (and the app's sockets) while it runs.
  keys = Array.from({ length: MAX_SIGNING_CERTIFICATES + 1 }, (_, i) => makeTestKey(30, `rollover-${i}`));
  bloated = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        issuer: bloatedIssuer,
        authorization_endpoint: `${bloatedIssuer}/auth`,
        token_endpoint: `${bloatedIssuer}/token`,
        jwks_uri: `${bloatedIssuer}/jwks`,
        padding: 'x'.repeat(3 * 1024 * 1024),
      }),
    );
  });
  await new Promise<void>((done) => bloated.listen(0, '127.0.0.1', done));
  bloatedIssuer = `http://127.0.0.1:${(bloated.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await issuerServer.close();
  await new Promise<void>((done) => bloated.close(() => done()));
});

const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
const keyDescriptor = (key: TestKey) =>
  `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(key.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;

describe('PUT …/identity-provider keeps only what fits', () => {
  it('refuses metadata whose entity ID or single sign-on URL is longer than a connection keeps, naming metadataXml', async () => {
    const school = await schoolWithManager(server, 'Aspen Academy');
    const path = `/api/schools/${school.schoolId}/identity-provider`;
    const longId = idp.metadataXml().replace(`entityID="${idp.entityId}"`, `entityID="https://idp.test/${'a'.repeat(3000)}"`);
    const tooLongId = await school.client.put(path, { kind: 'saml', metadataXml: longId });
    expect(tooLongId.status, tooLongId.text).toBe(400);
    expect(tooLongId.body.errors.metadataXml).toBe('The provider’s entity ID is longer than 1000 characters.');
    const longUrl = idp.metadataXml().replace(`Location="${idp.ssoUrl}"`, `Location="https://idp.test/sso?${'q'.repeat(3000)}"`);
    const tooLongUrl = await school.client.put(path, { kind: 'saml', metadataXml: longUrl });
    expect(tooLongUrl.status, tooLongUrl.text).toBe(400);
    expect(tooLongUrl.body.errors.metadataXml).toBe('The single sign-on URL is longer than 1000 characters.');
    expect(await server.db('identityProviders').where({ schoolId: school.schoolId })).toHaveLength(0);
  });

  it(`keeps at most ${MAX_SIGNING_CERTIFICATES} signing certificates`, async () => {
    const school = await schoolWithManager(server, 'Beech Academy');
    const path = `/api/schools/${school.schoolId}/identity-provider`;
    const many = idp.metadataXml().replace('<md:SingleSignOnService', `${keys.map(keyDescriptor).join('')}<md:SingleSignOnService`);
    const refused = await school.client.put(path, { kind: 'saml', metadataXml: many });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors.metadataXml).toMatch(/lists 12 signing certificates; Atrium keeps at most 10/);
    expect(await server.db('identityProviders').where({ schoolId: school.schoolId })).toHaveLength(0);
    // A rollover (the current certificate and the next) is as usual.
    const rollover = idp.metadataXml().replace('<md:SingleSignOnService', `${keyDescriptor(keys[0]!)}<md:SingleSignOnService`);
    const saved = await school.client.put(path, { kind: 'saml', metadataXml: rollover });
    expect(saved.status, saved.text).toBe(200);
  });

  it('refuses a client secret that would not fit once encrypted, naming clientSecret, before asking the issuer anything', async () => {
    const school = await schoolWithManager(server, 'Cedar Academy');
    const path = `/api/schools/${school.schoolId}/identity-provider`;
    const connection = { kind: 'oidc', issuer: issuerServer.issuer, clientId: TEST_CLIENTS.school.id };
    // 400 characters, as the schema counts them, but 1,200 bytes.
    const refused = await school.client.put(path, { ...connection, clientSecret: '秘'.repeat(400) });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors).toHaveProperty('clientSecret');
    expect(await server.db('identityProviders').where({ schoolId: school.schoolId })).toHaveLength(0);
    const saved = await school.client.put(path, { ...connection, clientSecret: TEST_CLIENTS.school.secret });
    expect(saved.status, saved.text).toBe(200);
  });

  it('refuses an issuer whose discovery document is larger than any real one, naming issuer', async () => {
    const school = await schoolWithManager(server, 'Damson Academy');
    const path = `/api/schools/${school.schoolId}/identity-provider`;
    const refused = await school.client.put(path, { kind: 'oidc', issuer: bloatedIssuer, clientId: 'atrium', clientSecret: 'secret' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors.issuer).toMatch(/answered with more than 1024 kB/);
    expect(await server.db('identityProviders').where({ schoolId: school.schoolId })).toHaveLength(0);
  });
});
