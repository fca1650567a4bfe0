import type { Knex } from 'knex';

// Moderating a module's discussion (issue 58 item 3).
// - comments.hiddenAt / hiddenReason: an admin hid the comment; only its author (who sees it
//   marked hidden, with the reason) and admins still see it.
// - comments.heldAt: the comment waits for an admin's approval (more than 3 links, or a known
//   spam pattern); seen only by its author and admins until approved.
// - commentReports: one report per person per comment (spam, offensive, other + details);
//   resolvedAt once an admin hid, restored or deleted the comment.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('comments', (t) => {
    t.bigInteger('hiddenAt').nullable();
    t.string('hiddenReason', 500).nullable();
    t.bigInteger('heldAt').nullable();
    t.index(['heldAt'], 'comments_held');
  });
  await knex.schema.createTable('commentReports', (t) => {
    t.increments('id');
    t.integer('commentId').unsigned().notNullable().references('id').inTable('comments').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason', 20).notNullable();
    t.string('details', 1000).notNullable().defaultTo('');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('resolvedAt').nullable();
    t.unique(['commentId', 'userId']);
    t.index(['resolvedAt', 'commentId'], 'comment_reports_open');
    t.index(['userId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('commentReports');
  await knex.schema.alterTable('comments', (t) => {
    t.dropIndex(['heldAt'], 'comments_held');
  });
  for (const column of ['heldAt', 'hiddenReason', 'hiddenAt']) {
    if (knex.client.config.client === 'mysql2') {
      await knex.schema.alterTable('comments', (t) => {
        t.dropColumn(column);
      });
    } else {
      await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['comments', column]);
    }
  }
}
