import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';
import { createAdmin, createUser, signIn } from '../test/factories.ts';
import type { TestClient } from '../test/client.ts';
import { studentExportBatches } from './studentExport.ts';
import { whereStudent } from './students.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  await signIn(admin, await createAdmin(server.db, { email: 'second.admin@students.test' }));
});
afterAll(() => server.close());

describe('who is a student (one definition for /admin and its API)', () => {
  it('is every account but the admins', async () => {
    const learner = await createUser(server.db, { email: 'learner@students.test' });
    const ids = (await whereStudent(server.db('users')).select('id')).map((row) => Number(row.id));
    expect(ids).toContain(learner.id);
    const admins = (await server.db('users').where({ role: 'admin' }).select('id')).map((row) => Number(row.id));
    expect(admins.length).toBeGreaterThan(0);
    for (const id of admins) expect(ids).not.toContain(id);
  });

  it('gives the same number to "Total Students", the students list, its count and the export', async () => {
    await createUser(server.db, { email: 'another@students.test' });
    const overview = await admin.get('/api/admin/overview');
    const list = await admin.get('/api/admin/students?limit=1000');
    let exported = 0;
    for await (const batch of studentExportBatches(server.db)) exported += batch.length;
    const students = Number(
      await whereStudent(server.db('users'))
        .count({ n: '*' })
        .then((rows) => rows[0]!.n),
    );

    expect(students).toBeGreaterThanOrEqual(2);
    expect(overview.body.totalStudents).toBe(students);
    expect(list.headers.get('x-total-count')).toBe(String(students));
    expect(list.body).toHaveLength(students);
    expect(list.body.every((row: { role: string }) => row.role !== 'admin')).toBe(true);
    expect(exported).toBe(students);
  });
});
