import type { Knex } from 'knex';

// Prices per currency (GBP stays in `price`), the visitor's chosen currency on the profile, the
// invoice details of an order and its issued invoice, and one numbering counter per year.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('courses', (t) => {
    t.integer('priceUsd').nullable();
    t.integer('priceEur').nullable();
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('currency', 3).nullable();
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('country', 2).nullable();
    t.text('billingAddress').nullable();
    t.string('vatNumber', 40).nullable();
    t.string('invoiceNumber', 20).nullable().unique();
    t.bigInteger('invoiceIssuedAt').nullable();
    t.integer('invoiceNet').nullable();
    t.integer('invoiceTax').nullable();
    t.integer('invoiceGross').nullable();
    t.integer('invoiceTaxRate').nullable();
    t.string('invoiceTaxNote', 300).nullable();
    t.integer('invoiceIssuedBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
  });
  // The next invoice number of each year, taken in the transaction that issues the invoice.
  await knex.schema.createTable('invoiceCounters', (t) => {
    t.integer('year').primary();
    t.integer('next').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoiceCounters');
  await knex.schema.alterTable('orders', (t) => {
    t.dropForeign(['invoiceIssuedBy']);
    t.dropUnique(['invoiceNumber']);
  });
  await knex.schema.alterTable('orders', (t) => {
    for (const column of [
      'country',
      'billingAddress',
      'vatNumber',
      'invoiceNumber',
      'invoiceIssuedAt',
      'invoiceNet',
      'invoiceTax',
      'invoiceGross',
      'invoiceTaxRate',
      'invoiceTaxNote',
      'invoiceIssuedBy',
    ]) {
      t.dropColumn(column);
    }
  });
  // users and courses are referenced with cascades: their plain columns go in place (below).
  await dropPlainColumn(knex, 'users', 'currency');
  await dropPlainColumn(knex, 'courses', 'priceUsd');
  await dropPlainColumn(knex, 'courses', 'priceEur');
}

/**
 * SQLite drops a plain column in place. knex's table rebuild would drop the table inside the
 * migration's transaction, where foreign keys cannot be switched off, and the cascades from
 * `users` and `courses` would empty progress, enrollments and certificates.
 */
async function dropPlainColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn(column);
    });
  } else {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
