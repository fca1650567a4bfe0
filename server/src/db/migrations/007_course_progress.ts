import type { Knex } from 'knex';

// The dashboard's progress figures per learner and course, kept by triggers on `progress`
// (db/courseProgress.ts says what the table holds). Each trigger applies the change the written
// row makes: its completion and seconds are added (minus what the row held before, on an
// update), and it becomes the module watched last when it comes after the one recorded in
// (updated_at, id) order, the order a recompute uses. A deleted row, or one moved to another
// learner or course (nothing does that; a module never changes course), has its old pair
// recomputed.
//
// MySQL/MariaDB evaluate an UPDATE's assignments left to right, each seeing the ones before:
// last_module_id and last_progress_id are assigned before last_watched_at, and each compares
// with the old time and the old id.
//
// Frozen SQL: a migration imports nothing from live code, so it runs the same on every later
// version of the app.

const TRIGGERS = ['progress_totals_insert', 'progress_totals_update', 'progress_totals_move', 'progress_totals_delete'];

const SQLITE_TRIGGERS = [
  `create trigger progress_totals_insert after insert on progress begin insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values (new.user_id, new.course_id, new.is_completed, new.watched_duration, new.module_id, new.id, new.updated_at) on conflict (user_id, course_id) do update set completed_modules = completed_modules + new.is_completed,
      watched_seconds = watched_seconds + new.watched_duration,
      last_module_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.id else last_progress_id end,
      last_watched_at = max(coalesce(last_watched_at, new.updated_at), new.updated_at); end`,
  `create trigger progress_totals_update after update on progress when old.user_id = new.user_id and old.course_id = new.course_id begin update course_progress set
      completed_modules = completed_modules + new.is_completed - old.is_completed,
      watched_seconds = watched_seconds + new.watched_duration - old.watched_duration,
      last_module_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.id else last_progress_id end,
      last_watched_at = max(coalesce(last_watched_at, new.updated_at), new.updated_at)
    where user_id = new.user_id and course_id = new.course_id; end`,
  `create trigger progress_totals_move after update on progress when not (old.user_id = new.user_id and old.course_id = new.course_id) begin
      update course_progress set 
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.watched_duration) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  last_watched_at = (select max(p.updated_at) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id),
  last_module_id = (select l.module_id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1),
  last_progress_id = (select l.id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1) where user_id = old.user_id and course_id = old.course_id;
      insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values (new.user_id, new.course_id, new.is_completed, new.watched_duration, new.module_id, new.id, new.updated_at) on conflict (user_id, course_id) do update set completed_modules = completed_modules + new.is_completed,
      watched_seconds = watched_seconds + new.watched_duration,
      last_module_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.id else last_progress_id end,
      last_watched_at = max(coalesce(last_watched_at, new.updated_at), new.updated_at);
    end`,
  `create trigger progress_totals_delete after delete on progress begin update course_progress set 
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.watched_duration) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  last_watched_at = (select max(p.updated_at) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id),
  last_module_id = (select l.module_id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1),
  last_progress_id = (select l.id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1) where user_id = old.user_id and course_id = old.course_id; end`,
];

const MYSQL_TRIGGERS = [
  `create trigger progress_totals_insert after insert on progress for each row insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values (NEW.user_id, NEW.course_id, NEW.is_completed, NEW.watched_duration, NEW.module_id, NEW.id, NEW.updated_at) on duplicate key update completed_modules = completed_modules + NEW.is_completed,
      watched_seconds = watched_seconds + NEW.watched_duration,
      last_module_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.id else last_progress_id end,
      last_watched_at = greatest(coalesce(last_watched_at, NEW.updated_at), NEW.updated_at)`,
  `create trigger progress_totals_update after update on progress for each row begin
      if OLD.user_id = NEW.user_id and OLD.course_id = NEW.course_id then
        update course_progress set
      completed_modules = completed_modules + NEW.is_completed - OLD.is_completed,
      watched_seconds = watched_seconds + NEW.watched_duration - OLD.watched_duration,
      last_module_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.id else last_progress_id end,
      last_watched_at = greatest(coalesce(last_watched_at, NEW.updated_at), NEW.updated_at)
    where user_id = NEW.user_id and course_id = NEW.course_id;
      else
        update course_progress set 
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.watched_duration) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  last_watched_at = (select max(p.updated_at) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id),
  last_module_id = (select l.module_id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1),
  last_progress_id = (select l.id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1) where user_id = OLD.user_id and course_id = OLD.course_id;
        insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values (NEW.user_id, NEW.course_id, NEW.is_completed, NEW.watched_duration, NEW.module_id, NEW.id, NEW.updated_at) on duplicate key update completed_modules = completed_modules + NEW.is_completed,
      watched_seconds = watched_seconds + NEW.watched_duration,
      last_module_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.id else last_progress_id end,
      last_watched_at = greatest(coalesce(last_watched_at, NEW.updated_at), NEW.updated_at);
      end if;
    end`,
  `create trigger progress_totals_delete after delete on progress for each row update course_progress set 
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.watched_duration) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  last_watched_at = (select max(p.updated_at) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id),
  last_module_id = (select l.module_id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1),
  last_progress_id = (select l.id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1) where user_id = OLD.user_id and course_id = OLD.course_id`,
];

/** Every (learner, course) with progress gets its row, then every row its figures. */
const BACKFILL = [
  `insert into course_progress (user_id, course_id, completed_modules, watched_seconds)
  select distinct p.user_id, p.course_id, 0, 0 from progress p
  where not exists (select 1 from course_progress cp where cp.user_id = p.user_id and cp.course_id = p.course_id)`,
  `update course_progress set 
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.watched_duration) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  last_watched_at = (select max(p.updated_at) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id),
  last_module_id = (select l.module_id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1),
  last_progress_id = (select l.id from progress l
    where l.user_id = course_progress.user_id and l.course_id = course_progress.course_id
    order by l.updated_at desc, l.id desc limit 1)`,
];

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
  for (const sql of mysql ? MYSQL_TRIGGERS : SQLITE_TRIGGERS) await knex.raw(sql);
  for (const sql of BACKFILL) await knex.raw(sql);
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
