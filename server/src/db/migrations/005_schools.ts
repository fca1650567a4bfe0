import type { Knex } from 'knex';

// Schools (organisations), their members, verified e-mail domains, course licences and invite
// links; e-mail verification for learners. A person belongs to at most one school (unique
// userId in schoolMembers): "my school" and "access through <school>" then have one answer.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('emailVerifiedAt').nullable();
  });

  await knex.schema.createTable('schools', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('country', 2).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['name']);
  });

  await knex.schema.createTable('schoolMembers', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('role', 20).notNullable().defaultTo('member');
    t.bigInteger('joinedAt').notNullable();
    t.unique(['userId']);
    t.unique(['schoolId', 'userId']);
  });

  await knex.schema.createTable('schoolDomains', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.string('domain', 253).notNullable().unique();
    t.bigInteger('verifiedAt').nullable();
    t.integer('verifiedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('createdAt').notNullable();
    t.index(['schoolId']);
  });

  await knex.schema.createTable('schoolLicences', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('source', 20).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('revokedAt').nullable();
    t.unique(['schoolId', 'courseId']);
    t.index(['courseId']);
  });

  await knex.schema.createTable('schoolInvites', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.string('tokenHash', 64).notNullable().unique();
    t.integer('createdBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('expiresAt').nullable();
    t.integer('maxUses').nullable();
    t.integer('uses').notNullable().defaultTo(0);
    t.bigInteger('revokedAt').nullable();
    t.index(['schoolId']);
  });

  await knex.schema.createTable('emailVerifications', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('tokenHash', 64).notNullable().unique();
    t.bigInteger('expiresAt').notNullable();
    t.bigInteger('usedAt').nullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['userId']);
  });

  // A purchase made for a school licenses it once paid.
  for (const table of ['payments', 'orders']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('schoolId').unsigned().nullable().references('id').inTable('schools').onDelete('SET NULL');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['orders', 'payments']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(['schoolId']);
      t.dropColumn('schoolId');
    });
  }
  for (const table of ['emailVerifications', 'schoolInvites', 'schoolLicences', 'schoolDomains', 'schoolMembers', 'schools']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('emailVerifiedAt');
  });
}
