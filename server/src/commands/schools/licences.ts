import type { LicenceSource } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { isUniqueViolation } from '../../db/knex.ts';
import { conflict, notFound } from '../../errors.ts';
import { trustLicenceCoversSchool } from '../../queries/licences.ts';
import { enrollByLicence, inTransaction, removeLicenceEnrollments } from './shared.ts';
import { schoolMemberIds } from '../../queries/memberships.ts';

/**
 * Licenses the school for the course and enrolls every current member (source 'licence'), in
 * one transaction. Licensing again is a no-op; licensing a revoked licence restores it (a new
 * purchase or grant brings the access back). The first source is kept, except that a school's own
 * purchase or grant replaces access it had only through its trust, so leaving the trust keeps it.
 */
export async function licenseSchool(db: Db, schoolId: number, courseId: number, source: Exclude<LicenceSource, 'trust'>, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await trx('schools').select('id').where({ id: schoolId }).first())) throw notFound('School not found');
    if (!(await trx('courses').select('id').where({ id: courseId }).first())) throw notFound('Course not found');
    const existing = await trx('schoolLicences').where({ schoolId, courseId }).first();
    if (!existing) {
      try {
        await trx('schoolLicences').insert({ schoolId, courseId, source, createdAt: now, revokedAt: null });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    } else if (existing.revokedAt !== null || existing.source === 'trust') {
      await trx('schoolLicences')
        .where({ id: existing.id })
        .update({ revokedAt: null, ...(existing.source === 'trust' ? { source } : {}) });
    }
    await enrollByLicence(trx, await schoolMemberIds(trx, schoolId), [courseId], now);
  });
}

/**
 * Suspends a licence: members lose the enrollments they had through it (progress and
 * certificates stay). Reversible with restoreLicence; revoking twice changes nothing more. Access
 * through the trust is the trust's licence to revoke (commands/trustLicences.ts); a school's own
 * licence revoked while its trust covers the course leaves the trust's access in its place.
 */
export async function revokeLicence(db: Db, schoolId: number, courseId: number, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const licence = await trx('schoolLicences').where({ schoolId, courseId }).first();
    if (!licence) throw notFound('This school has no licence for that course');
    refuseTrustLicence(licence);
    if (await trustLicenceCoversSchool(trx, schoolId, courseId)) {
      await trx('schoolLicences').where({ id: licence.id }).update({ source: 'trust', revokedAt: null });
      return;
    }
    if (licence.revokedAt === null) await trx('schoolLicences').where({ id: licence.id }).update({ revokedAt: now });
    await removeLicenceEnrollments(trx, await schoolMemberIds(trx, schoolId), [courseId]);
  });
}

/** Undoes a revocation: the licence is in force again and every member is re-enrolled. */
export async function restoreLicence(db: Db, schoolId: number, courseId: number, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const licence = await trx('schoolLicences').where({ schoolId, courseId }).first();
    if (!licence) throw notFound('This school has no licence for that course');
    refuseTrustLicence(licence);
    if (licence.revokedAt !== null) await trx('schoolLicences').where({ id: licence.id }).update({ revokedAt: null });
    await enrollByLicence(trx, await schoolMemberIds(trx, schoolId), [courseId], now);
  });
}

function refuseTrustLicence(licence: { source: string }): void {
  if (licence.source === 'trust') {
    throw conflict("This school has the course through its trust's licence: revoke or restore the trust's licence, or detach the school from the trust.");
  }
}
