import { describe, expect, it } from 'vitest';
import type { CertificateListItemDto } from '@atrium/common';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn } from '../../../test/factories.ts';
import { newCertificateNumber } from '../../../commands/issueCertificate.ts';

const server = useTestServer();

async function certificate(userId: number, fields: { issuedAt?: number; revokedAt?: number | null; courseName?: string } = {}) {
  const course = await createCourse(server);
  const row = {
    userId,
    courseId: course.id,
    certificateNumber: newCertificateNumber(),
    studentName: 'Grace Hopper',
    courseName: fields.courseName ?? course.title,
    completionPercentage: 100,
    completedAt: Date.UTC(2026, 10, 21, 10),
    issuedAt: fields.issuedAt ?? Date.UTC(2026, 10, 21, 10),
    revokedAt: fields.revokedAt ?? null,
  };
  await server.db('certificates').insert(row);
  return { ...row, courseId: course.id };
}

describe('GET /api/certificates', () => {
  it('lists the learner’s own valid certificates, newest first', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const older = await certificate(user.id, { issuedAt: 1_000 });
    const newer = await certificate(user.id, { issuedAt: 2_000 });
    await certificate(user.id, { issuedAt: 3_000, revokedAt: 3_500 });
    await certificate(other.id);
    const client = server.client();
    await signIn(client, user);
    const response = await client.get<CertificateListItemDto[]>('/api/certificates');
    expect(response.status).toBe(200);
    expect(response.body.map((item) => item.certificateNumber)).toEqual([newer.certificateNumber, older.certificateNumber]);
    expect(response.body[0]).toEqual({
      id: expect.any(Number),
      courseId: newer.courseId,
      courseName: newer.courseName,
      completionPercentage: 100,
      completedAt: '2026-11-21T10:00:00.000Z',
      certificateNumber: newer.certificateNumber,
    });
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/certificates')).status).toBe(401);
  });
});

describe('GET /api/certificates/:number', () => {
  it('shows the public view to anyone, forgiving case and spaces', async () => {
    const user = await createUser(server.db);
    const issued = await certificate(user.id, { courseName: 'Creating Videos for School Marketing' });
    const response = await server.client().get(`/api/certificates/${issued.certificateNumber}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      studentName: 'Grace Hopper',
      courseName: 'Creating Videos for School Marketing',
      completionPercentage: 100,
      completedAt: '2026-11-21T10:00:00.000Z',
      issuedAt: '2026-11-21T10:00:00.000Z',
      certificateNumber: issued.certificateNumber,
      quizScore: null,
    });
    const typed = await server.client().get(`/api/certificates/${encodeURIComponent(` ${issued.certificateNumber.toLowerCase()} `)}`);
    expect(typed.status).toBe(200);
    expect(typed.body.certificateNumber).toBe(issued.certificateNumber);
  });

  it('answers 404 Certificate Not Found for a revoked certificate', async () => {
    const user = await createUser(server.db);
    const revoked = await certificate(user.id, { revokedAt: Date.now() });
    const response = await server.client().get(`/api/certificates/${revoked.certificateNumber}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Certificate Not Found', id: 'not_found' });
  });

  it('answers 404, never 500, for unknown numbers and junk', async () => {
    const junk = [
      newCertificateNumber(),
      'ATR',
      'x'.repeat(5000),
      "ATR-1234'; DROP TABLE certificates; --",
      '%E0%A4%A',
      '%00',
      encodeURIComponent('ATR-ÄÖÜ-😀'),
      '..%2F..%2Fetc%2Fpasswd',
    ];
    for (const number of junk) {
      const response = await server.client().get(`/api/certificates/${number}`);
      expect(response.status, number).toBe(404);
      expect(response.body, number).toEqual({ message: 'Certificate Not Found', id: 'not_found' });
    }
    const rows = await server.db('certificates').count({ n: '*' });
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});

describe('a certificate shows a name, never an e-mail address (issue 24)', () => {
  it('is issued to a learner without a name, reads "Name not given", and takes their name once given', async () => {
    const learner = await createUser(server.db, { firstName: null, lastName: null, email: 'no.name@certificates.test' });
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    await enroll(server.db, learner.id, course.id);
    const client = server.client();
    await signIn(client, learner);
    const progress = await client.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: module.duration, isCompleted: true });
    expect(progress.status).toBe(200);

    const [issued] = (await client.get('/api/certificates')).body as CertificateListItemDto[];
    expect(issued).toBeTruthy();
    const stored = await server.db('certificates').where({ certificateNumber: issued!.certificateNumber }).first();
    expect(stored!.studentName).toBe('');
    const before = await server.client().get(`/api/certificates/${issued!.certificateNumber}`);
    expect(before.body.studentName).toBe('Name not given');
    expect(before.text).not.toContain('no.name@certificates.test');

    expect((await client.patch('/api/user/profile', { firstName: 'Ada', lastName: 'Lovelace' })).status).toBe(200);
    expect((await server.client().get(`/api/certificates/${issued!.certificateNumber}`)).body.studentName).toBe('Ada Lovelace');
    // A later rename does not rewrite an issued certificate.
    expect((await client.patch('/api/user/profile', { firstName: 'Augusta' })).status).toBe(200);
    expect((await server.client().get(`/api/certificates/${issued!.certificateNumber}`)).body.studentName).toBe('Ada Lovelace');

    // Certificates issued earlier to an e-mail address read "Name not given", for admins too.
    const old = await createUser(server.db, { firstName: null, lastName: null });
    const legacy = await certificate(old.id);
    await server.db('certificates').where({ certificateNumber: legacy.certificateNumber }).update({ studentName: old.email });
    const shown = await server.client().get(`/api/certificates/${legacy.certificateNumber}`);
    expect(shown.body.studentName).toBe('Name not given');
    expect(shown.text).not.toContain(old.email);
    const admin = server.client();
    await signIn(admin, await createAdmin(server.db));
    const listed = (await admin.get('/api/admin/certificates?limit=1000')).body as Array<{ certificateNumber: string; studentName: string }>;
    expect(listed.find((row) => row.certificateNumber === legacy.certificateNumber)?.studentName).toBe('Name not given');
  });
});
