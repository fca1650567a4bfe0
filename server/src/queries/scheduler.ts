import type { Db } from '../db/knex.ts';
import type { SchedulerJobRow } from '../presenters/deadlines.ts';

/** The scheduled jobs' rows (their leases, last runs and failures), by name. */
export function schedulerJobs(db: Db): Promise<SchedulerJobRow[]> {
  return db('schedulerJobs').select('*').orderBy('name');
}
