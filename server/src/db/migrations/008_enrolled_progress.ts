import type { Knex } from 'knex';
import { dialectOf, type Dialect } from '../knex.ts';
import { entryKey, entryPath, rebuildEnrolledProgress } from '../enrolledProgress.ts';

// Each learner's dashboard figures in one row, kept by triggers on course_progress and
// enrollments (db/enrolledProgress.ts says what the table holds and why). Every trigger sets or
// removes the one entry its row is about.

const TRIGGERS = [
  'course_progress_enrolled_insert',
  'course_progress_enrolled_update',
  'course_progress_enrolled_delete',
  'enrollments_enrolled_insert',
  'enrollments_enrolled_update',
  'enrollments_enrolled_delete',
];

const rowNames = (dialect: Dialect) => (dialect === 'mysql' ? (['NEW', 'OLD'] as const) : (['new', 'old'] as const));

/** The learner's entry for the course takes these figures, if they are enrolled in it (the entry exists). */
function setEntry(dialect: Dialect, row: string, figures: string): string {
  const path = entryPath(dialect, `${row}.course_id`);
  const exists = dialect === 'mysql' ? `json_contains_path(figures, 'one', ${path})` : `json_type(figures, ${path}) is not null`;
  return `update enrolled_progress set figures = json_set(figures, ${path}, ${figures})
    where user_id = ${row}.user_id and ${exists}`;
}

/** A new enrollment's entry: the course's figures so far, zeros when the learner has none. */
function addEntry(dialect: Dialect, row: string): string {
  const of = (column: string) => `(select cp.${column} from course_progress cp where cp.user_id = ${row}.user_id and cp.course_id = ${row}.course_id)`;
  const figures = `json_array(coalesce(${of('completed_modules')}, 0), coalesce(${of('watched_seconds')}, 0), ${of('last_module_id')})`;
  const path = entryPath(dialect, `${row}.course_id`);
  const insert = `insert into enrolled_progress (user_id, figures) values (${row}.user_id, json_object(${entryKey(dialect, `${row}.course_id`)}, ${figures}))`;
  const merge = `figures = json_set(figures, ${path}, ${figures})`;
  return dialect === 'mysql' ? `${insert} on duplicate key update ${merge}` : `${insert} on conflict (user_id) do update set ${merge}`;
}

const removeEntry = (dialect: Dialect, row: string) =>
  `update enrolled_progress set figures = json_remove(figures, ${entryPath(dialect, `${row}.course_id`)}) where user_id = ${row}.user_id`;

const courseFigures = (row: string) => `json_array(${row}.completed_modules, ${row}.watched_seconds, ${row}.last_module_id)`;
const samePair = (n: string, o: string) => `${o}.user_id = ${n}.user_id and ${o}.course_id = ${n}.course_id`;

function triggers(dialect: Dialect): string[] {
  const [n, o] = rowNames(dialect);
  const each = dialect === 'mysql' ? ' for each row' : '';
  // SQLite wants a body between begin and end; MySQL takes a single statement as it is.
  const body = (...statements: string[]) =>
    dialect === 'sqlite' || statements.length > 1 ? `begin ${statements.map((statement) => `${statement};`).join('\n')} end` : statements[0]!;
  const movedEnrollment =
    dialect === 'mysql'
      ? `if not (${samePair(n, o)}) then ${removeEntry(dialect, o)}; ${addEntry(dialect, n)}; end if`
      : null;
  return [
    `create trigger course_progress_enrolled_insert after insert on course_progress${each} ${body(setEntry(dialect, n, courseFigures(n)))}`,
    `create trigger course_progress_enrolled_update after update on course_progress${each} ${body(setEntry(dialect, n, courseFigures(n)))}`,
    `create trigger course_progress_enrolled_delete after delete on course_progress${each} ${body(setEntry(dialect, o, 'json_array(0, 0, null)'))}`,
    `create trigger enrollments_enrolled_insert after insert on enrollments${each} ${body(addEntry(dialect, n))}`,
    movedEnrollment
      ? `create trigger enrollments_enrolled_update after update on enrollments${each} begin ${movedEnrollment}; end`
      : `create trigger enrollments_enrolled_update after update on enrollments when not (${samePair(n, o)}) ${body(removeEntry(dialect, o), addEntry(dialect, n))}`,
    `create trigger enrollments_enrolled_delete after delete on enrollments${each} ${body(removeEntry(dialect, o))}`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  const dialect = dialectOf(knex);
  await knex.schema.createTable('enrolledProgress', (t) => {
    t.integer('userId').unsigned().notNullable().primary().references('id').inTable('users').onDelete('CASCADE');
    // A learner enrolled in every course of a large catalogue outgrows TEXT's 64 KB on MySQL.
    t.text('figures', 'mediumtext').notNullable();
  });
  for (const sql of triggers(dialect)) await knex.raw(sql);
  await rebuildEnrolledProgress(knex);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.schema.dropTable('enrolledProgress');
}
