import type { Knex } from 'knex';

// Knowledge checks that prove something (issue 50 item 4).
// - quizzes.questionsPerAttempt: how many questions each attempt draws from the quiz's questions
//   (null: all of them); quizzes.questionCount from now on says how many an attempt asks.
// - quizzes.shuffleOptions: each attempt shows every question's options in its own order.
// - quizzes.retryWaitMinutes: after a failed attempt, the next one waits this long (0: no wait).
// - quizDraws: the questions (and option orders) served to a learner for their next attempt, one
//   row per learner and quiz, drawn on the server when the quiz is read and kept until an attempt
//   is submitted against it, so reloading never draws again and an attempt is graded only
//   against what was served.
// - quizAttempts.served: the questions and option orders the attempt was served (JSON of
//   {questionId, optionIds}[]); null for the attempts before, which were served every question
//   of their version in its order.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('quizzes', (t) => {
    t.integer('questionsPerAttempt').nullable();
    t.boolean('shuffleOptions').notNullable().defaultTo(false);
    t.integer('retryWaitMinutes').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('quizAttempts', (t) => {
    t.text('served').nullable();
  });
  await knex.schema.createTable('quizDraws', (t) => {
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.integer('quizId').unsigned().notNullable().references('id').inTable('quizzes');
    t.integer('versionId').unsigned().notNullable().references('id').inTable('quizVersions');
    t.text('served').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.primary(['userId', 'quizId']);
    t.index(['quizId'], 'quiz_draws_quiz');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quizDraws');
  await dropPlainColumn(knex, 'quizAttempts', 'served');
  await dropPlainColumn(knex, 'quizzes', 'retryWaitMinutes');
  await dropPlainColumn(knex, 'quizzes', 'shuffleOptions');
  await dropPlainColumn(knex, 'quizzes', 'questionsPerAttempt');
}

/** In place on SQLite (as 028 does): knex's table rebuild would cascade into the rows that reference it. */
async function dropPlainColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn(column);
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
