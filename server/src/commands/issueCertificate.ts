import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { certificateNeedsName, type Certificate } from '../models/Certificate.ts';
import { personalName } from '../models/User.ts';
import { certificateFacts } from '../queries/certificates.ts';

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
 * Issues the user's certificate for a course exactly once per round (a renewal starts the next
 * round): the unique (userId, courseId, round) key makes a repeat, or two requests racing, a
 * no-op, and a revoked certificate is never replaced. Names are copied so the certificate still
 * reads the same after a rename or a deleted course. A learner who gave no name gets the
 * certificate all the same, made out to nobody until they give one (nameCertificates); never to
 * their e-mail address. The course's CPD hours and CEUs are copied too. `now` is the app clock's time, which dates the certificate (and its expiry).
 */
export async function issueCertificate(
  trx: Knex.Transaction,
  userId: number,
  courseId: number,
  now: number,
  /** The final quiz's best score at issue time (issue 36); null when the course has no quiz or it was not tried. */
  quizScore: number | null = null,
): Promise<Certificate | undefined> {
  const facts = await certificateFacts(trx, userId, courseId);
  if (!facts) return undefined;
  const { round } = facts;
  if (facts.certificateId !== null) return trx('certificates').where({ id: facts.certificateId }).first();
  const timestamp = now;
  await trx('certificates')
    .insert({
      userId,
      courseId,
      round,
      certificateNumber: newCertificateNumber(),
      studentName: personalName(facts).slice(0, 220),
      courseName: facts.courseTitle,
      completionPercentage: 100,
      completedAt: timestamp,
      issuedAt: timestamp,
      revokedAt: null,
      quizScore,
      // The course's CPD value as it is now (issue 59): the certificate keeps saying it whatever the course says later.
      cpdQuarterHours: facts.cpdQuarterHours,
      ceuHundredths: facts.ceuHundredths,
    })
    .onConflict(['userId', 'courseId', 'round'])
    .ignore();
  return trx('certificates').where({ userId, courseId, round }).first();
}

/**
 * A learner has given their name: the certificates that were made out to nobody (or, issued
 * before names were asked for, to their e-mail address) now carry it. Certificates that already
 * hold a name keep it, as a rename never rewrites an issued certificate.
 */
export async function nameCertificates(trx: Knex.Transaction, userId: number, name: string): Promise<void> {
  if (!name) return;
  const unnamed = await trx('certificates').where({ userId }).select('id', 'studentName');
  const ids = unnamed.filter((row: { studentName: string }) => certificateNeedsName(row.studentName)).map((row: { id: number }) => row.id);
  if (ids.length)
    await trx('certificates')
      .whereIn('id', ids)
      .update({ studentName: name.slice(0, 220) });
}
