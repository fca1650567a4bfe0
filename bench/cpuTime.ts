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

/** Every thread's user + system CPU so far, in milliseconds, by thread id (empty once the process is gone). */
function threadsCpuMs(pid: number): Map<number, number> {
  const cpu = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return cpu;
  }
  for (const tid of tids) cpu.set(Number(tid), threadCpuMs(pid, Number(tid)));
  return cpu;
}

/**
 * The MariaDB threads serving the bench's connections, as listed when a meter starts and as they
 * are when it stops (databaseThreads). Both lists count: the server's pool opens connections
 * under load, after the meter started, and MariaDB serves them on new threads or on idle ones
 * from its thread cache. Counted from the start list alone, the progress rows of a run whose
 * server had served only sign-ins before read half of mariadbd's CPU (104 µs against 242).
 */
export interface OwnThreads {
  atStart: readonly number[];
  now: () => Promise<readonly number[]>;
}

/**
 * Starts counting; the returned function takes the number of answers and gives the CPU per
 * answer. Every figure is taken the moment it is called; only the list of the bench's MariaDB
 * threads (`own`) is asked for afterwards, and their CPU is read from that moment's snapshot.
 */
export function cpuMeter(serverPid: number, databasePid: number | null, own?: OwnThreads): (answers: number) => Promise<CpuPerRequest | null> {
  const serverStart = cpuMsOf(serverPid);
  const databaseStart = databasePid === null ? null : cpuMsOf(databasePid);
  const threadsStart = databasePid === null || !own ? null : threadsCpuMs(databasePid);
  const loadGeneratorStart = process.cpuUsage();
  return async (answers) => {
    const loadGenerator = process.cpuUsage(loadGeneratorStart);
    const serverEnd = cpuMsOf(serverPid);
    const databaseEnd = databasePid === null ? null : cpuMsOf(databasePid);
    const threadsEnd = databasePid === null || !own ? null : threadsCpuMs(databasePid);
    if (serverStart === null || serverEnd === null || answers <= 0) return null;
    const perAnswer = (ms: number) => Math.round((ms * 1000) / answers);
    let connectionsUs: number | null = null;
    if (own && threadsStart && threadsEnd) {
      const tids = new Set([...own.atStart, ...(await own.now())]);
      if (tids.size > 0) {
        // A thread that did not exist at the start has all its CPU from this run.
        let ms = 0;
        for (const tid of tids) {
          const end = threadsEnd.get(tid);
          // Gone by the end (a connection closed and its thread not cached): not counted at all.
          if (end !== undefined) ms += end - (threadsStart.get(tid) ?? 0);
        }
        connectionsUs = perAnswer(ms);
      }
    }
    return {
      serverUs: perAnswer(serverEnd - serverStart),
      databaseUs: databaseStart === null || databaseEnd === null ? null : perAnswer(databaseEnd - databaseStart),
      connectionsUs,
      loadGeneratorUs: perAnswer((loadGenerator.user + loadGenerator.system) / 1000),
    };
  };
}

export const formatCpu = (cpu: CpuPerRequest | null, databaseName: string, serverName = 'server'): string =>
  cpu
    ? `CPU/answer: ${serverName} ${cpu.serverUs} µs${cpu.databaseUs === null ? '' : `, ${databaseName} ${cpu.databaseUs} µs`}${cpu.connectionsUs == null ? '' : ` (its threads for the bench's connections ${cpu.connectionsUs} µs)`}, load generator ${cpu.loadGeneratorUs} µs`
    : '';
