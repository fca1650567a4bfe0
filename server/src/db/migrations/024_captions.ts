import type { Knex } from 'knex';

// Caption tracks (WebVTT, ≤ 1 MB each, so kept in the database beside their module: one per
// module and language), and the parts of the accessibility statement that are the agency's to
// say (one row, id 1, written the first time an admin saves it).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('captions', (t) => {
    t.increments('id');
    t.integer('moduleId').unsigned().notNullable().references('id').inTable('modules').onDelete('CASCADE');
    t.string('lang', 35).notNullable();
    t.string('label', 100).notNullable();
    // MySQL's TEXT stops at 64 KB; a track may be 1 MB.
    t.text('vtt', 'mediumtext').notNullable();
    t.integer('cueCount').notNullable();
    t.string('sourceFormat', 3).notNullable();
    t.integer('uploadedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.unique(['moduleId', 'lang']);
  });
  await knex.schema.createTable('accessibilitySettings', (t) => {
    t.integer('id').unsigned().primary();
    t.string('contactEmail', 254).nullable();
    t.string('contactPhone', 50).nullable();
    t.integer('responseDays').notNullable();
    t.string('testedOn', 10).nullable();
    t.string('testedBy', 500).nullable();
    t.integer('updatedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('accessibilitySettings');
  await knex.schema.dropTableIfExists('captions');
}
