import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { notFound } from '../errors.ts';
import { enrollByLicence, inTransaction, removeLicenceEnrollments } from './schools/shared.ts';
import { schoolMemberIds } from '../queries/memberships.ts';
import { trustLicensedCourseIds } from '../queries/licences.ts';

// A trust's licence (trustLicences) reaches its schools as schoolLicences rows with source
// 'trust', written in the same transaction as the purchase, the attach and the detach: every
// reader of a school's licences (dashboard, enrolment, deadlines, reminders, registers, insights)
// sees the trust's courses without knowing about trusts. A school's own licence (payment, order,
// grant) is never turned into a 'trust' row, so detaching the school keeps what it bought itself.

/**
 * Licenses the trust for the course and every school in it now (members enrolled), in one
 * transaction. Licensing again is a no-op; licensing a revoked licence restores it (a new
 * purchase brings the access back), like a school's.
 */
export async function licenseTrust(db: Db, trustId: number, courseId: number, source: 'payment' | 'order' | 'grant', now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await trx('trusts').select('id').where({ id: trustId }).first())) throw notFound('Trust not found');
    if (!(await trx('courses').select('id').where({ id: courseId }).first())) throw notFound('Course not found');
    await trx('trustLicences').insert({ trustId, courseId, source, createdAt: now, revokedAt: null }).onConflict(['trustId', 'courseId']).ignore();
    await trx('trustLicences').where({ trustId, courseId }).whereNotNull('revokedAt').update({ revokedAt: null });
    await coverSchools(trx, await schoolIdsOf(trx, trustId), [courseId], now);
  });
}

/**
 * Suspends the trust's licence: every school holding the course only through the trust loses it
 * (members lose their licence enrollments; progress and certificates stay). Schools that bought
 * the course themselves keep it. Reversible with restoreTrustLicence.
 */
export async function revokeTrustLicence(db: Db, trustId: number, courseId: number, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const licence = await trx('trustLicences').where({ trustId, courseId }).first();
    if (!licence) throw notFound('This trust has no licence for that course');
    if (licence.revokedAt === null) await trx('trustLicences').where({ id: licence.id }).update({ revokedAt: now });
    const covered = await trx('schoolLicences')
      .whereIn('schoolId', await schoolIdsOf(trx, trustId))
      .where({ courseId, source: 'trust' })
      .select('id', 'schoolId');
    if (covered.length === 0) return;
    await trx('schoolLicences')
      .whereIn(
        'id',
        covered.map((row) => row.id),
      )
      .update({ revokedAt: now });
    for (const row of covered) await removeLicenceEnrollments(trx, await schoolMemberIds(trx, Number(row.schoolId)), [courseId]);
  });
}

/** Undoes a revocation: the trust's licence is in force again for every school in it. */
export async function restoreTrustLicence(db: Db, trustId: number, courseId: number, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const licence = await trx('trustLicences').where({ trustId, courseId }).first();
    if (!licence) throw notFound('This trust has no licence for that course');
    if (licence.revokedAt !== null) await trx('trustLicences').where({ id: licence.id }).update({ revokedAt: null });
    await coverSchools(trx, await schoolIdsOf(trx, trustId), [courseId], now);
  });
}

/** A school just attached to the trust gets every licence of the trust in force (the caller's transaction). */
export async function coverAttachedSchool(trx: Knex.Transaction, trustId: number, schoolId: number, now: number): Promise<void> {
  await coverSchools(trx, [schoolId], await trustLicensedCourseIds(trx, trustId), now);
}

/**
 * A school leaving its trust loses what it had only through the trust (its 'trust' rows, revoked
 * or not, and its members' licence enrollments of those courses); its own licences stay. Attached
 * again, coverAttachedSchool gives the access back.
 */
export async function uncoverDetachedSchool(trx: Knex.Transaction, schoolId: number): Promise<void> {
  const rows: Array<{ courseId: number }> = await trx('schoolLicences').select('courseId').where({ schoolId, source: 'trust' });
  if (rows.length === 0) return;
  await trx('schoolLicences').where({ schoolId, source: 'trust' }).delete();
  await removeLicenceEnrollments(
    trx,
    await schoolMemberIds(trx, schoolId),
    rows.map((row) => Number(row.courseId)),
  );
}

/**
 * Gives the schools the courses through their trust: a school without a row gets a 'trust' row;
 * a school's own licence that an admin revoked gives way to the trust's (the trust covers it now,
 * and leaving the trust removes it); a licence in force is left as it is. Members are enrolled.
 */
async function coverSchools(trx: Knex.Transaction, schoolIds: number[], courseIds: number[], now: number): Promise<void> {
  if (schoolIds.length === 0 || courseIds.length === 0) return;
  const rows = schoolIds.flatMap((schoolId) =>
    courseIds.map((courseId) => ({ schoolId, courseId, source: 'trust' as const, createdAt: now, revokedAt: null })),
  );
  await trx('schoolLicences').insert(rows).onConflict(['schoolId', 'courseId']).ignore();
  await trx('schoolLicences')
    .whereIn('schoolId', schoolIds)
    .whereIn('courseId', courseIds)
    .whereNotNull('revokedAt')
    .update({ revokedAt: null, source: 'trust' });
  for (const schoolId of schoolIds) await enrollByLicence(trx, await schoolMemberIds(trx, schoolId), courseIds, now);
}

async function schoolIdsOf(trx: Knex.Transaction, trustId: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await trx('schools').select('id').where({ trustId });
  return rows.map((row) => Number(row.id));
}
