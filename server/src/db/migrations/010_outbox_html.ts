import type { Knex } from 'knex';

// Every mail now has an HTML part beside its plain text, both rendered from one template when
// the mail is queued. Rows queued before this migration have none and go out as text only.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.text('html').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('html');
  });
}
