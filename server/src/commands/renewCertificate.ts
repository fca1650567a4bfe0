import { dialectOf, isUniqueViolation, type Db } from '../db/knex.ts';
import { conflict } from '../errors.ts';
import type { User } from '../models/User.ts';
import { courseAccessOf, requireCourseAbility } from '../policies/courseAccess.ts';
import { renewalState, type RenewalStanding } from '../queries/renewals.ts';
import { latestCertificate } from '../queries/certificates.ts';

/**
 * Starts a renewal: records it (the next round, and the certificate it renews) and deletes the
 * learner's progress on the course's modules, in one transaction, so completing the modules again
 * issues a new certificate. Nobody else's progress and no certificate is touched: the old one
 * still verifies. Serialised with course completion by the enrollment row lock (MySQL; SQLite has
 * a single writer), and a second start of the same round hits the unique key: 409 either way.
 */
export async function startRenewal(db: Db, user: User, courseId: number, now: number): Promise<RenewalStanding> {
  try {
    return await db.transaction(async (trx) => {
      const enrollment = trx('enrollments').select('id').where({ userId: user.id, courseId });
      if (dialectOf(trx) === 'mysql') enrollment.forUpdate();
      requireCourseAbility(courseAccessOf(user, Boolean(await enrollment.first())), 'recordProgress', 'renewal');
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

function refusal(state: RenewalStanding): string {
  switch (state.state) {
    case 'renewing':
      return 'You are already retaking this course: complete its modules again for your new certificate';
    case 'not_yet':
      return `No renewal is due yet: your certificate is current until ${state.expiresOn}, and renewal opens on ${state.opensOn}`;
    default:
      return 'No renewal is due: you hold no certificate for this course that expires';
  }
}
