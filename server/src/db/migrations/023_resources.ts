import type { Knex } from 'knex';

// Course resources (issue 36): files an admin attaches to a course or to one of its modules.
// - storedFiles: one row per object in the file storage (disk or S3): its key there, the type
//   sniffed from its bytes, its length and SHA-256. Other features (assignments, captions)
//   reference the same table; an object is deleted once no row references it any more.
// - resources: a stored file shown on a course page (moduleId null) or a module page, with its
//   title, description, the file name it is downloaded as, and its place in that list.
// No cascades: deleting a course or module deletes its resources by explicit statements in the
// same transaction, and then the files they were the last reference to.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('storedFiles', (t) => {
    t.increments('id').primary();
    t.string('storageKey', 200).notNullable().unique();
    t.string('contentType', 120).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.bigInteger('createdAt').notNullable();
  });
  await knex.schema.createTable('resources', (t) => {
    t.increments('id').primary();
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses');
    t.integer('moduleId').unsigned().nullable().references('id').inTable('modules');
    t.integer('fileId').unsigned().notNullable().references('id').inTable('storedFiles');
    t.string('title', 200).notNullable();
    t.string('description', 1000).notNullable().defaultTo('');
    t.string('fileName', 255).notNullable();
    t.integer('position').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['courseId', 'moduleId', 'position'], 'resources_course_module_position');
    t.index(['moduleId'], 'resources_module');
    t.index(['fileId'], 'resources_file');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('resources');
  await knex.schema.dropTable('storedFiles');
}
