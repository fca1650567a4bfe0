import type { Knex } from 'knex';

// Two columns MariaDB held narrower than what the API accepts (SQLite does not enforce widths):
// - quiz_versions.questions: a knowledge check at its largest (50 questions of 8 answers, every
//   text at its limit) is about 350,000 characters of JSON, up to 1.4 MB in UTF-8; TEXT holds
//   64 KB. MEDIUMTEXT holds 16 MB.
// - groups.name_key: a name folded for comparison grows when lower-cased (`İ` is `i` and a
//   combining dot), so a 100-character name can need 200.
//
// Frozen SQL: a migration imports nothing from live code.

const mysqlOf = (knex: Knex) => knex.client.config.client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  if (!mysqlOf(knex)) return;
  await knex.raw('alter table quiz_versions modify questions mediumtext not null');
  await knex.raw('alter table `groups` modify name_key varchar(200) not null');
}

export async function down(knex: Knex): Promise<void> {
  if (!mysqlOf(knex)) return;
  await knex.raw('alter table `groups` modify name_key varchar(100) not null');
  await knex.raw('alter table quiz_versions modify questions text not null');
}
