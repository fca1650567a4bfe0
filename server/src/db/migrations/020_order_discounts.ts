import type { Knex } from 'knex';

// A discount an admin agrees with a school before its invoice is issued: a percentage (1–100)
// or an amount in the order currency's minor units, with the reason printed on the invoice, and
// who set it and when. The invoice's net, tax and gross are computed from it when it is issued.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('discountKind', 10).nullable();
    t.integer('discountValue').nullable();
    t.string('discountReason', 200).nullable();
    t.integer('discountSetBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('discountSetAt').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropForeign(['discountSetBy']);
  });
  await knex.schema.alterTable('orders', (t) => {
    for (const column of ['discountKind', 'discountValue', 'discountReason', 'discountSetBy', 'discountSetAt']) t.dropColumn(column);
  });
}
