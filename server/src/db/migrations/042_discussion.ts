import type { Knex } from 'knex';

// Discussion a staff room can live in (issue 58).
// - comments.parentId: the thread a reply belongs to (always a top-level comment: a reply to a
//   reply joins the same thread); null for a thread's opening comment.
// - comments.replyToUserId: whom a reply answers (the author of the comment it was written
//   under), so the reply can say "replying to Sam" even after that comment is gone.
// - comments.lastActivityAt: on a thread's opening comment, when it or its latest reply was
//   posted ("Newest activity" order); equal to createdAt on replies.
// - comments.deletedAt: an opening comment deleted while it has replies stays as "comment
//   deleted" so the thread keeps its shape; its text is emptied at once.
// - comments.answerAt: on a reply an admin marked as the thread's answer (one per thread), when.
// - comments.pinnedAt: on the one opening comment an admin pinned in its module, when.
// - discussionSettings: a person's choice to show their school next to their name (off until
//   they turn it on).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('comments', (t) => {
    t.integer('parentId').unsigned().nullable();
    t.integer('replyToUserId').unsigned().nullable();
    t.bigInteger('lastActivityAt').notNullable().defaultTo(0);
    t.bigInteger('deletedAt').nullable();
    t.bigInteger('answerAt').nullable();
    t.bigInteger('pinnedAt').nullable();
  });
  await knex.raw('UPDATE ?? SET ?? = ??', ['comments', 'lastActivityAt', 'createdAt']);
  await knex.schema.alterTable('comments', (t) => {
    t.index(['moduleId', 'parentId', 'createdAt', 'id'], 'comments_module_threads');
    t.index(['moduleId', 'parentId', 'lastActivityAt', 'id'], 'comments_module_activity');
    t.index(['parentId', 'createdAt'], 'comments_thread_replies');
  });
  await knex.schema.createTable('discussionSettings', (t) => {
    t.integer('userId').unsigned().notNullable().primary().references('id').inTable('users');
    t.boolean('showSchool').notNullable().defaultTo(false);
    t.bigInteger('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('discussionSettings');
  await knex.schema.alterTable('comments', (t) => {
    t.dropIndex(['moduleId', 'parentId', 'createdAt', 'id'], 'comments_module_threads');
    t.dropIndex(['moduleId', 'parentId', 'lastActivityAt', 'id'], 'comments_module_activity');
    t.dropIndex(['parentId', 'createdAt'], 'comments_thread_replies');
  });
  for (const column of ['pinnedAt', 'answerAt', 'deletedAt', 'lastActivityAt', 'replyToUserId', 'parentId']) await dropPlainColumn(knex, 'comments', column);
}

/** In place on SQLite (as 036 and 038 do): knex's table rebuild would cascade into the rows that reference it. */
async function dropPlainColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn(column);
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
