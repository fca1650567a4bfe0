import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { Certificate } from '../models/Certificate.ts';
import { displayName } from '../models/User.ts';

/** Crockford's base32: no I, L, O or U, so a number read aloud or retyped is hard to get wrong. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "ATR-" and 16 base32 characters: 80 random bits, far beyond guessing (CONTRACT asks ≥ 60). */
export const CERTIFICATE_NUMBER_PATTERN = /^ATR(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

export function newCertificateNumber(): string {
  let bits = 0n;
  for (const byte of randomBytes(10)) bits = (bits << 8n) | BigInt(byte);
  let chars = '';
  for (let shift = 75n; shift >= 0n; shift -= 5n) chars += CROCKFORD[Number((bits >> shift) & 31n)];
  return `ATR-${chars.match(/.{4}/g)!.join('-')}`;
}

/**
 * True when every module of the course is completed by the user. A course with no modules is
 * never complete; callers ask only about courses with at least the module just reported on.
 */
export async function isCourseCompleted(db: Db | Knex.Transaction, userId: number, courseId: number): Promise<boolean> {
  const incomplete = await db('modules')
    .select('modules.id')
    .where('modules.courseId', courseId)
    .whereNotExists((completed) =>
      completed
        .select(db.raw('1'))
        .from('progress')
        .whereRaw('?? = ??', ['progress.moduleId', 'modules.id'])
        .where('progress.userId', userId)
        .where('progress.isCompleted', true),
    )
    .first();
  return !incomplete;
}

/**
 * Issues the user's certificate for a course exactly once: the unique (userId, courseId) key makes a
 * repeat, or two requests racing, a no-op, and a revoked certificate is never replaced. Names are
 * copied so the certificate still reads the same after a rename or a deleted course.
 */
export async function issueCertificate(trx: Knex.Transaction, userId: number, courseId: number): Promise<Certificate | undefined> {
  const existing = await Certificate.query(trx).findOne({ userId, courseId });
  if (existing) return existing;
  const user = await trx('users').select('firstName', 'lastName', 'email').where({ id: userId }).first();
  const course = await trx('courses').select('title').where({ id: courseId }).first();
  if (!user || !course) return undefined;
  const timestamp = Date.now();
  await trx('certificates')
    .insert({
      userId,
      courseId,
      certificateNumber: newCertificateNumber(),
      studentName: displayName(user).slice(0, 220),
      courseName: course.title,
      completionPercentage: 100,
      completedAt: timestamp,
      issuedAt: timestamp,
      revokedAt: null,
    })
    .onConflict(['userId', 'courseId'])
    .ignore();
  return Certificate.query(trx).findOne({ userId, courseId });
}
