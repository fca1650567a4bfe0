import { certificateValidity, dayOf, hasExpired, isoDay, type CourseRenewalDto } from '@atrium/common';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { certificateInForce } from '../models/Certificate.ts';
import { currentRound, latestCertificate } from './certificates.ts';

/**
 * Where a learner stands on renewing their certificate for a course (CourseRenewalDto says what
 * each state means). Renewal opens 30 days before expiry, when the expiry reminder goes out, so
 * someone who acts on the reminder can renew before their certificate lapses; the old
 * certificate stays current until then and verifiable for ever.
 */
export async function renewalState(db: Db | Knex.Transaction, userId: number, courseId: number, now: number): Promise<CourseRenewalDto> {
  const [latest, round, course] = await Promise.all([
    latestCertificate(db, userId, courseId),
    currentRound(db, userId, courseId),
    db('courses').select('validityMonths').where({ id: courseId }).first() as Promise<{ validityMonths: number | null } | undefined>,
  ]);
  const base = { courseId, round, certificateNumber: latest?.certificateNumber ?? null, expiresOn: null, expired: false, opensOn: null };
  // A renewal started and not completed yet: its round has no certificate.
  if (round > 0 && (!latest || Number(latest.round) < round)) return { ...base, state: 'renewing' };
  const months = course?.validityMonths ?? null;
  if (!latest || !certificateInForce(latest) || months === null) return { ...base, state: 'none' };
  const validity = certificateValidity(Number(latest.issuedAt), Number(months))!;
  return {
    ...base,
    state: now >= validity.renewalOpensAt ? 'due' : 'not_yet',
    expiresOn: validity.expiresOn,
    expired: hasExpired(validity, now),
    opensOn: isoDay(dayOf(validity.renewalOpensAt)),
  };
}
