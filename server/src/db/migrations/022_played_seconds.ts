import type { Knex } from 'knex';

// Evidence of watching (issue 36). SPEC's "Mark as Complete" stores the module's whole duration
// as `watched_duration`; that stays as SPEC says. Beside it, `played_seconds` keeps the distinct
// seconds the player reported as played: clamped to the duration, it only grows, and Mark as
// Complete never raises it. `course_progress.watched_seconds` (Watch Time and the reports) now
// sums what was played, so the triggers of 007 are made again over `played_seconds`.
//
// Rows written before this migration cannot tell a played module from one marked complete, so
// their played seconds start as their watched duration (what every report said until now).
//
// `courses.requires_watching`: "Completion requires watching" (off by default, so a course
// behaves as SPEC says): Mark as Complete is accepted only once 90 % of the module was played.
//
// Frozen SQL: a migration imports nothing from live code.

type Seconds = 'played_seconds' | 'watched_duration';

const TRIGGERS = ['progress_totals_insert', 'progress_totals_update', 'progress_totals_move', 'progress_totals_delete'];

const sqliteTriggers = (seconds: Seconds) => [
  `create trigger progress_totals_insert after insert on progress begin insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values (new.user_id, new.course_id, new.is_completed, new.${seconds}, new.module_id, new.id, new.updated_at) on conflict (user_id, course_id) do update set completed_modules = completed_modules + new.is_completed,
      watched_seconds = watched_seconds + new.${seconds},
      last_module_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.id else last_progress_id end,
      last_watched_at = max(coalesce(last_watched_at, new.updated_at), new.updated_at); end`,
  `create trigger progress_totals_update after update on progress when old.user_id = new.user_id and old.course_id = new.course_id begin update course_progress set
      completed_modules = completed_modules + new.is_completed - old.is_completed,
      watched_seconds = watched_seconds + new.${seconds} - old.${seconds},
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
  watched_seconds = coalesce((select sum(p.${seconds}) from progress p
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
    values (new.user_id, new.course_id, new.is_completed, new.${seconds}, new.module_id, new.id, new.updated_at) on conflict (user_id, course_id) do update set completed_modules = completed_modules + new.is_completed,
      watched_seconds = watched_seconds + new.${seconds},
      last_module_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or new.updated_at > last_watched_at
        or (new.updated_at = last_watched_at and new.id >= coalesce(last_progress_id, 0))) then new.id else last_progress_id end,
      last_watched_at = max(coalesce(last_watched_at, new.updated_at), new.updated_at);
    end`,
  `create trigger progress_totals_delete after delete on progress begin update course_progress set 
  completed_modules = coalesce((select sum(p.is_completed) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0),
  watched_seconds = coalesce((select sum(p.${seconds}) from progress p
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

const mysqlTriggers = (seconds: Seconds) => [
  `create trigger progress_totals_insert after insert on progress for each row insert into course_progress (user_id, course_id, completed_modules, watched_seconds, last_module_id, last_progress_id, last_watched_at)
    values (NEW.user_id, NEW.course_id, NEW.is_completed, NEW.${seconds}, NEW.module_id, NEW.id, NEW.updated_at) on duplicate key update completed_modules = completed_modules + NEW.is_completed,
      watched_seconds = watched_seconds + NEW.${seconds},
      last_module_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.module_id else last_module_id end,
      last_progress_id = case when (last_watched_at is null or NEW.updated_at > last_watched_at
        or (NEW.updated_at = last_watched_at and NEW.id >= coalesce(last_progress_id, 0))) then NEW.id else last_progress_id end,
      last_watched_at = greatest(coalesce(last_watched_at, NEW.updated_at), NEW.updated_at)`,
  `create trigger progress_totals_update after update on progress for each row begin
      if OLD.user_id = NEW.user_id and OLD.course_id = NEW.course_id then
        update course_progress set
      completed_modules = completed_modules + NEW.is_completed - OLD.is_completed,
      watched_seconds = watched_seconds + NEW.${seconds} - OLD.${seconds},
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
  watched_seconds = coalesce((select sum(p.${seconds}) from progress p
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
    values (NEW.user_id, NEW.course_id, NEW.is_completed, NEW.${seconds}, NEW.module_id, NEW.id, NEW.updated_at) on duplicate key update completed_modules = completed_modules + NEW.is_completed,
      watched_seconds = watched_seconds + NEW.${seconds},
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
  watched_seconds = coalesce((select sum(p.${seconds}) from progress p
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

const recompute = (seconds: Seconds) => `update course_progress set watched_seconds = coalesce((select sum(p.${seconds}) from progress p
    where p.user_id = course_progress.user_id and p.course_id = course_progress.course_id), 0)`;

async function replaceTriggers(knex: Knex, seconds: Seconds): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  const mysql = knex.client.config.client === 'mysql2';
  for (const sql of mysql ? mysqlTriggers(seconds) : sqliteTriggers(seconds)) await knex.raw(sql);
  await knex.raw(recompute(seconds));
}

export async function up(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.schema.alterTable('progress', (t) => {
    t.integer('playedSeconds').notNullable().defaultTo(0);
  });
  await knex.raw('update progress set played_seconds = watched_duration');
  await knex.schema.alterTable('courses', (t) => {
    t.boolean('requiresWatching').notNullable().defaultTo(false);
  });
  await replaceTriggers(knex, 'played_seconds');
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  // Plain ALTER TABLE … DROP COLUMN on both databases (SQLite 3.35+): knex's SQLite way copies the
  // table into a new one, which the progress rows must not go through.
  await knex.raw('alter table courses drop column requires_watching');
  await knex.raw('alter table progress drop column played_seconds');
  await replaceTriggers(knex, 'watched_duration');
}
