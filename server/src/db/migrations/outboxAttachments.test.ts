import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { migrateLatest, rollbackThrough } from '../migrate.ts';

let test: TestDatabase;

beforeAll(async () => {
  // Migrated here, not copied from the run's template: these tests roll migrations back and run them again.
  test = await createTestDatabase({ fromScratch: true });
});
afterAll(async () => {
  await test.destroy();
});

describe('019_outbox_attachments', () => {
  it('adds the attachments column, and its down removes it keeping the queued mail', async () => {
    expect(await test.db.schema.hasColumn('outbox', 'attachments')).toBe(true);
    await test
      .db('outbox')
      .insert({ toAddress: 'a@b.test', subject: 'Kept', text: 'x', status: 'pending', attempts: 0, createdAt: Date.now(), attachments: '[]' });
    await rollbackThrough(test.db, '019_outbox_attachments');
    expect(await test.db.schema.hasColumn('outbox', 'attachments')).toBe(false);
    expect(await test.db('outbox').where({ subject: 'Kept' }).select('toAddress')).toEqual([{ toAddress: 'a@b.test' }]);
    await migrateLatest(test.db);
    expect(await test.db.schema.hasColumn('outbox', 'attachments')).toBe(true);
  });
});
