import type { Knex } from 'knex';

/**
 * `course_progress` holds, per learner and course, what the dashboard shows of their progress
 * rows: how many modules are complete, the seconds played (`played_seconds`, not SPEC's
 * `watched_duration`, which Mark as Complete sets to the whole duration), and the module watched last. Triggers
 * on `progress` keep it (migrations/007_course_progress.ts), in the statement that writes the
 * row, so it is never behind and every way of writing progress keeps it alike.
 *
 * Every enrollment has its row too, zeros until something is played, marked `enrolled` while the
 * enrollment lasts (triggers on `enrollments`, migrations/051_enrolled_figures.ts): the dashboard
 * reads its figures from this table alone.
 *
 * What triggers cannot see is recomputed here from the progress rows: the rows a deleted module
 * takes with it (MySQL and MariaDB fire no trigger for a foreign key's cascade), a backfill, and
 * a bulk load that ran without the triggers (bench/seed.ts).
 */

/** The row written last, the higher id first when two share a millisecond: its module and id. */
const latest = (column: 'module_id' | 'id') => `(select l.${column} from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1)`;

/** SET clauses: a course_progress row's figures, recomputed from its progress rows. */
export const RECOMPUTED_TOTALS = `
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.played_seconds) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  last_watched_at = (select max(p.updated_at) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id),
  last_module_id = ${latest('module_id')},
  last_progress_id = ${latest('id')}`;

/**
 * The SQL that rebuilds the table from `progress` and `enrollments`, in order: every (learner,
 * course) with progress or an enrollment gets its row, then every row its totals and its
 * `enrolled` mark (migrations/051_enrolled_figures.ts). `courseId` limits it to one course.
 * The statements are plain SQL both databases read alike, so bench/seed.ts runs them on its own
 * connections too.
 */
export function rebuildStatements(courseId?: number): Array<{ sql: string; bindings: number[] }> {
  const scope = courseId === undefined ? '' : ' where course_id = ?';
  const bindings = courseId === undefined ? [] : [courseId];
  // Rows for pairs the table lacks; the update below fills in their figures.
  const missingRows = (table: 'progress' | 'enrollments') => ({
    sql: `insert into course_progress (user_id, course_id, completed_modules, watched_seconds)
  select distinct t.user_id, t.course_id, 0, 0 from ${table} t
  where ${courseId === undefined ? '' : 't.course_id = ? and '}not exists (select 1 from course_progress cp where cp.user_id = t.user_id and cp.course_id = t.course_id)`,
    bindings,
  });
  return [
    missingRows('progress'),
    missingRows('enrollments'),
    {
      sql: `update course_progress set ${RECOMPUTED_TOTALS},
  enrolled = case when exists (select 1 from enrollments e where e.user_id = course_progress.user_id and e.course_id = course_progress.course_id) then 1 else 0 end${scope}`,
      bindings,
    },
  ];
}

/** Recomputes the table from `progress`, for one course or all; run it inside the transaction that changed progress behind the triggers' back. */
export async function rebuildCourseProgress(trx: Knex | Knex.Transaction, courseId?: number): Promise<void> {
  for (const statement of rebuildStatements(courseId)) await trx.raw(statement.sql, statement.bindings);
}
