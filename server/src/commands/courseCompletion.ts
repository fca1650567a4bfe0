import type { Knex } from 'knex';
import { dialectOf } from '../db/knex.ts';
import { certificateInForce } from '../models/Certificate.ts';
import { mayRecordProgress } from '../policies/courseAccess.ts';
import { completionGate } from '../queries/completionGate.ts';
import { issueCertificate } from './issueCertificate.ts';

export interface CourseCompletion {
  courseCompleted: boolean;
  certificateNumber: string | null;
  /** Every module is complete but the course's required final quiz is not passed (issue 36). */
  quizPending?: boolean;
  /** Every module is complete (and the quiz, if required) but an assignment is not (issue 37). */
  assignmentsPending?: boolean;
}

const NOT_COMPLETE: CourseCompletion = { courseCompleted: false, certificateNumber: null };

/**
 * Serialises one learner's writes (MySQL; SQLite has one writer): their submissions (creating the
 * draft, attaching files, submitting, withdrawing, a review of theirs), quiz attempts and CPD
 * entries lock the learner's users row first, before lockEnrollment, so "at most one draft", "at
 * most maxFiles files" and one quiz result row hold under concurrent requests. Take it as the
 * transaction's first statement: MariaDB's snapshot is fixed by the first plain read, and a read
 * made before the lock would not see what the writer it waited for committed.
 */
export async function lockLearner(trx: Knex.Transaction, userId: number): Promise<void> {
  if (dialectOf(trx) === 'mysql') await trx('users').where({ id: userId }).forUpdate().first('id');
}

/**
 * Serialises the completion check per learner and course (MySQL; SQLite has a single writer):
 * every path that can complete the last step (a progress report, a quiz attempt, an assignment
 * submitted or approved) takes this lock before reading, so whichever comes second sees the
 * other's rows and the certificate it may have issued.
 */
export async function lockEnrollment(trx: Knex.Transaction, userId: number, courseId: number): Promise<void> {
  if (dialectOf(trx) === 'mysql') await trx('enrollments').select('id').where({ userId, courseId }).forUpdate();
}

/**
 * The one certificate gate: the course is complete for the learner when every module is, the
 * final quiz is passed when the course requires it, and every assignment that is not deleted is
 * complete. The first time it is, the certificate is issued in the caller's transaction (which
 * holds lockEnrollment). A learner who is not enrolled (an admin trying a step) earns nothing.
 */
export async function completeCourseIfDone(trx: Knex.Transaction, userId: number, courseId: number, now: number): Promise<CourseCompletion> {
  if (!(await mayRecordProgress(trx, userId, courseId))) return NOT_COMPLETE;
  const gate = await completionGate(trx, userId, courseId);
  if (!gate.modulesDone) return NOT_COMPLETE;
  if (gate.quiz.required && !gate.quiz.passed) return { ...NOT_COMPLETE, quizPending: true };
  if (!gate.assignmentsDone) return { ...NOT_COMPLETE, assignmentsPending: true };
  const certificate = await issueCertificate(trx, userId, courseId, now, gate.quiz.bestScore);
  return { courseCompleted: true, certificateNumber: certificate && certificateInForce(certificate) ? certificate.certificateNumber : null };
}
