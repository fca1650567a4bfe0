import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from './backup.ts';
import { createDb } from './knex.ts';
import { migrateLatest } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'atrium-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite backup and restore', () => {
  it('copies a live database while it is being written, and restores it', async () => {
    const live = join(dir, 'live.sqlite');
    const db = createDb({ client: 'sqlite', filename: live });
    await migrateLatest(db);
    const now = Date.now();
    await db('courses').insert({ title: 'Before backup', description: 'x', price: 0, createdAt: now, updatedAt: now });
    const writing = (async () => {
      for (let i = 0; i < 50; i += 1) await db('courses').insert({ title: `During ${i}`, description: 'x', price: 0, createdAt: now, updatedAt: now });
    })();
    const backup = join(dir, 'backups', 'copy.sqlite');
    await backupSqlite(live, backup);
    await writing;
    await db('courses').insert({ title: 'After backup', description: 'x', price: 0, createdAt: now, updatedAt: now });
    await db.destroy();

    restoreSqlite(backup, live);
    expect(existsSync(`${live}.before-restore`)).toBe(true);
    const restored = createDb({ client: 'sqlite', filename: live });
    const titles = (await restored('courses').select('title')).map((r) => r.title as string);
    expect(titles).toContain('Before backup');
    expect(titles).not.toContain('After backup');
    await restored.destroy();
  });

  it('refuses to restore something that is not an Atrium database', () => {
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database');
    expect(() => restoreSqlite(junk, join(dir, 'target.sqlite'))).toThrow();
  });
});
