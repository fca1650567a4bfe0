import type { Knex } from 'knex';

// Unfinished resumable uploads have a row of their own (issue 53 item 7). Until now an upload
// belonged to whoever had the user id written at the start of its staged file's name, so a
// restored or new database over the same staging folder handed it to whoever got that id there.
// - uploads: one row per unfinished upload, written when it is created and removed when it
//   finishes, is cancelled or is given up: the id in its URL (128 random bits, nothing else), its
//   creator, its declared length and the app clock's creation time. An upload without a row is
//   unknown to everyone (404), and its staged bytes are removed by the `upload-cleanup` job.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploads', (t) => {
    t.string('id', 32).notNullable().primary();
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.bigInteger('size').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['userId'], 'uploads_user');
    t.index(['createdAt'], 'uploads_created');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('uploads');
}
