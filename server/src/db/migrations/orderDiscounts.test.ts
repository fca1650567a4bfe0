import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createUser } from '../../test/factories.ts';
import { migrateLatest, rollbackThrough } from '../migrate.ts';

let test: TestDatabase;

beforeAll(async () => {
  // Migrated here, not copied from the run's template: these tests roll migrations back and run them again.
  test = await createTestDatabase({ fromScratch: true });
});
afterAll(async () => {
  await test.destroy();
});

// hasColumn reads the database's own spelling.
const COLUMNS = ['discount_kind', 'discount_value', 'discount_reason', 'discount_set_by', 'discount_set_at'];

describe('020_order_discounts', () => {
  it('adds the discount columns, and its down removes them keeping the orders', async () => {
    for (const column of COLUMNS) expect(await test.db.schema.hasColumn('orders', column)).toBe(true);
    const buyer = await createUser(test.db);
    await test.db('orders').insert({
      userId: buyer.id,
      courseTitle: 'Kept',
      schoolName: 'Oak',
      billingEmail: 'o@oak.test',
      amount: 49900,
      currency: 'gbp',
      status: 'requested',
      createdAt: Date.now(),
      discountKind: 'percent',
      discountValue: 10,
      discountReason: 'A trust of five schools',
      discountSetBy: buyer.id,
      discountSetAt: Date.now(),
    });
    await rollbackThrough(test.db, '020_order_discounts');
    for (const column of COLUMNS) expect(await test.db.schema.hasColumn('orders', column)).toBe(false);
    expect(await test.db('orders').where({ courseTitle: 'Kept' }).select('amount')).toEqual([{ amount: 49900 }]);
    await migrateLatest(test.db);
    for (const column of COLUMNS) expect(await test.db.schema.hasColumn('orders', column)).toBe(true);
  });
});
