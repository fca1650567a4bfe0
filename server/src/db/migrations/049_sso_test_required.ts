import type { Knex } from 'knex';

// A school's own sign-in, tested and then required (issue 57).
// - identityProviders.lastTest*: the last "Test sign-in" a manager ran through the connection:
//   when, whether it would have signed the person in, and what came back (the address and name,
//   or the failed check's code and detail) as JSON. Saving other settings clears it.
// - signInFlows.testedBy: the manager running a test; that flow's answer signs nobody in.
// `required` (041) may be turned on only after a test passed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identityProviders', (t) => {
    t.bigInteger('lastTestAt').nullable();
    t.boolean('lastTestOk').nullable();
    t.text('lastTestResult').nullable();
  });
  await knex.schema.alterTable('signInFlows', (t) => {
    t.integer('testedBy').unsigned().nullable();
  });
}

// Plain DROP COLUMN: knex's SQLite copy-and-rename would trip the triggers that name other tables.
export async function down(knex: Knex): Promise<void> {
  for (const column of ['lastTestAt', 'lastTestOk', 'lastTestResult']) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['identityProviders', column]);
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['signInFlows', 'testedBy']);
}
