import type { Knex } from 'knex';

// Moving staff between the schools of a trust (issue 39 item 5). A move keeps the membership row
// (and so the person's progress, certificates and history, which hang off the user) and records
// when they moved and from where, so reports can show them at their school now with that date.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schoolMembers', (t) => {
    t.bigInteger('movedAt').nullable();
    t.integer('movedFromSchoolId').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schoolMembers', (t) => {
    t.dropColumn('movedFromSchoolId');
    t.dropColumn('movedAt');
  });
}
