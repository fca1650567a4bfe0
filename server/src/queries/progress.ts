import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { Progress } from '../models/Progress.ts';

/** The learner's progress row on one module, if they have started it. */
export function progressOf(db: Db, userId: number, moduleId: number): Promise<Progress | undefined> {
  return db<Progress>('progress').where({ userId, moduleId }).first();
}

/**
 * True when every module of the course is completed by the user. A course with no modules is
 * never complete; callers ask only about courses with at least the module just reported on.
 */
export async function isCourseCompleted(db: Db | Knex.Transaction, userId: number, courseId: number): Promise<boolean> {
  return !(await incompleteModules(db, userId, courseId).first());
}

/** The course's modules the learner has not completed, as a statement to read or nest (the certificate's gate asks whether any exists). */
export function incompleteModules(db: Db | Knex.Transaction, userId: number, courseId: number) {
  return db('modules')
    .select('modules.id')
    .where('modules.courseId', courseId)
    .whereNotExists((completed) =>
      completed
        .select(db.raw('1'))
        .from('progress')
        .whereRaw('?? = ??', ['progress.moduleId', 'modules.id'])
        .where('progress.userId', userId)
        .where('progress.isCompleted', true),
    );
}
