import type { Knex } from 'knex';

// Knowledge checks (issue 36 items 1–4).
// - courses.passMark (percent, default 80) and courses.quizRequired (the certificate needs the
//   final quiz passed; off by default, so a course behaves as before).
// - quizzes: a quiz placed after a module (afterModuleId) or at the end (null). Deleting one sets
//   deletedAt only, so its attempts and the certificates issued on them keep their history.
// - quizVersions: each edit stores the whole question list as an immutable JSON snapshot; a quiz
//   points at its current version, attempts at the version they answered.
// - quizAttempts: the learner's answers (JSON), score, and the pass mark they were graded against.
// - quizResults: per learner and quiz, the best score, whether it ever passed and the attempt
//   count, kept by the attempt command in the attempt's transaction, so the dashboard, course
//   pages and reports read one indexed row instead of scanning attempts.
// - certificates.quizScore: the final quiz's best score when the certificate was issued.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    t.integer('passMark').notNullable().defaultTo(80);
    t.boolean('quizRequired').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('certificates', (t) => {
    t.integer('quizScore').nullable();
  });
  await knex.schema.createTable('quizzes', (t) => {
    t.increments('id').primary();
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses');
    t.integer('afterModuleId').unsigned().nullable();
    t.string('title', 200).notNullable();
    t.integer('version').notNullable();
    t.integer('questionCount').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.bigInteger('deletedAt').nullable();
    t.index(['courseId', 'deletedAt'], 'quizzes_course');
  });
  await knex.schema.createTable('quizVersions', (t) => {
    t.increments('id').primary();
    t.integer('quizId').unsigned().notNullable().references('id').inTable('quizzes');
    t.integer('version').notNullable();
    t.text('questions').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.unique(['quizId', 'version'], { indexName: 'quiz_versions_quiz_version' });
  });
  await knex.schema.createTable('quizAttempts', (t) => {
    t.increments('id').primary();
    t.integer('quizId').unsigned().notNullable().references('id').inTable('quizzes');
    t.integer('versionId').unsigned().notNullable().references('id').inTable('quizVersions');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.integer('courseId').unsigned().notNullable();
    t.text('answers').notNullable();
    t.integer('score').notNullable();
    t.integer('correctCount').notNullable();
    t.integer('questionCount').notNullable();
    t.integer('passMark').notNullable();
    t.boolean('passed').notNullable();
    t.bigInteger('submittedAt').notNullable();
    t.index(['userId', 'quizId', 'id'], 'quiz_attempts_user_quiz');
    t.index(['quizId'], 'quiz_attempts_quiz');
  });
  await knex.schema.createTable('quizResults', (t) => {
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.integer('quizId').unsigned().notNullable().references('id').inTable('quizzes');
    t.integer('courseId').unsigned().notNullable();
    t.integer('bestScore').notNullable();
    t.boolean('passed').notNullable();
    t.integer('attemptCount').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.primary(['userId', 'quizId']);
    t.index(['userId', 'courseId'], 'quiz_results_user_course');
    t.index(['quizId'], 'quiz_results_quiz');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quizResults');
  await knex.schema.dropTable('quizAttempts');
  await knex.schema.dropTable('quizVersions');
  await knex.schema.dropTable('quizzes');
  await dropPlainColumn(knex, 'certificates', 'quizScore');
  await dropPlainColumn(knex, 'courses', 'quizRequired');
  await dropPlainColumn(knex, 'courses', 'passMark');
}

/**
 * In place on SQLite: knex's table rebuild would drop the table inside the migration's
 * transaction, and its cascades would empty the rows that reference it.
 */
async function dropPlainColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn(column);
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
