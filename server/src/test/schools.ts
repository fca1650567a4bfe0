import type { Db } from '../db/knex.ts';
import type { TestClient } from './client.ts';
import type { FileTestServer } from './useTestServer.ts';
import { createCourse, createUser, signIn, type UserRow } from './factories.ts';
import { licenseSchool } from '../commands/schools/licences.ts';

/** A signed-in browser for a fresh learner (optionally with a verified address). */
export async function learner(
  server: FileTestServer,
  overrides: Parameters<typeof createUser>[1] & { verified?: boolean } = {},
): Promise<{ client: TestClient; user: UserRow }> {
  const { verified, ...rest } = overrides;
  const user = await createUser(server.db, rest);
  if (verified) await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

/** A school created through the API by a fresh manager. */
export async function schoolWithManager(server: FileTestServer, name = "St Mary's Primary") {
  const manager = await learner(server);
  const response = await manager.client.post('/api/schools', { name, country: 'gb' });
  if (response.status !== 201) throw new Error(`school not created: ${response.status} ${response.text}`);
  return { ...manager, schoolId: response.body.id as number };
}

/** An invite link's token, created by the manager through the API. */
export async function inviteToken(client: TestClient, schoolId: number, body: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post(`/api/schools/${schoolId}/invites`, body);
  if (response.status !== 201) throw new Error(`invite not created: ${response.status} ${response.text}`);
  return new URL(response.body.url).searchParams.get('token')!;
}

export const enrollmentsOf = (db: Db, userId: number) => db('enrollments').where({ userId }).orderBy('courseId');

/**
 * A school that may send invitation mail: a manager with a verified address and a licence for a
 * course (the gate in front of every invitation, see policies/invitations.ts).
 */
export async function invitingSchool(server: FileTestServer, name = "St Mary's Primary") {
  const manager = await learner(server, { verified: true });
  const response = await manager.client.post('/api/schools', { name, country: 'gb' });
  if (response.status !== 201) throw new Error(`school not created: ${response.status} ${response.text}`);
  const schoolId = response.body.id as number;
  const course = await createCourse(server, { price: 49900 });
  await licenseSchool(server.db, schoolId, course.id, 'grant', server.clock.now().getTime());
  return { ...manager, schoolId, course };
}
