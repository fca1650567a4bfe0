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

const TABLES = ['trusts', 'trust_managers', 'trust_invites', 'trust_licences', 'trust_deadlines'];

describe('026_trusts', () => {
  it('adds the trust tables and columns, and its down removes them keeping schools, their members and orders', async () => {
    for (const table of TABLES) expect(await test.db.schema.hasTable(table), table).toBe(true);
    for (const table of ['schools', 'orders', 'payments']) expect(await test.db.schema.hasColumn(table, 'trust_id'), table).toBe(true);
    const now = Date.now();
    const [trustId] = await test.db('trusts').insert({ name: 'Greenway Trust', createdAt: now });
    const [schoolId] = await test.db('schools').insert({ name: 'Oak Primary', country: 'GB', createdAt: now, trustId: Number(trustId) });
    const member = await createUser(test.db);
    await test.db('schoolMembers').insert({ schoolId: Number(schoolId), userId: member.id, role: 'manager', joinedAt: now });
    await test.db('trustManagers').insert({ trustId: Number(trustId), userId: member.id, joinedAt: now });

    await rollbackThrough(test.db, '026_trusts');
    for (const table of TABLES) expect(await test.db.schema.hasTable(table), table).toBe(false);
    for (const table of ['schools', 'orders', 'payments']) expect(await test.db.schema.hasColumn(table, 'trust_id'), table).toBe(false);
    expect(
      await test
        .db('schools')
        .where({ id: Number(schoolId) })
        .select('name'),
    ).toEqual([{ name: 'Oak Primary' }]);
    expect(await test.db('schoolMembers').where({ userId: member.id })).toHaveLength(1);

    await migrateLatest(test.db);
    for (const table of TABLES) expect(await test.db.schema.hasTable(table), table).toBe(true);
  });
});
