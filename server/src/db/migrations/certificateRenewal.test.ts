import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createCourse, createUser } from '../../test/factories.ts';
import { migrateLatest, rollbackThrough } from '../migrate.ts';

let test: TestDatabase;

beforeAll(async () => {
  // Migrated here, not copied from the run's template: these tests roll migrations back and run them again.
  test = await createTestDatabase({ fromScratch: true });
});
afterAll(async () => {
  await test.destroy();
});

const certificate = (userId: number, courseId: number, round: number, number: string) => ({
  userId,
  courseId,
  round,
  certificateNumber: number,
  studentName: 'Test Learner',
  courseName: 'A course',
  completionPercentage: 100,
  completedAt: Date.now(),
  issuedAt: Date.now(),
  revokedAt: null,
});

describe('015_certificate_renewal', () => {
  it('refuses to roll back over renewed certificates; without them it restores one certificate per learner and course, keeping every row', async () => {
    const user = await createUser(test.db);
    const course = await createCourse(test);
    await test.db('certificates').insert(certificate(user.id, course.id, 0, 'ATR-MIG-0'));
    await test.db('certificates').insert(certificate(user.id, course.id, 1, 'ATR-MIG-1'));
    await expect(rollbackThrough(test.db, '015_certificate_renewal')).rejects.toThrow(/renewed certificates exist/);
    expect(await test.db('certificates').where({ userId: user.id })).toHaveLength(2);

    await test.db('certificates').where({ certificateNumber: 'ATR-MIG-1' }).delete();
    const before = await test.db('certificates').count({ n: '*' }).first();
    await rollbackThrough(test.db, '015_certificate_renewal');
    expect(await test.db.schema.hasTable('certificateRenewals')).toBe(false);
    expect(await test.db.schema.hasColumn('certificates', 'round')).toBe(false);
    expect(await test.db('certificates').count({ n: '*' }).first()).toEqual(before);
    // The old key is back: a second certificate for the pair is refused.
    const { round: _round, ...second } = certificate(user.id, course.id, 0, 'ATR-MIG-2');
    await expect(test.db('certificates').insert(second)).rejects.toThrow();

    await migrateLatest(test.db);
    expect(await test.db('certificates').where({ certificateNumber: 'ATR-MIG-0' }).first('round')).toEqual({ round: 0 });
    await test.db('certificates').insert(certificate(user.id, course.id, 1, 'ATR-MIG-3'));
    await expect(test.db('certificates').insert(certificate(user.id, course.id, 1, 'ATR-MIG-4'))).rejects.toThrow();
  });
});
