import type { Db } from '../db/knex.ts';

/**
 * What must hold between certificates and progress for the given learners, as readable
 * sentences (an empty list when all is well):
 * - at most one certificate per learner, course and renewal round;
 * - a certificate of the learner's current round only for a course whose every module they have
 *   completed (a renewal restarts the progress an earlier round's certificate was earned with);
 * - a certificate for every enrolled course whose every module they have completed.
 * It assumes no module was added to a course after a learner completed it (that legitimately
 * leaves a certificate for a course no longer complete).
 */
export async function certificateInvariantViolations(db: Db, userIds: number[]): Promise<string[]> {
  const violations: string[] = [];
  const [certificates, enrollments, modules, completed, renewals] = await Promise.all([
    db('certificates').select('userId', 'courseId', 'certificateNumber', 'round').whereIn('userId', userIds),
    db('enrollments').select('userId', 'courseId').whereIn('userId', userIds),
    db('modules').select('id', 'courseId'),
    db('progress').select('userId', 'moduleId').whereIn('userId', userIds).where('isCompleted', true),
    db('certificateRenewals').select('userId', 'courseId').max({ round: 'round' }).whereIn('userId', userIds).groupBy('userId', 'courseId') as Promise<
      Array<{ userId: number; courseId: number; round: number }>
    >,
  ]);
  const roundOf = new Map<string, number>(renewals.map((row) => [`${row.userId}:${row.courseId}`, Number(row.round)]));
  const modulesOf = new Map<number, number[]>();
  for (const module of modules) {
    const list = modulesOf.get(Number(module.courseId)) ?? [];
    list.push(Number(module.id));
    modulesOf.set(Number(module.courseId), list);
  }
  const done = new Set(completed.map((row) => `${row.userId}:${row.moduleId}`));
  const courseComplete = (userId: number, courseId: number) => {
    const ids = modulesOf.get(courseId) ?? [];
    return ids.length > 0 && ids.every((moduleId) => done.has(`${userId}:${moduleId}`));
  };
  const issued = new Map<string, number>();
  const issuedThisRound = new Set<string>();
  for (const certificate of certificates) {
    const pair = `${certificate.userId}:${certificate.courseId}`;
    const key = `${pair} round ${certificate.round}`;
    issued.set(key, (issued.get(key) ?? 0) + 1);
    if (Number(certificate.round) !== (roundOf.get(pair) ?? 0)) continue;
    issuedThisRound.add(pair);
    if (!courseComplete(Number(certificate.userId), Number(certificate.courseId))) {
      violations.push(`learner ${certificate.userId} holds ${certificate.certificateNumber} for course ${certificate.courseId} without completing it`);
    }
  }
  for (const [pair, count] of issued) if (count > 1) violations.push(`learner:course ${pair} has ${count} certificates`);
  for (const enrollment of enrollments) {
    const pair = `${enrollment.userId}:${enrollment.courseId}`;
    if (courseComplete(Number(enrollment.userId), Number(enrollment.courseId)) && !issuedThisRound.has(pair)) {
      violations.push(`learner:course ${pair} is complete but has no certificate`);
    }
  }
  return violations;
}
