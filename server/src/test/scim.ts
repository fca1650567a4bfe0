import type { TestClient, TestResponse } from './client.ts';
import type { FileTestServer } from './useTestServer.ts';

/** A directory (Entra ID, Okta) talking SCIM to the test server with its bearer token. */
export class ScimClient {
  constructor(
    private readonly client: TestClient,
    readonly token: string,
  ) {}

  request(method: string, path: string, body?: unknown): Promise<TestResponse> {
    return this.client.request(method, `/scim/v2${path}`, {
      ...(body !== undefined ? { body } : {}),
      headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}) },
    });
  }
  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown) => this.request('POST', path, body);
  put = (path: string, body: unknown) => this.request('PUT', path, body);
  patch = (path: string, ...operations: unknown[]) => this.request('PATCH', path, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations });
  delete = (path: string) => this.request('DELETE', path);
}

/** A directory token made through the API by the school's or trust's manager (`base`: /api/schools/1, /api/trusts/2). */
export async function scimClientFor(server: FileTestServer, manager: TestClient, base: string, label = 'Entra ID'): Promise<ScimClient & { tokenId: number }> {
  const created = await manager.post(`${base}/scim-tokens`, { label });
  if (created.status !== 201) throw new Error(`token not created: ${created.status} ${created.text}`);
  return Object.assign(new ScimClient(server.client(), created.body.token as string), { tokenId: created.body.id as number });
}

/** The User resource Microsoft Entra ID's provisioning service POSTs (its documented request). */
export const entraUser = (email: string, externalId: string, given = 'Ann', family = 'Able') => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId,
  userName: email,
  active: true,
  emails: [{ primary: true, type: 'work', value: email }],
  meta: { resourceType: 'User' },
  name: { formatted: `${given} ${family}`, familyName: family, givenName: given },
  roles: [],
});

/** Proves a domain for the school (as an admin's approval or a DNS check would). */
export async function proveDomain(server: FileTestServer, schoolId: number, domain: string): Promise<void> {
  const now = server.clock.now().getTime();
  await server.db('schoolDomains').insert({ schoolId, domain, verifiedAt: now, verifiedBy: null, createdAt: now, verifiedDomain: domain, proof: 'admin' });
}
