import type { Knex } from 'knex';

// A course's Insights count each module's completions among the learners who enrolled in a range:
// per enrollment, its progress rows with is_completed and module_id. Through (user_id, course_id)
// alone each row costs a read of the table (about 200 ms per course at 3 M rows on MariaDB once
// the table outgrows the buffer pool); with the two columns in the index the count is read from
// the index alone. The entry moves only when a module is completed, not on every progress report
// (the reason 007 dropped the wider dashboard index), and it serves every reader of the old one.
const OLD = ['userId', 'courseId'];
const NEW = ['userId', 'courseId', 'isCompleted', 'moduleId'];
const NEW_NAME = 'progress_user_course_completed_index';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('progress', (t) => {
    t.index(NEW, NEW_NAME);
  });
  await knex.schema.alterTable('progress', (t) => {
    t.dropIndex(OLD);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('progress', (t) => {
    t.index(OLD);
  });
  await knex.schema.alterTable('progress', (t) => {
    t.dropIndex(NEW, NEW_NAME);
  });
}
