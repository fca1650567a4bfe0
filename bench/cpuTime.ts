import { readdirSync, readFileSync } from 'node:fs';

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
  /**
   * The load generator's (autocannon, in the bench's own process), µs: it shares the machine's
   * cores with the server, so a scenario whose requests cost it more leaves the server less.
   */
  loadGeneratorUs: number;
}

/** Starts counting; the returned function takes the number of answers and gives the CPU per answer. */
export function cpuMeter(serverPid: number, databasePid: number | null): (answers: number) => CpuPerRequest | null {
  const serverStart = cpuMsOf(serverPid);
  const databaseStart = databasePid === null ? null : cpuMsOf(databasePid);
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
      loadGeneratorUs: perAnswer((loadGenerator.user + loadGenerator.system) / 1000),
    };
  };
}

export const formatCpu = (cpu: CpuPerRequest | null, databaseName: string, serverName = 'server'): string =>
  cpu
    ? `CPU/answer: ${serverName} ${cpu.serverUs} µs${cpu.databaseUs === null ? '' : `, ${databaseName} ${cpu.databaseUs} µs`}, load generator ${cpu.loadGeneratorUs} µs`
    : '';
