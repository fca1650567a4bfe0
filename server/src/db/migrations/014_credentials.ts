import type { Knex } from 'knex';

// Open Badges 3.0 credentials. Every public key that ever signed one is kept in credential_keys
// and published (retired, never deleted: a removed key would break every credential it signed).
// A learner's credential subject id, and a certificate's credential id and salted e-mail hash,
// are fixed the first time a credential is asked for, so every later copy says the same. They
// live in tables of their own: rebuilding users or certificates (SQLite's way of dropping a
// column on rollback) would cascade into the rows that reference them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credentialKeys', (t) => {
    t.increments('id');
    t.string('thumbprint', 64).notNullable().unique();
    t.string('alg', 10).notNullable();
    t.text('publicJwk').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('retiredAt').nullable();
  });
  await knex.schema.createTable('credentialSubjects', (t) => {
    t.integer('userId').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('subjectId', 45).notNullable().unique();
  });
  await knex.schema.createTable('certificateCredentials', (t) => {
    t.integer('certificateId').unsigned().primary().references('id').inTable('certificates').onDelete('CASCADE');
    t.string('credentialId', 45).notNullable().unique();
    t.string('subjectId', 45).notNullable();
    t.string('salt', 64).nullable();
    t.string('identityHash', 80).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('certificateCredentials');
  await knex.schema.dropTable('credentialSubjects');
  await knex.schema.dropTable('credentialKeys');
}
