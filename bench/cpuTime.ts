import { readdirSync, readFileSync } from 'node:fs';
import type { Knex } from 'knex';

/**
 * CPU time spent by the processes that serve a scenario, per answered request. Throughput swings
 * with whatever else the shared machine runs; the CPU a request costs the server (and, on
 * MariaDB, the database server on this machine) moves far less, so it is the figure to compare
 * two versions of the code by.
 */

const TICKS_PER_SECOND = 100;

/** User + system CPU of a process so far, in milliseconds (Linux /proc; null elsewhere or once it is gone). */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces, closed by the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** One thread's user + system CPU so far, in milliseconds (0 once it is gone). */
export function threadCpuMs(pid: number, tid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The MariaDB threads serving the connections open to `database` (information_schema.PROCESSLIST's
 * TID, MariaDB 10.5+ on Linux; empty elsewhere). The whole mariadbd's CPU counts every other user
 * of a shared server too; these threads' CPU is the bench's own. It leaves out the background
 * threads (log writes, purge, page flushing), which the whole-process figure keeps.
 */
export async function databaseThreads(db: Knex, database: string): Promise<number[]> {
  try {
    const [rows] = (await db.raw('select tid from information_schema.processlist where db = ? and tid is not null', [database])) as unknown as [
      Array<{ tid: number }>,
    ];
    return rows.map((row) => Number(row.tid));
  } catch {
    return [];
  }
}

/** The pid of the MariaDB/MySQL server running on this machine, if there is exactly one. */
export function databaseServerPid(): number | null {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (name === 'mariadbd' || name === 'mysqld') found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found.length === 1 ? found[0]! : null;
}

export interface CpuPerRequest {
  /** The Atrium server's CPU per 2xx answer, µs. */
  serverUs: number;
  /** The database server's, µs (MariaDB on this machine; null on SQLite, which runs inside the server). */
  databaseUs: number | null;
  /** The database server's threads serving the bench database's connections (databaseThreads), µs; null when unknown. */
  connectionsUs?: number | null;
  /**
   * The load generator's (autocannon, in the bench's own process), µs: it shares the machine's
   * cores with the server, so a scenario whose requests cost it more leaves the server less.
   */
  loadGeneratorUs: number;
}

/** Starts counting; the returned function takes the number of answers and gives the CPU per answer. */
export function cpuMeter(serverPid: number, databasePid: number | null, threads: readonly number[] = []): (answers: number) => CpuPerRequest | null {
  const serverStart = cpuMsOf(serverPid);
  const databaseStart = databasePid === null ? null : cpuMsOf(databasePid);
  const threadsCpu = () => threads.reduce((sum, tid) => sum + threadCpuMs(databasePid!, tid), 0);
  const threadsStart = databasePid === null || threads.length === 0 ? null : threadsCpu();
  const loadGeneratorStart = process.cpuUsage();
  return (answers) => {
    const loadGenerator = process.cpuUsage(loadGeneratorStart);
    const serverEnd = cpuMsOf(serverPid);
    if (serverStart === null || serverEnd === null || answers <= 0) return null;
    const databaseEnd = databasePid === null ? null : cpuMsOf(databasePid);
    const perAnswer = (ms: number) => Math.round((ms * 1000) / answers);
    return {
      serverUs: perAnswer(serverEnd - serverStart),
      databaseUs: databaseStart === null || databaseEnd === null ? null : perAnswer(databaseEnd - databaseStart),
      connectionsUs: threadsStart === null ? null : perAnswer(threadsCpu() - threadsStart),
      loadGeneratorUs: perAnswer((loadGenerator.user + loadGenerator.system) / 1000),
    };
  };
}

export const formatCpu = (cpu: CpuPerRequest | null, databaseName: string, serverName = 'server'): string =>
  cpu
    ? `CPU/answer: ${serverName} ${cpu.serverUs} µs${cpu.databaseUs === null ? '' : `, ${databaseName} ${cpu.databaseUs} µs`}${cpu.connectionsUs == null ? '' : ` (its threads for the bench's connections ${cpu.connectionsUs} µs)`}, load generator ${cpu.loadGeneratorUs} µs`
    : '';
