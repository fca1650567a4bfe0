import type { Knex } from 'knex';

// Groups inside a school or a trust ("Teaching assistants", "Office"): staff are put in them by
// hand or by the roster, and a course can be given to a group with a deadline rule (a date, and/or
// days from joining the group). A group belongs to one school or one trust (exactly one of the two
// columns). nameKey is the name folded for comparison (trimmed, spaces collapsed, lower case), so
// "Office" and " office " are the same group on both databases whatever their collation.
// groupInvites: the groups a roster invitation puts its person in when they accept it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('groups', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().nullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('trustId').unsigned().nullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('nameKey', 100).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.unique(['schoolId', 'nameKey']);
    t.unique(['trustId', 'nameKey']);
  });

  await knex.schema.createTable('groupMembers', (t) => {
    t.increments('id');
    t.integer('groupId').unsigned().notNullable().references('id').inTable('groups').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('joinedAt').notNullable();
    t.unique(['groupId', 'userId']);
    t.index(['userId']);
  });

  await knex.schema.createTable('groupCourses', (t) => {
    t.increments('id');
    t.integer('groupId').unsigned().notNullable().references('id').inTable('groups').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('completeByDay').nullable();
    t.integer('newStaffDays').nullable();
    t.integer('updatedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    // When the course was given to the group (kept when its rule changes): who was in the group
    // by then is existing staff, anyone who joins later is new staff for the rule's days.
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.unique(['groupId', 'courseId']);
    t.index(['courseId']);
  });

  await knex.schema.createTable('groupInvites', (t) => {
    t.increments('id');
    t.integer('inviteId').unsigned().notNullable().references('id').inTable('schoolInvites').onDelete('CASCADE');
    t.integer('groupId').unsigned().notNullable().references('id').inTable('groups').onDelete('CASCADE');
    t.unique(['inviteId', 'groupId']);
    t.index(['groupId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['groupInvites', 'groupCourses', 'groupMembers', 'groups']) await knex.schema.dropTableIfExists(table);
}
