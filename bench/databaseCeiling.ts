import mysql from 'mysql2/promise';
import { threadCpuMs } from './cpuTime.ts';

/**
 * The database's yardstick for the CPU guard (issue 54): mariadbd's CPU per primary-key lookup
 * of a user, sent from the bench's own connections while the server is idle. The bare-Koa
 * ceiling measures how quick the host is for Node; mariadbd is C++ with its own caches and
 * wake-ups, and on a day the ceiling cost 32 µs against 53 committed, mariadbd's cost of the
 * same dashboard moved by far less. So the database column of a guarded row is compared in the
 * units of this yardstick, as the server column is in the ceiling's.
 *
 * A lookup by key is the smallest thing every request asks of the database: a round trip on the
 * text protocol (as knex sends), a parse, one index dive, one row back. Its cost is what the
 * host's CPU, caches and scheduler make of mariadbd's fixed path, not of the bench's data.
 */
export interface DatabaseCeiling {
  /** mariadbd's CPU per lookup, µs, on the threads serving the yardstick's own connections. */
  us: number;
  statements: number;
}

export async function databaseCeiling(
  url: string,
  databasePid: number,
  maxUserId: number,
  { statements = 40_000, connections = 8 } = {},
): Promise<DatabaseCeiling | null> {
  const pool = await Promise.all(Array.from({ length: connections }, () => mysql.createConnection({ uri: url, charset: 'utf8mb4' })));
  try {
    const tids: number[] = [];
    for (const connection of pool) {
      const [rows] = (await connection.query('select tid from information_schema.processlist where id = connection_id()')) as unknown as [
        Array<{ tid: number | null }>,
      ];
      if (rows[0]?.tid == null) return null; // MariaDB before 10.5, or not Linux: no thread ids
      tids.push(Number(rows[0].tid));
    }
    const cpu = () => tids.reduce((sum, tid) => sum + threadCpuMs(databasePid, tid), 0);
    // Deterministic ids spread over the table, the same in every run.
    const id = (n: number) => 1 + ((n * 7919) % Math.max(1, maxUserId));
    const lookups = (connection: mysql.Connection, from: number, count: number) =>
      (async () => {
        for (let n = from; n < from + count; n++) await connection.query('select id, email, role from users where id = ?', [id(n)]);
      })();
    const each = Math.floor(statements / connections);
    // Unmeasured first: the pages and the statement's path warm, as the ceiling's warm-up does.
    await Promise.all(pool.map((connection, index) => lookups(connection, index * each, Math.min(each, 2_000))));
    const start = cpu();
    await Promise.all(pool.map((connection, index) => lookups(connection, index * each, each)));
    const done = each * connections;
    return { us: Math.round(((cpu() - start) * 1000) / done), statements: done };
  } finally {
    await Promise.all(pool.map((connection) => connection.end().catch(() => undefined)));
  }
}
