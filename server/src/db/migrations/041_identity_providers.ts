import type { Knex } from 'knex';

// Sign-in with a school's or trust's own identity provider (issue 57).
// - identityProviders: one connection per school or per trust (exactly one of schoolId / trustId
//   is set; each unique). A SAML connection keeps the IdP's entity ID, its single sign-on URL and
//   its signing certificate(s) in PEM, with the earliest expiry among them; an OIDC connection
//   keeps the issuer, the client id and the client secret. `required` turns other sign-ins off
//   for addresses on the organisation's proven domains (never for admins).
// - ssoAssertions: the IDs of SAML assertions already used (hashed), per connection, until
//   shortly after they expire, so a captured response cannot be posted a second time.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('identityProviders', (t) => {
    t.increments('id').primary();
    t.integer('schoolId').unsigned().nullable().unique().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('trustId').unsigned().nullable().unique().references('id').inTable('trusts').onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.string('entityId', 1000).nullable();
    t.string('ssoUrl', 1000).nullable();
    t.text('certificates').nullable();
    t.bigInteger('certificateExpiresAt').nullable();
    t.string('issuer', 1000).nullable();
    t.string('clientId', 255).nullable();
    t.string('clientSecret', 1000).nullable();
    t.boolean('required').notNullable().defaultTo(false);
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });

  await knex.schema.createTable('ssoAssertions', (t) => {
    t.increments('id').primary();
    t.integer('connectionId').unsigned().notNullable().references('id').inTable('identityProviders').onDelete('CASCADE');
    t.string('assertionHash', 64).notNullable();
    t.bigInteger('expiresAt').notNullable();
    t.unique(['connectionId', 'assertionHash']);
    t.index(['expiresAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ssoAssertions');
  await knex.schema.dropTableIfExists('identityProviders');
}
