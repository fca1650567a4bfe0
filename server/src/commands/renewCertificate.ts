import { certificateValidity, hasExpired, isoDay, dayOf, type CourseRenewalDto } from '@atrium/common';
import type { Knex } from 'knex';
import { dialectOf, isUniqueViolation, type Db } from '../db/knex.ts';
import { conflict } from '../errors.ts';
import type { User } from '../models/User.ts';
import { requireRenewalAccess } from '../policies/index.ts';
import { currentRound, latestCertificate } from './issueCertificate.ts';

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
  if (!latest || latest.revokedAt !== null || months === null) return { ...base, state: 'none' };
  const validity = certificateValidity(Number(latest.issuedAt), Number(months))!;
  return {
    ...base,
    state: now >= validity.renewalOpensAt ? 'due' : 'not_yet',
    expiresOn: validity.expiresOn,
    expired: hasExpired(validity, now),
    opensOn: isoDay(dayOf(validity.renewalOpensAt)),
  };
}

/**
 * Starts a renewal: records it (the next round, and the certificate it renews) and deletes the
 * learner's progress on the course's modules, in one transaction, so completing the modules again
 * issues a new certificate. Nobody else's progress and no certificate is touched: the old one
 * still verifies. Serialised with course completion by the enrollment row lock (MySQL; SQLite has
 * a single writer), and a second start of the same round hits the unique key: 409 either way.
 */
export async function startRenewal(db: Db, user: User, courseId: number, now: number): Promise<CourseRenewalDto> {
  try {
    return await db.transaction(async (trx) => {
      const enrollment = trx('enrollments').select('id').where({ userId: user.id, courseId });
      if (dialectOf(trx) === 'mysql') enrollment.forUpdate();
      requireRenewalAccess(user, Boolean(await enrollment.first()));
      const state = await renewalState(trx, user.id, courseId, now);
      if (state.state !== 'due') throw conflict(refusal(state));
      const previous = await latestCertificate(trx, user.id, courseId);
      const round = Math.max(state.round, Number(previous?.round ?? 0)) + 1;
      await trx('certificateRenewals').insert({ userId: user.id, courseId, round, previousCertificateId: previous?.id ?? null, startedAt: now });
      await trx('progress').where({ userId: user.id, courseId }).delete();
      return { ...state, state: 'renewing' as const, round };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You are already retaking this course: complete its modules again for your new certificate');
    throw error;
  }
}

function refusal(state: CourseRenewalDto): string {
  switch (state.state) {
    case 'renewing':
      return 'You are already retaking this course: complete its modules again for your new certificate';
    case 'not_yet':
      return `No renewal is due yet: your certificate is current until ${state.expiresOn}, and renewal opens on ${state.opensOn}`;
    default:
      return 'No renewal is due: you hold no certificate for this course that expires';
  }
}
