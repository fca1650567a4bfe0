import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.string('idempotencyKey', 120).nullable();
    t.text('failureMessage').nullable();
    t.bigInteger('paidAt').nullable();
    t.bigInteger('refundedAt').nullable();
    t.integer('amountRefunded').notNullable().defaultTo(0);
    t.index(['userId', 'courseId', 'status']);
  });

  // Every webhook event handled, keyed on Stripe's event id: a redelivery finds its row and
  // changes nothing.
  await knex.schema.createTable('paymentEvents', (t) => {
    t.increments('id');
    t.string('eventId', 255).notNullable().unique();
    t.string('type', 100).notNullable();
    t.string('providerReference', 255).nullable();
    t.bigInteger('receivedAt').notNullable();
    t.index(['providerReference']);
  });

  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('courseId').unsigned().nullable().references('id').inTable('courses').onDelete('SET NULL');
    t.string('courseTitle', 200).notNullable();
    t.string('schoolName', 200).notNullable();
    t.string('billingEmail', 254).notNullable();
    t.string('purchaseOrderNumber', 100).nullable();
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 20).notNullable().defaultTo('requested');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('paidAt').nullable();
    t.integer('markedPaidBy').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.index(['userId']);
    t.index(['status', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('orders');
  await knex.schema.dropTableIfExists('paymentEvents');
  await knex.schema.alterTable('payments', (t) => {
    t.dropIndex(['userId', 'courseId', 'status']);
    t.dropColumn('idempotencyKey');
    t.dropColumn('failureMessage');
    t.dropColumn('paidAt');
    t.dropColumn('refundedAt');
    t.dropColumn('amountRefunded');
  });
}
