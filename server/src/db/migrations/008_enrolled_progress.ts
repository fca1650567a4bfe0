import type { Knex } from 'knex';

// Each learner's dashboard figures in one row (a JSON object of [completedModules,
// watchedSeconds, lastModuleId] per enrolled course), kept by triggers on course_progress and
// enrollments. Dropped again by 009: frozen SQL, so that 009's rollback can restore it as it was.

export const TRIGGERS = [
  'course_progress_enrolled_insert',
  'course_progress_enrolled_update',
  'course_progress_enrolled_delete',
  'enrollments_enrolled_insert',
  'enrollments_enrolled_update',
  'enrollments_enrolled_delete',
];

const SQLITE_TRIGGERS = [
  `create trigger course_progress_enrolled_insert after insert on course_progress begin update enrolled_progress set figures = json_set(figures, '$."' || new.course_id || '"', json_array(new.completed_modules, new.watched_seconds, new.last_module_id))
    where user_id = new.user_id and json_type(figures, '$."' || new.course_id || '"') is not null; end`,
  `create trigger course_progress_enrolled_update after update on course_progress begin update enrolled_progress set figures = json_set(figures, '$."' || new.course_id || '"', json_array(new.completed_modules, new.watched_seconds, new.last_module_id))
    where user_id = new.user_id and json_type(figures, '$."' || new.course_id || '"') is not null; end`,
  `create trigger course_progress_enrolled_delete after delete on course_progress begin update enrolled_progress set figures = json_set(figures, '$."' || old.course_id || '"', json_array(0, 0, null))
    where user_id = old.user_id and json_type(figures, '$."' || old.course_id || '"') is not null; end`,
  `create trigger enrollments_enrolled_insert after insert on enrollments begin insert into enrolled_progress (user_id, figures) values (new.user_id, json_object(cast(new.course_id as text), json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id)))) on conflict (user_id) do update set figures = json_set(figures, '$."' || new.course_id || '"', json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id))); end`,
  `create trigger enrollments_enrolled_update after update on enrollments when not (old.user_id = new.user_id and old.course_id = new.course_id) begin update enrolled_progress set figures = json_remove(figures, '$."' || old.course_id || '"') where user_id = old.user_id;
insert into enrolled_progress (user_id, figures) values (new.user_id, json_object(cast(new.course_id as text), json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id)))) on conflict (user_id) do update set figures = json_set(figures, '$."' || new.course_id || '"', json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = new.user_id and cp.course_id = new.course_id))); end`,
  `create trigger enrollments_enrolled_delete after delete on enrollments begin update enrolled_progress set figures = json_remove(figures, '$."' || old.course_id || '"') where user_id = old.user_id; end`,
];

const MYSQL_TRIGGERS = [
  `create trigger course_progress_enrolled_insert after insert on course_progress for each row update enrolled_progress set figures = json_set(figures, concat('$."', NEW.course_id, '"'), json_array(NEW.completed_modules, NEW.watched_seconds, NEW.last_module_id))
    where user_id = NEW.user_id and json_contains_path(figures, 'one', concat('$."', NEW.course_id, '"'))`,
  `create trigger course_progress_enrolled_update after update on course_progress for each row update enrolled_progress set figures = json_set(figures, concat('$."', NEW.course_id, '"'), json_array(NEW.completed_modules, NEW.watched_seconds, NEW.last_module_id))
    where user_id = NEW.user_id and json_contains_path(figures, 'one', concat('$."', NEW.course_id, '"'))`,
  `create trigger course_progress_enrolled_delete after delete on course_progress for each row update enrolled_progress set figures = json_set(figures, concat('$."', OLD.course_id, '"'), json_array(0, 0, null))
    where user_id = OLD.user_id and json_contains_path(figures, 'one', concat('$."', OLD.course_id, '"'))`,
  `create trigger enrollments_enrolled_insert after insert on enrollments for each row insert into enrolled_progress (user_id, figures) values (NEW.user_id, json_object(cast(NEW.course_id as char), json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id)))) on duplicate key update figures = json_set(figures, concat('$."', NEW.course_id, '"'), json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id)))`,
  `create trigger enrollments_enrolled_update after update on enrollments for each row begin if not (OLD.user_id = NEW.user_id and OLD.course_id = NEW.course_id) then update enrolled_progress set figures = json_remove(figures, concat('$."', OLD.course_id, '"')) where user_id = OLD.user_id; insert into enrolled_progress (user_id, figures) values (NEW.user_id, json_object(cast(NEW.course_id as char), json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id)))) on duplicate key update figures = json_set(figures, concat('$."', NEW.course_id, '"'), json_array(coalesce((select cp.completed_modules from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), coalesce((select cp.watched_seconds from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id), 0), (select cp.last_module_id from course_progress cp where cp.user_id = NEW.user_id and cp.course_id = NEW.course_id))); end if; end`,
  `create trigger enrollments_enrolled_delete after delete on enrollments for each row update enrolled_progress set figures = json_remove(figures, concat('$."', OLD.course_id, '"')) where user_id = OLD.user_id`,
];

const SQLITE_BACKFILL = [
  `delete from enrolled_progress`,
  `insert into enrolled_progress (user_id, figures)
  select e.user_id, json_group_object(cast(e.course_id as text),
      json_array(coalesce(cp.completed_modules, 0), coalesce(cp.watched_seconds, 0), cp.last_module_id))
  from enrollments e left join course_progress cp on cp.user_id = e.user_id and cp.course_id = e.course_id
  group by e.user_id`,
];

const MYSQL_BACKFILL = [
  `delete from enrolled_progress`,
  `insert into enrolled_progress (user_id, figures)
  select e.user_id, json_objectagg(cast(e.course_id as char),
      json_array(coalesce(cp.completed_modules, 0), coalesce(cp.watched_seconds, 0), cp.last_module_id))
  from enrollments e left join course_progress cp on cp.user_id = e.user_id and cp.course_id = e.course_id
  group by e.user_id`,
];

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.createTable('enrolledProgress', (t) => {
    t.integer('userId').unsigned().notNullable().primary().references('id').inTable('users').onDelete('CASCADE');
    // A learner enrolled in every course of a large catalogue outgrows TEXT's 64 KB on MySQL.
    t.text('figures', 'mediumtext').notNullable();
  });
  for (const sql of mysql ? MYSQL_TRIGGERS : SQLITE_TRIGGERS) await knex.raw(sql);
  for (const sql of mysql ? MYSQL_BACKFILL : SQLITE_BACKFILL) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.schema.dropTable('enrolledProgress');
}
