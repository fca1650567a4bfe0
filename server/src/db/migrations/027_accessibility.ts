import type { Knex } from 'knex';

// The accessibility statement's free-text "known issues" note (the agency's own words, beside
// what the product lists itself), and each person's caption choice on the module page: whether
// captions are drawn over the video and in which language (null until they first choose).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accessibilitySettings', (t) => {
    t.text('knownIssues').nullable();
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('captionsOn').nullable();
    t.string('captionsLang', 35).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropPlainColumn(knex, 'users', 'captionsLang');
  await dropPlainColumn(knex, 'users', 'captionsOn');
  await dropPlainColumn(knex, 'accessibilitySettings', 'knownIssues');
}

/**
 * In place on SQLite: knex's table rebuild would drop `users` inside the migration's
 * transaction, and its cascades would empty progress, enrollments and certificates.
 */
async function dropPlainColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn(column);
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
