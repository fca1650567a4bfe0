import type { Db } from '../db/knex.ts';
import type { Progress } from '../models/Progress.ts';

/** The learner's progress row on one module, if they have started it. */
export function progressOf(db: Db, userId: number, moduleId: number): Promise<Progress | undefined> {
  return db<Progress>('progress').where({ userId, moduleId }).first();
}
