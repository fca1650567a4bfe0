import type { Knex } from 'knex';

// A school may restrict Google sign-in with addresses on one of its proven domains to its Google
// Workspace: `googleWorkspaceDomain` is the Workspace's primary domain, which Google puts in the
// id token's `hd` claim for accounts the Workspace manages (and leaves out for a personal Google
// account someone opened with a school address). NULL: no restriction.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schoolDomains', (t) => {
    t.string('googleWorkspaceDomain', 253).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable('schoolDomains', (t) => {
      t.dropColumn('googleWorkspaceDomain');
    });
  } else {
    // In place: knex would rebuild the table for a dropped column.
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['schoolDomains', 'googleWorkspaceDomain']);
  }
}
