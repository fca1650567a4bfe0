import type { MyDataExportDto } from '@atrium/common';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../../db/knex.ts';
import { PERSONAL_DATA, type PersonalDataTable, type PersonalDataTableName } from '../../../db/personalData.ts';
import { countOwnedRows, seedEveryPersonalTable, type SeededPerson } from '../../../test/personalData.ts';
import { readSchema, textColumns } from '../../../test/schema.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { completeOneModuleCourse, createAdmin, createModule, createUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const TABLES = Object.entries(PERSONAL_DATA) as Array<[PersonalDataTableName, PersonalDataTable]>;
const person = ({ user }: SeededPerson) => ({ id: user.id, email: user.email });

async function rowCounts(seeded: SeededPerson): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table] of TABLES) counts[table] = await countOwnedRows(server.db, table, person(seeded));
  return counts;
}

describe('personal data: export and deletion cover every declared table', () => {
  it('the seed puts a row of the person in every declared table', async () => {
    const seeded = await seedEveryPersonalTable(server);
    const empty = Object.entries(await rowCounts(seeded)).filter(([, n]) => n === 0);
    expect(empty.map(([table]) => `${table}: no row seeded (add one in server/src/test/personalData.ts)`)).toEqual([]);
  });

  it('"Download my data" has a filled section for every table declared as exported', async () => {
    const seeded = await seedEveryPersonalTable(server);
    const response = await seeded.client.get('/api/user/export');
    expect(response.status).toBe(200);
    const body = response.body as MyDataExportDto;
    const missing = TABLES.flatMap(([table, declared]) => {
      if (typeof declared.exportedAs !== 'string') return [];
      const section: unknown = body[declared.exportedAs];
      const filled = Array.isArray(section) ? section.length > 0 : section !== null && section !== undefined;
      return filled ? [] : [`${table} → section "${declared.exportedAs}" is empty or missing`];
    });
    expect(missing).toEqual([]);
    // The sections say what the issue asked for, not only that they are there.
    expect(body.signIns).toEqual([expect.objectContaining({ provider: 'google', email: seeded.user.email })]);
    expect(body.schools).toEqual([expect.objectContaining({ role: 'member', school: expect.stringMatching(/^Quill Academy/) })]);
    expect(body.remindersSent).toEqual([expect.objectContaining({ kind: 'due', dueDay: '2024-10-04' })]);
    expect(body.unsubscribes).toEqual([expect.objectContaining({ category: 'digest' })]);
    expect(body.mail).toEqual([expect.objectContaining({ subject: 'Your deadline', status: 'sent' })]);
    expect(body.mail[0]).not.toHaveProperty('text');
    const [credential] = body.credentials;
    const payload = decodeJwt(credential!.jwt) as { vc?: { credentialSubject: { id: string } }; credentialSubject?: { id: string }; sub?: string };
    expect(payload.sub ?? payload.credentialSubject?.id ?? payload.vc?.credentialSubject.id).toBe(credential!.subjectId);
    expect(response.text).not.toMatch(/passwordHash|tokenHash|codeVerifier|argon2/);
  });

  it('deletion leaves no declared row of the person and their address, name and credential identifiers nowhere', async () => {
    const seeded = await seedEveryPersonalTable(server);
    const bystander = await seedEveryPersonalTable(server);
    const bystanderBefore = await rowCounts(bystander);

    const response = await seeded.client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' });
    expect(response.status).toBe(200);

    const left = await rowCounts(seeded);
    const undeleted = TABLES.filter(([table, declared]) => declared.onDeletion === 'delete' && left[table] !== 0).map(
      ([table]) => `${table}: ${left[table]} rows left`,
    );
    expect(undeleted).toEqual([]);

    // Every text column of every table, declared or not: whatever identified the person is gone.
    const schema = await readSchema(server.db);
    const found: string[] = [];
    for (const [table, columns] of schema) {
      for (const column of textColumns(columns)) {
        for (const value of seeded.identifying) {
          const [row] = await server
            .db(table)
            .whereRaw('lower(??) like ?', [column, `%${value.toLowerCase()}%`])
            .count({ n: '*' });
          if (Number(row?.n) > 0) found.push(`${table}.${column} still holds "${value}"`);
        }
      }
    }
    expect(found).toEqual([]);

    // The kept credential no longer carries an address hash; the certificate still verifies.
    const certificate = await server.db('certificates').where({ userId: seeded.user.id }).first();
    const credential = await server.db('certificateCredentials').where({ certificateId: certificate!.id }).first();
    expect(credential).toMatchObject({ salt: null, identityHash: null });
    expect((await server.client().get(`/api/certificates/${certificate!.certificateNumber}/credential`)).status).toBe(200);

    // The uploaded files are gone from storage once the deletion committed.
    for (const key of seeded.storageKeys) await expect.poll(() => server.app.deps.storage.size(key)).toBeNull();
    for (const key of bystander.storageKeys) expect(await server.app.deps.storage.size(key)).not.toBeNull();

    // Someone else's rows are untouched.
    expect(await rowCounts(bystander)).toEqual(bystanderBefore);
  });

  it('a credential first asked for after deletion carries no address hash and no subject of the account', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await completeOneModuleCourse(server, user, client);
    const certificate = await server.db('certificates').where({ userId: user.id }).first();
    expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
    const response = await server.client().get(`/api/certificates/${certificate!.certificateNumber}/credential`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(decodeJwt(response.text))).not.toContain('emailAddress');
    expect(JSON.stringify(decodeJwt(response.text))).toContain('Former learner');
    expect(await server.db('credentialSubjects').where({ userId: user.id })).toEqual([]);
    expect(await server.db('certificateCredentials').where({ certificateId: certificate!.id }).first()).toMatchObject({ salt: null, identityHash: null });
  });

  it('an account whose address is unverified neither downloads nor erases what others sent under that address', async () => {
    const address = `someone.${Date.now()}@victim.test`;
    const now = Date.now();
    await server.db('contactMessages').insert({ name: 'The real owner', email: address, message: 'My private question', createdAt: now });
    await server.db('outbox').insert({ toAddress: address, subject: 'Your invoice', text: 'Hello', status: 'sent', createdAt: now, sentAt: now });
    const impostor = await createUser(server.db, { email: address });
    const client = server.client();
    await signIn(client, impostor);
    const body = (await client.get('/api/user/export')).body as MyDataExportDto;
    expect(body.contactMessages).toEqual([]);
    expect(body.mail).toEqual([]);
    expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(200);
    expect(await server.db('contactMessages').where({ email: address })).toHaveLength(1);
    expect(await server.db('outbox').where({ toAddress: address })).toHaveLength(1);
  });

  it('shows someone else’s comment that an admin has since hidden as hidden, not its text', async () => {
    const learner = await createUser(server.db);
    const client = server.client();
    const course = await completeOneModuleCourse(server, learner, client);
    const module = await createModule(server, course.id);
    const author = await createUser(server.db);
    const now = Date.now();
    const post = async (comment: string) =>
      Number((await server.db('comments').insert({ moduleId: module.id, userId: author.id, comment, createdAt: now, lastActivityAt: now }))[0]);
    const reported = await post('Call Sam on 07700 900123');
    const followed = await post('Ask me about the trip, my address is 1 Mill Lane');
    expect((await client.post(`/api/modules/comments/${reported}/report`, { reason: 'other', details: 'Personal details' })).status).toBe(201);
    expect((await client.put(`/api/modules/comments/${followed}/follow`, { following: true })).status).toBe(200);
    const before = (await client.get('/api/user/export')).body as MyDataExportDto;
    expect(before.commentReports.map((report) => report.comment)).toEqual(['Call Sam on 07700 900123']);
    expect(before.commentFollows.map((follow) => follow.thread)).toEqual(['Ask me about the trip, my address is 1 Mill Lane']);

    // An admin hides both: from now on only their author and admins read them.
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    for (const id of [reported, followed]) {
      expect((await admin.put(`/api/admin/moderation/comments/${id}/hide`, { reason: 'Personal details' })).status).toBe(200);
    }
    const response = await client.get('/api/user/export');
    expect(response.status).toBe(200);
    const after = response.body as MyDataExportDto;
    expect(after.commentReports).toEqual([expect.objectContaining({ comment: expect.stringMatching(/hidden by a moderator/), details: 'Personal details' })]);
    expect(after.commentFollows).toEqual([expect.objectContaining({ thread: expect.stringMatching(/hidden by a moderator/) })]);
    expect(response.text).not.toMatch(/07700|Mill Lane/);

    // Its author still finds their own words in their export.
    const authorClient = server.client();
    await signIn(authorClient, author);
    await server.db('commentFollows').insert({ userId: author.id, threadId: followed, following: true, createdAt: now, notifiedUpToId: 0 });
    const own = (await authorClient.get('/api/user/export')).body as MyDataExportDto;
    expect(own.commentFollows.map((follow) => follow.thread)).toEqual(['Ask me about the trip, my address is 1 Mill Lane']);
  });

  it('erases in one transaction: when the last step fails, every row is as it was', async () => {
    const seeded = await seedEveryPersonalTable(server);
    const before = await rowCounts(seeded);
    // The account row is written last; a trigger makes exactly that write fail.
    const mysql = dialectOf(server.db) === 'mysql';
    await server.db.raw(
      mysql
        ? "CREATE TRIGGER refuse_erasure BEFORE UPDATE ON users FOR EACH ROW BEGIN IF NEW.deleted_at IS NOT NULL THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'; END IF; END"
        : "CREATE TRIGGER refuse_erasure BEFORE UPDATE ON users WHEN NEW.deleted_at IS NOT NULL BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      expect((await seeded.client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'revoke' })).status).toBe(500);
    } finally {
      await server.db.raw('DROP TRIGGER refuse_erasure');
    }
    expect(await rowCounts(seeded)).toEqual(before);
    expect(await server.db('certificates').where({ userId: seeded.user.id }).whereNotNull('revokedAt')).toEqual([]);
    expect((await seeded.client.get('/api/user')).status).toBe(200);
  });
});
