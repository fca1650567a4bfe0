import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CpuPerRequest } from './cpuTime.ts';
import { ROOT } from './options.ts';

/**
 * The CPU guard (issue 54): a row whose CPU per answer grew more than GUARD_MARGIN over the
 * figure committed in bench/README.md ("CPU per answer, committed") fails, so the next feature's
 * cost shows the day it lands. CPU per answer moves far less with the neighbours than req/s does,
 * which is why it, and not throughput, is guarded. A figure counts only at the scale it was taken
 * at: a run at another scale reads other plans and cache hit rates.
 */
export const GUARD_MARGIN = 0.15;
export const GUARD_HEADING = '## CPU per answer, committed';

export interface CommittedCpu {
  dialect: string;
  scenario: string;
  scale: number;
  serverUs: number;
  databaseUs: number | null;
}

/** The committed figures: the rows of the table under GUARD_HEADING (`| dialect | scale | scenario | server µs | database µs | … |`). */
export function committedCpu(readme = resolve(ROOT, 'bench/README.md')): CommittedCpu[] {
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(GUARD_HEADING);
  if (start < 0) return [];
  const section = text.slice(start + GUARD_HEADING.length).split(/\n## /)[0]!;
  const figures: CommittedCpu[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | dialect | scale | scenario | server µs | database µs | when |
    if (cells.length < 7 || !/^(sqlite|mariadb)$/.test(cells[1]!)) continue;
    const serverUs = Number(cells[4]);
    const databaseUs = cells[5] === '—' || cells[5] === '' ? null : Number(cells[5]);
    if (!Number.isFinite(serverUs) || (databaseUs !== null && !Number.isFinite(databaseUs))) continue;
    figures.push({ dialect: cells[1]!, scale: Number(cells[2]), scenario: cells[3]!.replace(/`/g, ''), serverUs, databaseUs });
  }
  return figures;
}

export interface GuardVerdict {
  holds: boolean;
  note: string;
}

/** The row's CPU against its committed figure: null when none is committed for this dialect, scale and scenario. */
export function guardCpu(figures: CommittedCpu[], dialect: string, scale: number, scenario: string, cpu: CpuPerRequest | null): GuardVerdict | null {
  const committed = figures.find((figure) => figure.dialect === dialect && figure.scenario === scenario && Math.abs(figure.scale - scale) < 1e-9);
  if (!committed || !cpu) return null;
  const growth = (now: number, then: number) => (now - then) / then;
  const parts: string[] = [];
  let holds = true;
  const check = (name: string, now: number, then: number) => {
    const grew = growth(now, then);
    if (grew > GUARD_MARGIN) holds = false;
    parts.push(`${name} ${now} µs vs ${then} committed (${grew >= 0 ? '+' : ''}${(grew * 100).toFixed(0)} %)`);
  };
  check('server', cpu.serverUs, committed.serverUs);
  // MariaDB: its threads serving the bench's connections when known (the rest of mariadbd is shared with everyone else).
  const database = cpu.connectionsUs ?? cpu.databaseUs;
  if (committed.databaseUs !== null && database !== null) check('database', database, committed.databaseUs);
  return { holds, note: `CPU guard ${holds ? 'holds' : `FAILS (> +${GUARD_MARGIN * 100} %)`}: ${parts.join(', ')}` };
}
