import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from './database.ts';
import { CHECKPOINT_INTERVAL_MS } from './sqliteCheckpoints.ts';

const dir = mkdtempSync(join(tmpdir(), 'atrium-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background checkpoints (SQLite)', () => {
  it('copy committed writes into the database file without the writer doing it, and stop with the Database', async () => {
    const filename = join(dir, 'wal.sqlite');
    const database = await Database.open({ client: 'sqlite', filename });
    const db = database.knex;
    await db.schema.createTable('blobs', (t) => {
      t.increments('id');
      t.text('body');
    });
    await sleep(CHECKPOINT_INTERVAL_MS * 3);
    const before = statSync(filename).size;
    // About 2 MB: far below the writer's own threshold (BACKSTOP_PAGES), so only the thread can copy it.
    const body = 'x'.repeat(4000);
    await db.transaction(async (trx) => {
      for (let i = 0; i < 500; i += 1) await trx('blobs').insert({ body });
    });
    const deadline = Date.now() + 10_000;
    while (statSync(filename).size < before + 1_900_000 && Date.now() < deadline) await sleep(50);
    expect(statSync(filename).size).toBeGreaterThanOrEqual(before + 1_900_000);
    await database.close();
  });
});
