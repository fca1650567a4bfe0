import { TestClient, type TestResponse, type UntypedJson } from './client.ts';
import { schoolWithManager } from './schools.ts';
import { adminClient, trustManagerOf, trustOf } from './trusts.ts';
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
  patch = (path: string, ...operations: unknown[]) =>
    this.request('PATCH', path, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations });
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

/** A client that sends the directory's bearer token with every request (for the drift test's cases). */
export class BearerClient extends TestClient {
  constructor(
    baseUrl: string,
    private readonly token: string,
  ) {
    super(baseUrl);
  }

  override request<T = UntypedJson>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {}) {
    return super.request<T>(method, path, { ...options, headers: { ...options.headers, authorization: `Bearer ${this.token}` } });
  }
}

/**
 * What the drift test's directory sync cases act on, made on first use: a school with its manager
 * and a proven domain, a trust of it with its manager, a directory token of the school, and the
 * ids the cases create (a SCIM User and Group, a token to revoke).
 */
export class DirectoryDriftWorld {
  private ready: Promise<void> | null = null;
  schoolId = 0;
  trustId = 0;
  manager!: TestClient;
  trustManager!: TestClient;
  directory!: BearerClient;
  userId = '';
  groupId = '';
  tokenIds: Record<string, number> = {};

  constructor(private readonly server: FileTestServer) {}

  private async build(): Promise<void> {
    const school = await schoolWithManager(this.server, 'Drift Primary');
    this.schoolId = school.schoolId;
    this.manager = school.client;
    await proveDomain(this.server, school.schoolId, 'drift.sch.uk');
    const admin = await adminClient(this.server);
    this.trustId = await trustOf(admin, 'Drift Trust', [school.schoolId]);
    this.trustManager = (await trustManagerOf(this.server, admin, this.trustId)).client;
    const created = await this.manager.post(`/api/schools/${this.schoolId}/scim-tokens`, { label: 'Drift' });
    this.directory = new BearerClient(this.manager.baseUrl, created.body.token as string);
  }

  /** Builds the world once; every case's `as` waits for it. */
  async as(who: 'manager' | 'trustManager' | 'directory'): Promise<TestClient> {
    this.ready ??= this.build();
    await this.ready;
    return this[who];
  }
}
