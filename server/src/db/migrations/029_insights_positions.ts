import type { Knex } from 'knex';

// Each module's mean resume point, as the hourly insights-rollup job last computed it: the
// retention chart reads one row by key instead of averaging thousands of progress rows (about
// 5,000 per module at 3 M rows, half a second of random reads on MariaDB with a cold cache).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('insightsModulePositions', (t) => {
    t.integer('moduleId').unsigned().notNullable().primary().references('id').inTable('modules').onDelete('CASCADE');
    t.double('averagePosition').notNullable();
    t.integer('learners').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('insightsModulePositions');
}
