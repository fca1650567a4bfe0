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
 *
 * The host's own speed still moves CPU per answer by 2–3× from day to day (the bare-Koa ceiling
 * cost 28 µs an answer on a quick day and 60–77 µs on a slow one). So each committed figure
 * carries the ceiling's CPU per answer of its run, and a row is compared in those units: its µs
 * times committed ceiling ÷ this run's ceiling. A figure committed without one is compared as
 * it stands.
 */
export const GUARD_MARGIN = 0.15;
export const GUARD_HEADING = '## CPU per answer, committed';

export interface CommittedCpu {
  dialect: string;
  scenario: string;
  scale: number;
  serverUs: number;
  databaseUs: number | null;
  /** The bare-Koa ceiling's CPU per answer in the run the figures come from, µs (null: not recorded). */
  ceilingUs: number | null;
}

/** The committed figures: the rows of the table under GUARD_HEADING (`| dialect | scale | scenario | server µs | database µs | ceiling µs | when |`). */
export function committedCpu(readme = resolve(ROOT, 'bench/README.md')): CommittedCpu[] {
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(GUARD_HEADING);
  if (start < 0) return [];
  const section = text.slice(start + GUARD_HEADING.length).split(/\n## /)[0]!;
  const figures: CommittedCpu[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | dialect | scale | scenario | server µs | database µs | ceiling µs | when |
    if (cells.length < 8 || !/^(sqlite|mariadb)$/.test(cells[1]!)) continue;
    const figure = (cell: string) => (cell === '—' || cell === '' ? null : Number(cell.replace(/,/g, '')));
    const serverUs = figure(cells[4]!);
    const databaseUs = figure(cells[5]!);
    const ceilingUs = figure(cells[6]!);
    if (serverUs === null || ![serverUs, databaseUs ?? 0, ceilingUs ?? 0].every(Number.isFinite)) continue;
    figures.push({ dialect: cells[1]!, scale: Number(cells[2]), scenario: cells[3]!.replace(/`/g, ''), serverUs, databaseUs, ceilingUs });
  }
  return figures;
}

export interface GuardVerdict {
  holds: boolean;
  note: string;
}

/**
 * The row's CPU against its committed figure: null when none is committed for this dialect,
 * scale and scenario. `ceilingUs` is this run's bare-Koa ceiling CPU per answer (null: unknown).
 */
export function guardCpu(
  figures: CommittedCpu[],
  dialect: string,
  scale: number,
  scenario: string,
  cpu: CpuPerRequest | null,
  ceilingUs: number | null = null,
): GuardVerdict | null {
  const committed = figures.find((figure) => figure.dialect === dialect && figure.scenario === scenario && Math.abs(figure.scale - scale) < 1e-9);
  if (!committed || !cpu) return null;
  // In the committed run's units: a host half as quick costs twice the µs for the same work.
  const hostFactor = committed.ceilingUs && ceilingUs ? committed.ceilingUs / ceilingUs : 1;
  const parts: string[] = [];
  let holds = true;
  const check = (name: string, now: number, then: number) => {
    const scaled = Math.round(now * hostFactor);
    const grew = (scaled - then) / then;
    if (grew > GUARD_MARGIN) holds = false;
    const shown = hostFactor === 1 ? `${now} µs` : `${now} µs (${scaled} in the committed run's units)`;
    parts.push(`${name} ${shown} vs ${then} committed (${grew >= 0 ? '+' : ''}${(grew * 100).toFixed(0)} %)`);
  };
  check('server', cpu.serverUs, committed.serverUs);
  // MariaDB: its threads serving the bench's connections when known (the rest of mariadbd is shared with everyone else).
  const database = cpu.connectionsUs ?? cpu.databaseUs;
  if (committed.databaseUs !== null && database !== null) check('database', database, committed.databaseUs);
  const host = hostFactor === 1 ? '' : `; ceiling ${ceilingUs} µs an answer against ${committed.ceilingUs} in the committed run`;
  return { holds, note: `CPU guard ${holds ? 'holds' : `FAILS (> +${GUARD_MARGIN * 100} %)`}: ${parts.join(', ')}${host}` };
}
