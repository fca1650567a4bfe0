import { certificateValidity, dayOf, hasExpired, isoDay } from '@atrium/common';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { certificateInForce } from '../models/Certificate.ts';
import { currentRound, latestCertificate } from './certificates.ts';

/** Where a learner stands on renewing a course's certificate (presenters/certificates.ts sends it as CourseRenewalDto). */
export interface RenewalStanding {
  courseId: number;
  /** none: nothing to renew; not_yet: renewal opens on `opensOn`; due: it may start; renewing: a round is under way. */
  state: 'none' | 'not_yet' | 'due' | 'renewing';
  certificateNumber: string | null;
  /** ISO days. */
  expiresOn: string | null;
  expired: boolean;
  opensOn: string | null;
  round: number;
}

/**
 * Where a learner stands on renewing their certificate for a course (RenewalStanding says what
 * each state means). Renewal opens 30 days before expiry, when the expiry reminder goes out, so
 * someone who acts on the reminder can renew before their certificate lapses; the old
 * certificate stays current until then and verifiable for ever.
 */
export async function renewalState(db: Db | Knex.Transaction, userId: number, courseId: number, now: number): Promise<RenewalStanding> {
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
