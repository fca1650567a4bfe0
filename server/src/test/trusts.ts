import type { TestClient } from './client.ts';
import { createAdmin, createUser, signIn, type UserRow } from './factories.ts';
import type { FileTestServer } from './useTestServer.ts';

/** A signed-in admin's browser. */
export async function adminClient(server: FileTestServer): Promise<TestClient> {
  const client = server.client();
  await signIn(client, await createAdmin(server.db));
  return client;
}

/** A trust made by an admin through the API, with these schools attached. */
export async function trustOf(admin: TestClient, name: string, schoolIds: number[]): Promise<number> {
  const created = await admin.post('/api/admin/trusts', { name });
  if (created.status !== 201) throw new Error(`trust not created: ${created.status} ${created.text}`);
  const trustId = created.body.id as number;
  for (const schoolId of schoolIds) {
    const attached = await admin.post(`/api/admin/trusts/${trustId}/schools`, { schoolId });
    if (attached.status !== 200) throw new Error(`school not attached: ${attached.status} ${attached.text}`);
  }
  return trustId;
}

/** The invitation link's token from the last mail to `email`. */
export async function trustInviteToken(server: FileTestServer, email: string): Promise<string> {
  const mail = await server.db('outbox').where({ toAddress: email }).orderBy('id', 'desc').first();
  const token = mail?.text.match(/\/trust\?invite=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no trust invitation mailed to ${email}`);
  return token;
}

/** A fresh account invited by the admin and accepted through the API: a signed-in trust manager. */
export async function trustManagerOf(server: FileTestServer, admin: TestClient, trustId: number): Promise<{ client: TestClient; user: UserRow }> {
  const user = await createUser(server.db);
  const invited = await admin.post(`/api/admin/trusts/${trustId}/invitations`, { email: user.email });
  if (invited.status !== 201) throw new Error(`not invited: ${invited.status} ${invited.text}`);
  const client = server.client();
  await signIn(client, user);
  const accepted = await client.post(`/api/trusts/invites/${await trustInviteToken(server, user.email)}/accept`);
  if (accepted.status !== 200) throw new Error(`not accepted: ${accepted.status} ${accepted.text}`);
  return { client, user };
}
