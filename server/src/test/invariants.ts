import type { Db } from '../db/knex.ts';

/**
 * What must hold between certificates and progress for the given learners, as readable
 * sentences (an empty list when all is well):
 * - at most one certificate per learner and course;
 * - a certificate only for a course whose every module the learner has completed;
 * - a certificate for every enrolled course whose every module they have completed.
 * It assumes no module was added to a course after a learner completed it (that legitimately
 * leaves a certificate for a course no longer complete).
 */
export async function certificateInvariantViolations(db: Db, userIds: number[]): Promise<string[]> {
  const violations: string[] = [];
  const [certificates, enrollments, modules, completed] = await Promise.all([
    db('certificates').select('userId', 'courseId', 'certificateNumber').whereIn('userId', userIds),
    db('enrollments').select('userId', 'courseId').whereIn('userId', userIds),
    db('modules').select('id', 'courseId'),
    db('progress').select('userId', 'moduleId').whereIn('userId', userIds).where('isCompleted', true),
  ]);
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
  for (const certificate of certificates) {
    const pair = `${certificate.userId}:${certificate.courseId}`;
    issued.set(pair, (issued.get(pair) ?? 0) + 1);
    if (!courseComplete(Number(certificate.userId), Number(certificate.courseId))) {
      violations.push(`learner ${certificate.userId} holds ${certificate.certificateNumber} for course ${certificate.courseId} without completing it`);
    }
  }
  for (const [pair, count] of issued) if (count > 1) violations.push(`learner:course ${pair} has ${count} certificates`);
  for (const enrollment of enrollments) {
    const pair = `${enrollment.userId}:${enrollment.courseId}`;
    if (courseComplete(Number(enrollment.userId), Number(enrollment.courseId)) && !issued.has(pair)) {
      violations.push(`learner:course ${pair} is complete but has no certificate`);
    }
  }
  return violations;
}
