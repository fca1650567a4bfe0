import type { Knex } from 'knex';

// The rest of the CPD record (issue 59 items 3–5).
// - externalCpd.evidenceFileId / evidenceName: an optional evidence file on a self-reported entry
//   (a certificate of attendance, say), kept in the one file storage (storedFiles); the name is the
//   uploaded one with the sniffed type's extension. Only the entry's owner reads it.
// - transcriptShares: public links to a person's verified record. Only the SHA-256 of the token is
//   kept (the link is shown once, when it is made); revokedAt ends a link at once.
// - schoolCpdShares: a member lets their school (and its trust) see their whole verified record;
//   without it a school counts only what was completed while the person was its member.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('externalCpd', (t) => {
    t.integer('evidenceFileId').unsigned().nullable();
    t.string('evidenceName', 255).nullable();
  });
  await knex.schema.createTable('transcriptShares', (t) => {
    t.increments('id').primary();
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.string('tokenHash', 64).notNullable().unique();
    t.string('label', 100).notNullable().defaultTo('');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('revokedAt').nullable();
    t.index(['userId'], 'transcript_shares_user');
  });
  await knex.schema.createTable('schoolCpdShares', (t) => {
    t.increments('id').primary();
    t.integer('userId').unsigned().notNullable().references('id').inTable('users');
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools');
    t.bigInteger('sharedAt').notNullable();
    t.unique(['userId', 'schoolId'], { indexName: 'school_cpd_shares_user_school' });
    t.index(['schoolId'], 'school_cpd_shares_school');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('schoolCpdShares');
  await knex.schema.dropTable('transcriptShares');
  await knex.schema.alterTable('externalCpd', (t) => {
    t.dropColumn('evidenceName');
    t.dropColumn('evidenceFileId');
  });
}
