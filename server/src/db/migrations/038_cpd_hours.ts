import type { Knex } from 'knex';

// A course's professional-development value (issue 59).
// - courses.cpdQuarterHours: the CPD hours a completion is worth, in whole quarter hours (5 =
//   1.25 hours), so totals add up exactly; null: not set.
// - courses.ceuHundredths: continuing education units in hundredths (15 = 0.15 CEUs); null: none.
// - courses.cpdStandards: the standards or frameworks it maps to, a JSON array of free-text tags;
//   null: none.
// - certificates.cpdQuarterHours, certificates.ceuHundredths: the course's value when the
//   certificate was issued, so a certificate keeps what it said when the course changes (null:
//   issued before hours were set, and it says none).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    t.integer('cpdQuarterHours').nullable();
    t.integer('ceuHundredths').nullable();
    t.text('cpdStandards').nullable();
  });
  await knex.schema.alterTable('certificates', (t) => {
    t.integer('cpdQuarterHours').nullable();
    t.integer('ceuHundredths').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of [
    ['certificates', 'ceuHundredths'],
    ['certificates', 'cpdQuarterHours'],
    ['courses', 'cpdStandards'],
    ['courses', 'ceuHundredths'],
    ['courses', 'cpdQuarterHours'],
  ] as const)
    await dropPlainColumn(knex, table, column);
}

/** In place on SQLite (as 028 and 036 do): knex's table rebuild would cascade into the rows that reference it. */
async function dropPlainColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn(column);
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
