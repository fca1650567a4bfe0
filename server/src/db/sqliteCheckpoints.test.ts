import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Database } from './database.ts';
import { BACKSTOP_PAGES, startBackgroundCheckpoints } from './sqliteCheckpoints.ts';

const dir = mkdtempSync(join(tmpdir(), 'atrium-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('background checkpoints (SQLite)', () => {
  it('copy committed writes into the database file without the writer doing it', async () => {
    const filename = join(dir, 'copy.sqlite');
    // A writer that never checkpoints: whatever reaches the database file, the thread copied.
    const writer = new Sqlite(filename);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table blobs (id integer primary key, body text)');
    const before = statSync(filename).size;
    // About 2 MB, committed: in the log, not yet in the database file.
    const insert = writer.prepare('insert into blobs (body) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 500; i += 1) insert.run('x'.repeat(4000));
    })();
    expect(statSync(filename).size).toBe(before);

    const checkpoints = startBackgroundCheckpoints(filename, (message) => expect.fail(message));
    // Waits for the copy itself (bounded only by the timeout), not for a number of intervals.
    await vi.waitFor(() => expect(statSync(filename).size).toBeGreaterThanOrEqual(before + 1_900_000), { timeout: 60_000, interval: 20 });
    await checkpoints.stop();
    writer.close();
  });

  it('leave the app’s writer checkpointing only as the backstop', async () => {
    const database = await Database.open({ client: 'sqlite', filename: join(dir, 'backstop.sqlite') });
    const [row] = (await database.knex.raw('pragma wal_autocheckpoint')) as Array<{ walAutocheckpoint: number }>;
    expect(row?.walAutocheckpoint).toBe(BACKSTOP_PAGES);
    await database.close();
  });

  it('stop with the Database: no connection of the thread is left open', async () => {
    const filename = join(dir, 'stop.sqlite');
    // A WAL connection holds a shared lock on the file while it is open; a read in exclusive
    // locking mode needs an exclusive one, so it fails while another connection is open. The probe
    // changes nothing in the file: one that switched the journal mode out of WAL and back could be
    // read by the thread's first statement mid-switch, leaving it on the rollback journal, holding
    // no lock, for good.
    const aloneOnFile = () => {
      const connection = new Sqlite(filename, { timeout: 0 });
      try {
        connection.pragma('locking_mode = EXCLUSIVE');
        connection.prepare('select count(*) from sqlite_master').get();
        return true;
      } catch {
        return false;
      } finally {
        connection.close();
      }
    };
    const database = await Database.open({ client: 'sqlite', filename });
    expect(aloneOnFile()).toBe(false);
    await database.close();
    expect(aloneOnFile()).toBe(true);

    // The thread alone holds a connection until it is stopped (so the check above saw it closed).
    const checkpoints = startBackgroundCheckpoints(filename, (message) => expect.fail(message));
    await vi.waitFor(() => expect(aloneOnFile()).toBe(false), { timeout: 60_000, interval: 20 });
    await checkpoints.stop();
    expect(aloneOnFile()).toBe(true);
  });
});
