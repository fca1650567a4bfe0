import type { Knex } from 'knex';

// Assignments (issue 37, ASSIGN-CONTRACT.md): work a learner submits for review as a course step.
// - assignments: placed after a module (afterModuleId) or at the end (null), like quizzes;
//   deleting one sets deletedAt only, so its submissions keep their history.
// - submissions: one row per round of a learner's work. A round is a draft until submitted; a
//   resubmission after "changes requested" is the next round, so earlier rounds stay as history.
//   At most one draft per learner and assignment: drafts are created and submitted only inside
//   transactions that lock the learner's assignmentResults row (see commands/submissions.ts).
// - submissionFiles: the files of a round; their bytes are storedFiles (the one storage table),
//   released when the round goes (account erasure, course deletion, a file removed from a draft).
// - assignmentResults: per learner and assignment, the latest round's status and whether the step
//   is complete, kept by the commands in the same transaction, so course pages, the dashboard and
//   reports read one indexed row (like quizResults).
// - schools.managersSeeSubmissions: the school lets its managers see its members' submissions.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schools', (t) => {
    t.boolean('managersSeeSubmissions').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('assignments', (t) => {
    t.increments('id').primary();
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses');
    t.integer('afterModuleId').unsigned().nullable();
    t.string('title', 200).notNullable();
    t.text('instructions').notNullable();
    t.string('accepts', 100).notNullable();
    t.integer('maxFiles').notNullable();
    t.boolean('approvalRequired').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.bigInteger('deletedAt').nullable();
    t.index(['courseId', 'deletedAt'], 'assignments_course');
  });
  await knex.schema.createTable('submissions', (t) => {
    t.increments('id').primary();
    t.integer('assignmentId').unsigned().notNullable().references('id').inTable('assignments');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.integer('courseId').unsigned().notNullable();
    t.integer('round').notNullable();
    t.string('status', 20).notNullable();
    t.string('note', 2000).nullable();
    t.string('link', 2000).nullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('submittedAt').nullable();
    t.bigInteger('withdrawnAt').nullable();
    t.bigInteger('reviewedAt').nullable();
    t.integer('reviewerId').unsigned().nullable();
    t.text('feedback').nullable();
    t.unique(['userId', 'assignmentId', 'round'], { indexName: 'submissions_user_assignment_round' });
    t.index(['assignmentId', 'status'], 'submissions_assignment_status');
    t.index(['status', 'submittedAt'], 'submissions_status_submitted');
    t.index(['courseId'], 'submissions_course');
  });
  await knex.schema.createTable('submissionFiles', (t) => {
    t.increments('id').primary();
    t.integer('submissionId').unsigned().notNullable().references('id').inTable('submissions');
    t.integer('fileId').unsigned().notNullable().references('id').inTable('storedFiles');
    t.string('originalName', 255).notNullable();
    t.string('kind', 10).notNullable();
    t.string('feedback', 2000).nullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['submissionId'], 'submission_files_submission');
    t.index(['fileId'], 'submission_files_file');
  });
  await knex.schema.createTable('assignmentResults', (t) => {
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.integer('assignmentId').unsigned().notNullable().references('id').inTable('assignments');
    t.integer('courseId').unsigned().notNullable();
    t.string('status', 20).notNullable();
    t.boolean('completed').notNullable();
    t.integer('round').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.primary(['userId', 'assignmentId']);
    t.index(['userId', 'courseId'], 'assignment_results_user_course');
    t.index(['assignmentId'], 'assignment_results_assignment');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('assignmentResults');
  await knex.schema.dropTable('submissionFiles');
  await knex.schema.dropTable('submissions');
  await knex.schema.dropTable('assignments');
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable('schools', (t) => {
      t.dropColumn('managersSeeSubmissions');
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['schools', 'managersSeeSubmissions']);
  }
}
