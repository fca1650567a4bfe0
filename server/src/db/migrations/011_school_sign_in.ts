import type { Knex } from 'knex';

// School sign-in with Google / Microsoft and the staff roster upload.
// - userIdentities: a provider's subject linked to an Atrium account, so a later e-mail change
//   at the provider still finds the same account.
// - signInFlows: the state of a sign-in between the redirect to the provider and its callback
//   (nonce, PKCE verifier, where to go back), keyed by the hash of `state`, bound to the browser
//   that started it by the hash of a cookie, single-use, with an expiry.
// - schoolInvites.email: a personal invite made for one address by the roster upload, so a
//   second upload of the same file sees who is already invited.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('userIdentities', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('provider', 20).notNullable();
    t.string('subject', 255).notNullable();
    t.string('email', 254).nullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('lastUsedAt').nullable();
    t.unique(['provider', 'subject']);
    t.index(['userId']);
  });

  await knex.schema.createTable('signInFlows', (t) => {
    t.string('stateHash', 64).primary();
    t.string('browserHash', 64).notNullable();
    t.string('provider', 20).notNullable();
    t.string('nonce', 128).notNullable();
    t.string('codeVerifier', 128).notNullable();
    t.string('returnTo', 500).notNullable();
    // Set when a signed-in person links a provider from /profile: the account to link it to.
    t.integer('linkUserId').unsigned().nullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('expiresAt').notNullable();
    t.index(['expiresAt']);
  });

  await knex.schema.alterTable('schoolInvites', (t) => {
    t.string('email', 254).nullable();
    t.index(['schoolId', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schoolInvites', (t) => {
    t.dropIndex(['schoolId', 'email']);
    t.dropColumn('email');
  });
  await knex.schema.dropTableIfExists('signInFlows');
  await knex.schema.dropTableIfExists('userIdentities');
}
