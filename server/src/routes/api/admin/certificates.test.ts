import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createUser, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
let admin: TestClient;
let learnerClient: TestClient;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
  learnerClient = server.client();
  await signIn(learnerClient, await createUser(server.db));
});

describe('certificates', () => {
  async function issue(userId: number, number: string) {
    const course = await createCourse(server, { title: `Course for ${number}` });
    await server.db('certificates').insert({
      userId,
      courseId: course.id,
      certificateNumber: number,
      studentName: 'Cert Holder',
      courseName: course.title,
      completionPercentage: 100,
      completedAt: Date.now(),
      issuedAt: Date.now(),
    });
  }

  it('revokes and restores by number, and lists a student’s certificates', async () => {
    const holder = await createUser(server.db);
    await issue(holder.id, 'ATR-TEST-REVOKE-1');
    await issue(holder.id, 'ATR-TEST-REVOKE-2');

    const list = await admin.get(`/api/admin/certificates?userId=${holder.id}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((c: { certificateNumber: string }) => c.certificateNumber).sort()).toEqual(['ATR-TEST-REVOKE-1', 'ATR-TEST-REVOKE-2']);
    expect(list.body[0]).toMatchObject({ userId: holder.id, studentName: 'Cert Holder', revokedAt: null });

    const revoked = await admin.post('/api/admin/certificates/ATR-TEST-REVOKE-1/revoke');
    expect(revoked.status).toBe(200);
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThan(0);
    const stored = await server.db('certificates').where({ certificateNumber: 'ATR-TEST-REVOKE-1' }).first();
    expect(Number(stored!.revokedAt)).toBeGreaterThan(0);
    const twice = await admin.post('/api/admin/certificates/ATR-TEST-REVOKE-1/revoke');
    expect(twice.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await server.client().get('/api/certificates/ATR-TEST-REVOKE-1')).status).toBe(404);
    expect((await server.client().get('/api/certificates/ATR-TEST-REVOKE-2')).status).toBe(200);

    const restored = await admin.post('/api/admin/certificates/ATR-TEST-REVOKE-1/restore');
    expect(restored.status).toBe(200);
    expect(restored.body.revokedAt).toBeNull();
    expect((await server.db('certificates').where({ certificateNumber: 'ATR-TEST-REVOKE-1' }).first())!.revokedAt).toBeNull();
    expect((await server.client().get('/api/certificates/ATR-TEST-REVOKE-1')).status).toBe(200);
  });

  it('answers 404 for an unknown number and 403 for learners', async () => {
    expect((await admin.post('/api/admin/certificates/NO-SUCH-NUMBER/revoke')).status).toBe(404);
    expect((await admin.post('/api/admin/certificates/NO-SUCH-NUMBER/restore')).status).toBe(404);
    const holder = await createUser(server.db);
    await issue(holder.id, 'ATR-TEST-LEARNER-1');
    expect((await learnerClient.post('/api/admin/certificates/ATR-TEST-LEARNER-1/revoke')).status).toBe(403);
    expect((await server.db('certificates').where({ certificateNumber: 'ATR-TEST-LEARNER-1' }).first())!.revokedAt).toBeNull();
    expect((await learnerClient.get('/api/admin/certificates')).status).toBe(403);
    expect((await admin.get('/api/admin/certificates?userId=abc')).status).toBe(400);
  });
});
