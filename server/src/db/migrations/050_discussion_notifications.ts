import type { Knex } from 'knex';

// Hearing back from a module's discussion (issue 58 item 4).
// - commentFollows: who follows a thread (its opening comment): its author and everyone who
//   replied, from their post on, and anyone who pressed Follow; `following` false once they
//   stopped. `pendingAt` is set when someone else replies and cleared when the reply e-mail goes;
//   `notifiedAt` (the last e-mail) keeps it to one an hour per thread, and `notifiedUpToId` is
//   the last reply that e-mail named.
// - discussionSettings.repliesSeenAt: when the person last opened the header's bell.
// - comments_reply_to: the bell's look-up of replies written under a person's reply.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('commentFollows', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('threadId').unsigned().notNullable().references('id').inTable('comments').onDelete('CASCADE');
    t.boolean('following').notNullable().defaultTo(true);
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('pendingAt').nullable();
    t.bigInteger('notifiedAt').nullable();
    t.integer('notifiedUpToId').unsigned().notNullable().defaultTo(0);
    t.unique(['userId', 'threadId']);
    t.index(['threadId']);
    t.index(['pendingAt'], 'comment_follows_pending');
  });
  await knex.schema.alterTable('discussionSettings', (t) => {
    t.bigInteger('repliesSeenAt').nullable();
  });
  await knex.schema.alterTable('comments', (t) => {
    t.index(['replyToUserId', 'createdAt'], 'comments_reply_to');
  });
}

// Plain DROP COLUMN: knex's SQLite copy-and-rename would cascade into the rows that reference it.
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('comments', (t) => {
    t.dropIndex(['replyToUserId', 'createdAt'], 'comments_reply_to');
  });
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['discussionSettings', 'repliesSeenAt']);
  await knex.schema.dropTable('commentFollows');
}
