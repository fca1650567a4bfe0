import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateInForce } from '../models/Certificate.ts';
import { createCourse, createUser } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { certificateInForceSql, certificatesInForce } from './certificates.ts';

let server: TestServer;
const now = Date.UTC(2026, 10, 30, 12);

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

// "A certificate in force" has three forms (a row in hand, a knex query, a raw SQL condition) and
// one meaning (issue 51): they agree on the same rows.
describe('a certificate in force', () => {
  it('means the same as a row, as a query and as raw SQL', async () => {
    const user = await createUser(server.db);
    const course = await createCourse(server);
    const certificate = (round: number, revokedAt: number | null) => ({
      userId: user.id,
      courseId: course.id,
      certificateNumber: randomBytes(8).toString('hex'),
      studentName: 'Ann Able',
      courseName: course.title,
      completionPercentage: 100,
      completedAt: now,
      issuedAt: now,
      revokedAt,
      round,
    });
    await server.db('certificates').insert([certificate(0, now - 1), certificate(1, null), certificate(2, now)]);

    const rows = await server.db('certificates').where({ userId: user.id }).orderBy('round');
    expect(rows.map((row) => certificateInForce(row))).toEqual([false, true, false]);
    const rounds = (query: Promise<Array<{ round: number }>>) => query.then((found) => found.map((row) => Number(row.round)));
    expect(await rounds(certificatesInForce(server.db).where({ userId: user.id }).select('round'))).toEqual([1]);
    expect(await rounds(server.db('certificates as c').where('c.userId', user.id).whereRaw(certificateInForceSql('c')).select('c.round'))).toEqual([1]);
  });
});
