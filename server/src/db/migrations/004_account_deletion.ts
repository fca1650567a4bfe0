import type { Knex } from 'knex';

// A deleted account keeps its row, anonymised, so its progress and comments stay consistent
// without pointing at a person (UK GDPR erasure); deletedAt records when.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('deletedAt').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deletedAt');
  });
}
