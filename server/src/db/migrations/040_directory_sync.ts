import type { Knex } from 'knex';

// Directory sync over SCIM 2.0 (issue 56).
// - directoryTokens: bearer tokens a school's or a trust's managers create for their directory
//   (exactly one of schoolId / trustId). Only the SHA-256 of the secret is kept; lastUsedAt is
//   written at most once a minute; a revoked token is refused at once.
// - directoryPeople: a SCIM User, i.e. a person's place in one school as the directory sees it,
//   keyed by the address (lower case). userId is set once the place is an account (a member, or a
//   suspended member); an invited person has inviteId until they accept. A suspended member's
//   schoolMembers row is taken out (so every read of membership sees them as not a member) and
//   kept here (suspendedRole, suspendedJoinedAt) to be put back as it was on reactivation.
// - directoryGroups: the SCIM Groups a directory linked to a school's or trust's group, with the
//   directory's externalId.
// - directoryEvents: the sync log the managers read (added, invited, changed, suspended,
//   restored, removed, refused, with why).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('directoryTokens', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().nullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('trustId').unsigned().nullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.string('label', 100).notNullable();
    t.string('tokenHash', 64).notNullable().unique();
    t.integer('createdBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('lastUsedAt').nullable();
    t.bigInteger('revokedAt').nullable();
    t.index(['schoolId']);
    t.index(['trustId']);
  });

  await knex.schema.createTable('directoryPeople', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('externalId', 255).nullable();
    t.string('givenName', 100).nullable();
    t.string('familyName', 100).nullable();
    t.integer('userId').unsigned().nullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('inviteId').unsigned().nullable().references('id').inTable('schoolInvites').onDelete('SET NULL');
    t.boolean('active').notNullable().defaultTo(true);
    t.bigInteger('suspendedAt').nullable();
    t.string('suspendedRole', 20).nullable();
    t.bigInteger('suspendedJoinedAt').nullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.unique(['schoolId', 'email']);
    t.index(['schoolId', 'externalId']);
    t.index(['userId']);
  });

  await knex.schema.createTable('directoryGroups', (t) => {
    t.increments('id');
    t.integer('groupId').unsigned().notNullable().unique().references('id').inTable('groups').onDelete('CASCADE');
    t.string('externalId', 255).nullable();
    t.bigInteger('createdAt').notNullable();
  });

  await knex.schema.createTable('directoryEvents', (t) => {
    t.increments('id');
    t.integer('schoolId').unsigned().nullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('trustId').unsigned().nullable().references('id').inTable('trusts').onDelete('CASCADE');
    t.string('action', 20).notNullable();
    t.string('email', 254).nullable();
    t.string('detail', 300).notNullable();
    t.bigInteger('at').notNullable();
    t.index(['schoolId', 'at']);
    t.index(['trustId', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['directoryEvents', 'directoryGroups', 'directoryPeople', 'directoryTokens']) await knex.schema.dropTableIfExists(table);
}
