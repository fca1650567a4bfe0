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

describe('016_google_workspace', () => {
  it('adds a nullable Workspace domain to school domains, rolls back without it, and migrates again', async () => {
    // Read rather than asked with hasColumn, which answered false for existing columns of this table here.
    const readColumn = () => test.db('schoolDomains').select('googleWorkspaceDomain');
    await expect(readColumn()).resolves.toEqual([]);
    const schoolId = Number((await test.db('schools').insert({ name: 'Workspace High', country: 'GB', createdAt: Date.now() }))[0]);
    await test.db('schoolDomains').insert({ schoolId, domain: 'ws.sch.uk', verificationToken: 'a'.repeat(32), createdAt: Date.now() });
    expect(await test.db('schoolDomains').where({ schoolId }).first('googleWorkspaceDomain')).toEqual({ googleWorkspaceDomain: null });
    await test.db('schoolDomains').where({ schoolId }).update({ googleWorkspaceDomain: 'ws-trust.org' });

    await rollbackThrough(test.db, '016_google_workspace');
    await expect(readColumn()).rejects.toThrow();
    // The claim itself stays through the rollback (018's own down keeps one claim per domain).
    expect(await test.db('schoolDomains').where({ schoolId }).select('domain')).toEqual([{ domain: 'ws.sch.uk' }]);

    await migrateLatest(test.db);
    expect(await test.db('schoolDomains').where({ schoolId }).first('googleWorkspaceDomain')).toEqual({ googleWorkspaceDomain: null });
  });
});
