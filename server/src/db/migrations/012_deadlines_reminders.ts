import type { Knex } from 'knex';

// Deadlines per school and course, course validity (renewal), the reminders already sent (their
// unique key makes a second send impossible), who unsubscribed from which category, the
// scheduler's job leases, and the headers a queued mail carries (List-Unsubscribe).
// Days are whole UTC days since 1970-01-01, so deadline arithmetic is integer arithmetic in SQL
// on both databases.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schoolDeadlines', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('completeByDay').nullable();
    t.integer('newStaffDays').nullable();
    t.integer('updatedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('updatedAt').notNullable();
    t.unique(['schoolId', 'courseId']);
    t.index(['courseId']);
  });

  await knex.schema.alterTable('courses', (t) => {
    t.integer('validityMonths').nullable();
  });

  await knex.schema.createTable('remindersSent', (t) => {
    t.bigIncrements('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // 0 for mail about no one course (the managers' digest); no foreign key, so a deleted course
    // keeps its history and the key.
    t.integer('courseId').unsigned().notNullable();
    t.string('kind', 20).notNullable();
    t.integer('dueDay').notNullable();
    t.string('runId', 32).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.unique(['userId', 'courseId', 'kind', 'dueDay']);
    t.index(['runId']);
  });

  await knex.schema.createTable('unsubscribes', (t) => {
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('category', 20).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.primary(['userId', 'category']);
  });

  await knex.schema.createTable('schedulerJobs', (t) => {
    t.string('name', 40).primary();
    t.bigInteger('nextRunAt').notNullable();
    t.bigInteger('leaseUntil').nullable();
    t.string('leaseOwner', 64).nullable();
    t.bigInteger('lastStartedAt').nullable();
    t.bigInteger('lastFinishedAt').nullable();
    t.bigInteger('lastSuccessAt').nullable();
    t.integer('failures').notNullable().defaultTo(0);
    t.integer('totalFailures').notNullable().defaultTo(0);
    t.text('lastError').nullable();
    t.integer('lastSent').notNullable().defaultTo(0);
  });

  await knex.schema.alterTable('outbox', (t) => {
    t.text('headers').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('headers');
  });
  for (const table of ['schedulerJobs', 'unsubscribes', 'remindersSent', 'schoolDeadlines']) {
    await knex.schema.dropTableIfExists(table);
  }
  await dropPlainColumn(knex, 'courses', 'validityMonths');
}

/**
 * SQLite drops a plain column in place. knex's table rebuild would drop `courses` inside the
 * migration's transaction, where foreign keys cannot be switched off, and its cascades would empty
 * modules and progress.
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
