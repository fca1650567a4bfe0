import type { Knex } from 'knex';

// A personal CPD record (issue 59 item 3).
// - externalCpd: training a person did elsewhere and reported themselves (title, provider, the
//   day it was completed, hours in whole quarter hours). Self-reported: it is shown on their
//   transcript apart from the certificates and is never part of the verified record. Exported in
//   "Download my data" and deleted with the account.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('externalCpd', (t) => {
    t.increments('id').primary();
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.string('title', 200).notNullable();
    t.string('provider', 200).notNullable();
    t.string('completedOn', 10).notNullable();
    t.integer('quarterHours').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.index(['userId', 'completedOn'], 'external_cpd_user');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('externalCpd');
}
