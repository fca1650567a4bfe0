import type { Knex } from 'knex';

// Timestamps are BIGINT milliseconds since the epoch: identical on SQLite and MySQL, no time zones.
// With knexSnakeCaseMappers, camelCase names here become snake_case columns.

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === 'mysql2';

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email', 254).notNullable().unique();
    t.string('passwordHash', 255).notNullable();
    t.string('firstName', 100).nullable();
    t.string('lastName', 100).nullable();
    t.string('company', 200).nullable();
    t.string('profileImageUrl', 500).nullable();
    t.string('role', 20).notNullable().defaultTo('learner');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['firstName']);
    t.index(['lastName']);
    t.index(['createdAt']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary();
    t.integer('userId').unsigned().nullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('data').notNullable();
    t.bigInteger('expiresAt').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['userId']);
    t.index(['expiresAt']);
  });

  await knex.schema.createTable('courses', (t) => {
    t.increments('id');
    t.string('title', 200).notNullable();
    t.text('description').notNullable();
    t.integer('price').notNullable().defaultTo(0);
    t.string('thumbnail', 1000).nullable();
    t.string('salesVideoId', 200).nullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });

  await knex.schema.createTable('modules', (t) => {
    t.increments('id');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('description').notNullable();
    t.string('vimeoVideoId', 32).notNullable();
    t.string('vimeoHash', 32).nullable();
    t.integer('duration').notNullable().defaultTo(0);
    t.integer('orderIndex').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['courseId', 'orderIndex']);
  });

  await knex.schema.createTable('enrollments', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('source', 20).notNullable().defaultTo('self');
    t.bigInteger('enrolledAt').notNullable();
    t.unique(['userId', 'courseId']);
    t.index(['courseId']);
  });

  await knex.schema.createTable('progress', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('moduleId').unsigned().notNullable().references('id').inTable('modules').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('watchedDuration').notNullable().defaultTo(0);
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('isCompleted').notNullable().defaultTo(false);
    t.bigInteger('completedAt').nullable();
    t.bigInteger('updatedAt').notNullable();
    t.unique(['userId', 'moduleId']);
    t.index(['userId', 'courseId']);
    t.index(['moduleId']);
    t.index(['courseId']);
  });

  await knex.schema.createTable('comments', (t) => {
    t.increments('id');
    t.integer('moduleId').unsigned().notNullable().references('id').inTable('modules').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('comment').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['moduleId', 'createdAt']);
    t.index(['userId']);
  });

  // Certificates keep the names they were issued under, so they stay verifiable when a course
  // is renamed or deleted.
  await knex.schema.createTable('certificates', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('courseId').unsigned().nullable().references('id').inTable('courses').onDelete('SET NULL');
    t.string('certificateNumber', 40).notNullable().unique();
    t.string('studentName', 220).notNullable();
    t.string('courseName', 200).notNullable();
    t.integer('completionPercentage').notNullable();
    t.bigInteger('completedAt').notNullable();
    t.bigInteger('issuedAt').notNullable();
    t.bigInteger('revokedAt').nullable();
    t.unique(['userId', 'courseId']);
    t.index(['courseId']);
  });

  await knex.schema.createTable('contactMessages', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('email', 254).notNullable();
    t.string('company', 200).nullable();
    t.string('phone', 50).nullable();
    t.text('message').notNullable();
    t.string('source', 20).notNullable().defaultTo('landing');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('handledAt').nullable();
    t.index(['createdAt']);
    t.index(['handledAt']);
  });

  await knex.schema.createTable('passwordResets', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('tokenHash', 64).notNullable().unique();
    t.bigInteger('expiresAt').notNullable();
    t.bigInteger('usedAt').nullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['userId']);
  });

  await knex.schema.createTable('avatars', (t) => {
    t.integer('userId').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    // A re-encoded 512 px image is well over MySQL's 64 KB BLOB in the worst case.
    t.specificType('data', mysql ? 'MEDIUMBLOB' : 'BLOB').notNullable();
    t.string('contentType', 50).notNullable();
    t.string('etag', 64).notNullable();
    t.bigInteger('updatedAt').notNullable();
  });

  await knex.schema.createTable('outbox', (t) => {
    t.increments('id');
    t.string('toAddress', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text').notNullable();
    t.string('status', 20).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('lastError').nullable();
    t.bigInteger('lockedUntil').nullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('sentAt').nullable();
    t.index(['status', 'createdAt']);
  });

  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('courseId').unsigned().nullable().references('id').inTable('courses').onDelete('SET NULL');
    t.string('provider', 20).notNullable().defaultTo('stripe');
    t.string('providerReference', 255).nullable().unique();
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 30).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['userId']);
    t.index(['courseId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'payments',
    'outbox',
    'avatars',
    'passwordResets',
    'contactMessages',
    'certificates',
    'comments',
    'progress',
    'enrollments',
    'modules',
    'courses',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
