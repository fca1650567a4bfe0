import type { Knex } from 'knex';

// OneRoster bundles and trust-wide school keys (issue 56 item 4; CONTRACT "directory sync").
// - directoryPeople.source: who keeps the place, 'scim' (a SCIM directory) or 'oneroster' (an
//   uploaded OneRoster 1.2 CSV bundle). A bundle suspends only the people a bundle added: absent
//   from the next bundle, a 'oneroster' place is suspended (as SCIM's `active: false`); people
//   added by hand or by SCIM are never touched by a bundle.
// - directoryPeople.sourcedId: the person's sourcedId in the bundle's users.csv.
// - schools.scimKey: the key a trust's directory names the school by (the enterprise extension's
//   `organization` in SCIM, an org's sourcedId in a OneRoster bundle), besides the school's name.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('directoryPeople', (t) => {
    t.string('source', 12).notNullable().defaultTo('scim');
    t.string('sourcedId', 255).nullable();
    t.index(['schoolId', 'source'], 'directory_people_school_source');
  });
  await knex.schema.alterTable('schools', (t) => {
    t.string('scimKey', 100).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  // Plain ALTER TABLE … DROP COLUMN on both databases (SQLite 3.35+): knex's SQLite way copies the
  // table into a new one and renames it, which the triggers naming schools refuse.
  await knex.schema.alterTable('directoryPeople', (t) => {
    t.dropIndex(['schoolId', 'source'], 'directory_people_school_source');
  });
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['schools', 'scimKey']);
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['directoryPeople', 'sourcedId']);
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['directoryPeople', 'source']);
}
