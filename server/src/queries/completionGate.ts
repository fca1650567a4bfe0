import type { Knex } from 'knex';
import { dbBoolean, type Db, type DbBoolean } from '../db/knex.ts';
import { pendingAssignments } from './assignments.ts';
import { incompleteModules } from './progress.ts';
import { quizGateOf, quizGateRows, type QuizGate, type QuizGateRow } from './quizzes.ts';

/** What a learner's certificate for a course waits for, as of one snapshot. */
export interface CompletionGate {
  /** Every module of the course is completed (false when the course is gone). */
  modulesDone: boolean;
  /** The course's final quiz, whether it is required, and the learner's best score and pass on it (issue 36). */
  quiz: QuizGate;
  /** Every assignment of the course that is not deleted is completed (issue 37). */
  assignmentsDone: boolean;
}

/**
 * The certificate's gate for one learner and course in one statement: the course's quiz rows
 * (quizGateRows) with whether a module and an assignment are left, each an `exists` over
 * incompleteModules (which isCourseCompleted reads alone) and pendingAssignments. Read inside the
 * completion's locked transaction (courseCompletion.ts), where it was three round trips
 * (issue 54).
 */
export async function completionGate(db: Db | Knex.Transaction, userId: number, courseId: number): Promise<CompletionGate> {
  const rows: Array<QuizGateRow & { modulesLeft?: DbBoolean; assignmentsLeft?: DbBoolean }> = await quizGateRows(db, userId, courseId).select(
    db.raw('exists ? as ??', [incompleteModules(db, userId, courseId), 'modulesLeft']),
    db.raw('exists ? as ??', [pendingAssignments(db, userId, courseId), 'assignmentsLeft']),
  );
  const course = rows[0];
  return {
    modulesDone: course !== undefined && !dbBoolean(course.modulesLeft),
    quiz: quizGateOf(rows),
    assignmentsDone: !dbBoolean(course?.assignmentsLeft),
  };
}
