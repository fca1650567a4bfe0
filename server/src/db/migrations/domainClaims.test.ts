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

describe('018_domain_claims', () => {
  it('turns claims proven only by a mailbox back into unproven ones with a token, and rolls back to one claim per domain', async () => {
    await rollbackThrough(test.db, '018_domain_claims');
    const user = await createUser(test.db);
    const school = async (name: string) => Number((await test.db('schools').insert({ name, country: 'GB', createdAt: Date.now() }))[0]);
    const first = await school('First');
    const second = await school('Second');
    await test.db('schoolDomains').insert({ schoolId: first, domain: 'old.sch.uk', verifiedAt: Date.now(), verifiedBy: user.id, createdAt: Date.now() });

    await migrateLatest(test.db);
    const legacy = (await test.db('schoolDomains').where({ domain: 'old.sch.uk' }).first())!;
    expect(legacy).toMatchObject({ verifiedAt: null, verifiedBy: null, proof: null, verifiedDomain: null });
    expect(legacy.verificationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Two schools may now hold unproven claims on one domain; only one may be proven.
    await test.db('schoolDomains').insert({ schoolId: second, domain: 'old.sch.uk', verificationToken: 'b'.repeat(32), createdAt: Date.now() });
    await test.db('schoolDomains').where({ schoolId: second }).update({ verifiedAt: Date.now(), verifiedDomain: 'old.sch.uk', proof: 'admin' });
    await expect(test.db('schoolDomains').where({ schoolId: first }).update({ verifiedDomain: 'old.sch.uk' })).rejects.toThrow();

    await rollbackThrough(test.db, '018_domain_claims');
    // The proven claim is the one kept under the old one-claim-per-domain key.
    expect(await test.db('schoolDomains').where({ domain: 'old.sch.uk' }).select('schoolId')).toEqual([{ schoolId: second }]);
    expect(await test.db.schema.hasColumn('schoolDomains', 'verificationToken')).toBe(false);
    await expect(test.db('schoolDomains').insert({ schoolId: first, domain: 'old.sch.uk', createdAt: Date.now() })).rejects.toThrow();
    await migrateLatest(test.db);
  });
});
