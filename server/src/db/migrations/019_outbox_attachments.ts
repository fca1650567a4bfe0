import type { Knex } from 'knex';

// A mail may carry attachments (the invoice PDF on issue, the receipt PDF on payment). The
// outbox keeps a reference per attachment, {filename, contentType, source: {kind, orderId}},
// as JSON: the sender regenerates the PDF when it delivers, so the outbox holds no megabytes of
// PDF and no second copy of the buyer's address and tax number.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.text('attachments').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('attachments');
  });
}
