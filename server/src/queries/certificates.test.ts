import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateInForce } from '../models/Certificate.ts';
import { createCourse, createUser } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { certificateFacts, certificateInForceSql, certificatesInForce } from './certificates.ts';

let server: TestServer;
const now = Date.UTC(2026, 10, 30, 12);

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A certificate row as issueCertificate writes one. */
const certificateRow = (userId: number, course: { id: number; title: string }, round: number, revokedAt: number | null) => ({
  userId,
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

// "A certificate in force" has three forms (a row in hand, a knex query, a raw SQL condition) and
// one meaning (issue 51): they agree on the same rows.
describe('a certificate in force', () => {
  it('means the same as a row, as a query and as raw SQL', async () => {
    const user = await createUser(server.db);
    const course = await createCourse(server);
    const certificate = (round: number, revokedAt: number | null) => certificateRow(user.id, course, round, revokedAt);
    await server.db('certificates').insert([certificate(0, now - 1), certificate(1, null), certificate(2, now)]);

    const rows = await server.db('certificates').where({ userId: user.id }).orderBy('round');
    expect(rows.map((row) => certificateInForce(row))).toEqual([false, true, false]);
    const rounds = (query: Promise<Array<{ round: number }>>) => query.then((found) => found.map((row) => Number(row.round)));
    expect(await rounds(certificatesInForce(server.db).where({ userId: user.id }).select('round'))).toEqual([1]);
    expect(await rounds(server.db('certificates as c').where('c.userId', user.id).whereRaw(certificateInForceSql('c')).select('c.round'))).toEqual([1]);
  });
});

// What issueCertificate makes a certificate out from, in one read inside the completion's lock.
describe('certificateFacts', () => {
  it('gives the round currentRound would, the learner’s name and the course’s title and CPD value', async () => {
    const user = await createUser(server.db, { firstName: 'Ann', lastName: 'Able' });
    const other = await createUser(server.db);
    const course = await createCourse(server, { cpdQuarterHours: 6, ceuHundredths: 15 });
    expect(await certificateFacts(server.db, user.id, course.id)).toEqual({
      round: 0,
      firstName: 'Ann',
      lastName: 'Able',
      courseTitle: course.title,
      cpdQuarterHours: 6,
      ceuHundredths: 15,
      certificateId: null,
    });
    const renewal = (userId: number, round: number) => ({ userId, courseId: course.id, round, previousCertificateId: null, startedAt: now });
    // Rounds started by someone else, or on another course, are not this learner's.
    await server.db('certificateRenewals').insert([renewal(user.id, 1), renewal(user.id, 2), renewal(other.id, 5)]);
    expect(await certificateFacts(server.db, user.id, course.id)).toMatchObject({ round: 2 });
    expect(await certificateFacts(server.db, other.id, course.id)).toMatchObject({ round: 5, cpdQuarterHours: 6 });
  });

  it('names the certificate already issued in the learner’s current round, and only that one', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const course = await createCourse(server);
    const issue = async (userId: number, round: number, revokedAt: number | null = null) => {
      const [id] = await server.db('certificates').insert(certificateRow(userId, course, round, revokedAt));
      return Number(id);
    };
    await issue(other.id, 0);
    expect(await certificateFacts(server.db, user.id, course.id)).toMatchObject({ round: 0, certificateId: null });
    const first = await issue(user.id, 0, now);
    expect(await certificateFacts(server.db, user.id, course.id)).toMatchObject({ round: 0, certificateId: first });
    // A renewal starts round 1: round 0's certificate is not this round's.
    await server.db('certificateRenewals').insert({ userId: user.id, courseId: course.id, round: 1, previousCertificateId: first, startedAt: now });
    expect(await certificateFacts(server.db, user.id, course.id)).toMatchObject({ round: 1, certificateId: null });
    const renewed = await issue(user.id, 1);
    expect(await certificateFacts(server.db, user.id, course.id)).toMatchObject({ round: 1, certificateId: renewed });
  });

  it('reads nothing for a course or a learner that is gone, and no CPD value as null', async () => {
    const user = await createUser(server.db, { firstName: null, lastName: null });
    const course = await createCourse(server);
    expect(await certificateFacts(server.db, user.id, course.id)).toEqual({
      round: 0,
      firstName: null,
      lastName: null,
      courseTitle: course.title,
      cpdQuarterHours: null,
      ceuHundredths: null,
      certificateId: null,
    });
    expect(await certificateFacts(server.db, user.id, course.id + 100_000)).toBeUndefined();
    expect(await certificateFacts(server.db, user.id + 100_000, course.id)).toBeUndefined();
  });
});
