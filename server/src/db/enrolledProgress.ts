import type { Knex } from 'knex';
import { dialectOf, type Dialect } from './knex.ts';

/**
 * `enrolled_progress` holds, per learner, the figures their dashboard shows: for each course they
 * are enrolled in, its `course_progress` figures, as one JSON object
 * `{"<courseId>": [completedModules, watchedSeconds, lastModuleId | null], …}`. The dashboard
 * reads it with the session (routes/api/courses/queries.ts, ENROLLED_COURSE_PROGRESS): one row by
 * its key, where joining enrollments to course_progress and aggregating them on every dashboard
 * cost MariaDB about half of the statement (bench/README.md, fifth round).
 *
 * Triggers keep it (migrations/008_enrolled_progress.ts), in the statement that changes what it
 * is made of, so it is never behind:
 * - a course_progress row written (by progress's own triggers): its course's entry, if the
 *   learner is enrolled in that course, takes the row's figures;
 * - an enrollment added: an entry with the course's figures so far (zeros when none);
 * - an enrollment removed: its entry goes.
 * Each trigger sets one entry to figures it has in hand, never recomputes the whole row from
 * others, so a later write of an entry always carries its full figures and two reports by one
 * learner wait on the row's lock in turn. Statements that lock many learners' rows (a batch of
 * reports, a licence, a module or course deleted) can still deadlock with each other on
 * MySQL; each is run again once (db/deadlocks.ts).
 *
 * What triggers cannot see is rebuilt here: a bulk load that ran without them (bench/seed.ts)
 * and the migration's backfill. MySQL and MariaDB fire no trigger for a foreign key's cascade, so
 * deleting a course removes its enrollments by statement first (routes/api/courses).
 */

/** The JSON path of a course's entry, `$."12"`, for the course id held in `courseId` (SQL). */
export function entryPath(dialect: Dialect, courseId: string): string {
  return dialect === 'mysql' ? `concat('$."', ${courseId}, '"')` : `'$."' || ${courseId} || '"'`;
}

/** An object key from the course id held in `courseId` (both databases want text). */
export const entryKey = (dialect: Dialect, courseId: string): string => `cast(${courseId} as ${dialect === 'mysql' ? 'char' : 'text'})`;

/** The statements that rebuild the whole table from enrollments and course_progress, in order. */
export function rebuildEnrolledProgressStatements(dialect: Dialect): string[] {
  const aggregate = dialect === 'mysql' ? 'json_objectagg' : 'json_group_object';
  return [
    'delete from enrolled_progress',
    `insert into enrolled_progress (user_id, figures)
  select e.user_id, ${aggregate}(${entryKey(dialect, 'e.course_id')},
      json_array(coalesce(cp.completed_modules, 0), coalesce(cp.watched_seconds, 0), cp.last_module_id))
  from enrollments e left join course_progress cp on cp.user_id = e.user_id and cp.course_id = e.course_id
  group by e.user_id`,
  ];
}

/** Rebuilds the table; run it inside the transaction that changed its sources behind the triggers' back. */
export async function rebuildEnrolledProgress(trx: Knex | Knex.Transaction): Promise<void> {
  for (const sql of rebuildEnrolledProgressStatements(dialectOf(trx))) await trx.raw(sql);
}
