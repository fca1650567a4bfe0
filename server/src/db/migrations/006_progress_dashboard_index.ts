import type { Knex } from 'knex';

// The dashboard sums each enrolled course's progress and picks the module watched last
// (routes/api/courses/queries.ts). With every column it reads in one index, ordered by when the
// row was last written, that is a walk over a few index entries per course: no table rows, and
// no sort for "the latest". It replaces the (userId, courseId) index, which is its prefix.
// The price is on writes: each progress report now moves its entry in this index.
const COLUMNS = ['userId', 'courseId', 'updatedAt', 'id', 'moduleId', 'isCompleted', 'watchedDuration'];

export async function up(knex: Knex): Promise<void> {
  // Created before the old one goes: on MySQL a foreign key may be using the old index.
  await knex.schema.alterTable('progress', (t) => {
    t.index(COLUMNS, 'progress_dashboard_index');
  });
  await knex.schema.alterTable('progress', (t) => {
    t.dropIndex(['userId', 'courseId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('progress', (t) => {
    t.index(['userId', 'courseId']);
  });
  await knex.schema.alterTable('progress', (t) => {
    t.dropIndex(COLUMNS, 'progress_dashboard_index');
  });
}
