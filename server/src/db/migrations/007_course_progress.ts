import type { Knex } from 'knex';
import { rebuildCourseProgress, RECOMPUTED_TOTALS } from '../courseProgress.ts';

// The dashboard's progress figures per learner and course, kept by triggers on `progress`
// (db/courseProgress.ts says what the table holds). Summing the progress rows and finding the
// latest on every dashboard cost MariaDB five times what reading one stored row per course does.
// Each trigger applies the change the written row makes: its completion and seconds are added
// (minus what the row held before, on an update), and it becomes the module watched last when it
// comes after the one recorded in (updated_at, id) order, the order a recompute uses. A deleted
// row, or one moved to another learner or course (nothing does that; a module never changes
// course), has its old pair recomputed.
//
// MySQL/MariaDB evaluate an UPDATE's assignments left to right, each seeing the ones before:
// last_module_id and last_progress_id are assigned before last_watched_at, and each compares
// with the old time and the old id.

const TRIGGERS = ['progress_totals_insert', 'progress_totals_update', 'progress_totals_move', 'progress_totals_delete'];

/** The old pair's figures recomputed from its remaining rows. */
const recompute = (row: 'old' | 'OLD') => `update course_progress set ${RECOMPUTED_TOTALS} where user_id = ${row}.user_id and course_id = ${row}.course_id`;

type Dialect = 'sqlite' | 'mysql';

function addRow(row: 'new' | 'NEW', dialect: Dialect): string {
  const values = `(${row}.user_id, ${row}.course_id, ${row}.is_completed, ${row}.watched_duration, ${row}.module_id, ${row}.id, ${row}.updated_at)`;
  const merge = `completed_modules = completed_modules + ${row}.is_completed,
      watched_seconds = watched_seconds + ${row}.watched_duration,
      ${latestFrom(row, dialect)}`;
  const insert = `insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values ${values}`;
  return dialect === 'sqlite' ? `${insert} on conflict (user_id, course_id) do update set ${merge}` : `${insert} on duplicate key update ${merge}`;
}

function applyChange(dialect: Dialect): string {
  const [n, o] = dialect === 'sqlite' ? (['new', 'old'] as const) : (['NEW', 'OLD'] as const);
  return `update course_progress set
      completed_modules = completed_modules + ${n}.is_completed - ${o}.is_completed,
      watched_seconds = watched_seconds + ${n}.watched_duration - ${o}.watched_duration,
      ${latestFrom(n, dialect)}
    where user_id = ${n}.user_id and course_id = ${n}.course_id`;
}

/** The written row becomes the one watched last if it comes after the recorded one in (updated_at, id) order. */
function latestFrom(row: 'new' | 'NEW', dialect: Dialect): string {
  const greatest = dialect === 'sqlite' ? 'max' : 'greatest';
  const later = `(last_watched_at is null or ${row}.updated_at > last_watched_at
        or (${row}.updated_at = last_watched_at and ${row}.id >= coalesce(last_progress_id, 0)))`;
  return `last_module_id = case when ${later} then ${row}.module_id else last_module_id end,
      last_progress_id = case when ${later} then ${row}.id else last_progress_id end,
      last_watched_at = ${greatest}(coalesce(last_watched_at, ${row}.updated_at), ${row}.updated_at)`;
}

const samePair = (n: string, o: string) => `${o}.user_id = ${n}.user_id and ${o}.course_id = ${n}.course_id`;

function sqliteTriggers(): string[] {
  return [
    `create trigger progress_totals_insert after insert on progress begin ${addRow('new', 'sqlite')}; end`,
    `create trigger progress_totals_update after update on progress when ${samePair('new', 'old')} begin ${applyChange('sqlite')}; end`,
    `create trigger progress_totals_move after update on progress when not (${samePair('new', 'old')}) begin
      ${recompute('old')};
      ${addRow('new', 'sqlite')};
    end`,
    `create trigger progress_totals_delete after delete on progress begin ${recompute('old')}; end`,
  ];
}

function mysqlTriggers(): string[] {
  return [
    `create trigger progress_totals_insert after insert on progress for each row ${addRow('NEW', 'mysql')}`,
    `create trigger progress_totals_update after update on progress for each row begin
      if ${samePair('NEW', 'OLD')} then
        ${applyChange('mysql')};
      else
        ${recompute('OLD')};
        ${addRow('NEW', 'mysql')};
      end if;
    end`,
    `create trigger progress_totals_delete after delete on progress for each row ${recompute('OLD')}`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('courseProgress', (t) => {
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('completedModules').notNullable().defaultTo(0);
    t.bigInteger('watchedSeconds').notNullable().defaultTo(0);
    // No foreign key: a deleted module's progress goes with it, and the figures are recomputed.
    t.integer('lastModuleId').unsigned().nullable();
    t.bigInteger('lastWatchedAt').nullable();
    // Tells apart two rows written in the same millisecond, as the recompute's order does.
    t.integer('lastProgressId').unsigned().nullable();
    t.primary(['userId', 'courseId']);
  });
  const mysql = knex.client.config.client === 'mysql2';
  for (const sql of mysql ? mysqlTriggers() : sqliteTriggers()) await knex.raw(sql);
  await rebuildCourseProgress(knex);
  // The wide index the dashboard read progress through (006) has no reader left that needs it;
  // each report moved its entry. Learner-and-course reads (a course page, a certificate check)
  // need only the pair. Created before the wide one goes: on MySQL a foreign key may use it.
  await knex.schema.alterTable('progress', (t) => {
    t.index(['userId', 'courseId']);
  });
  await knex.schema.alterTable('progress', (t) => {
    t.dropIndex([], 'progress_dashboard_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('progress', (t) => {
    t.index(['userId', 'courseId', 'updatedAt', 'id', 'moduleId', 'isCompleted', 'watchedDuration'], 'progress_dashboard_index');
  });
  await knex.schema.alterTable('progress', (t) => {
    t.dropIndex(['userId', 'courseId']);
  });
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.schema.dropTable('courseProgress');
}
