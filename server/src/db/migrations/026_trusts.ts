import type { Knex } from 'knex';

// Trusts (multi-academy trusts, US districts): one account over many schools. A school belongs
// to at most one trust (schools.trustId). Trust managers are their own table (a person manages at
// most one trust), invited by e-mail like school staff. A trust's licence covers every school in
// it, also schools attached later; a trust's deadline is the latest date its schools may set.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trusts', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['name']);
  });

  // Plain columns with an index, no foreign key: SQLite drops such a column in place (down), where
  // a key would make knex rebuild `schools` and its cascades empty the members. Trusts are never
  // deleted, and detaching clears the column.
  await knex.schema.alterTable('schools', (t) => {
    t.integer('trustId').unsigned().nullable();
    t.index(['trustId'], 'schools_trust_id_index');
  });

  await knex.schema.createTable('trustManagers', (t) => {
    t.increments('id');
    t.integer('trustId').unsigned().notNullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('joinedAt').notNullable();
    t.unique(['userId']);
    t.index(['trustId']);
  });

  await knex.schema.createTable('trustInvites', (t) => {
    t.increments('id');
    t.integer('trustId').unsigned().notNullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('tokenHash', 64).notNullable().unique();
    t.integer('createdBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('expiresAt').notNullable();
    t.bigInteger('acceptedAt').nullable();
    t.bigInteger('revokedAt').nullable();
    t.index(['trustId']);
  });

  await knex.schema.createTable('trustLicences', (t) => {
    t.increments('id');
    t.integer('trustId').unsigned().notNullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.string('source', 20).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('revokedAt').nullable();
    t.unique(['trustId', 'courseId']);
    t.index(['courseId']);
  });

  await knex.schema.createTable('trustDeadlines', (t) => {
    t.increments('id');
    t.integer('trustId').unsigned().notNullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('completeByDay').nullable();
    t.integer('newStaffDays').nullable();
    t.integer('updatedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('updatedAt').notNullable();
    t.unique(['trustId', 'courseId']);
    t.index(['courseId']);
  });

  // A purchase made for a trust licenses the trust once paid (a plain column, like schools').
  for (const table of ['payments', 'orders']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('trustId').unsigned().nullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schools', (t) => {
    t.dropIndex(['trustId'], 'schools_trust_id_index');
  });
  for (const table of ['orders', 'payments', 'schools']) {
    if (knex.client.config.client === 'mysql2') {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('trustId');
      });
    } else {
      await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, 'trustId']);
    }
  }
  for (const table of ['trustDeadlines', 'trustLicences', 'trustInvites', 'trustManagers', 'trusts']) {
    await knex.schema.dropTableIfExists(table);
  }
}
