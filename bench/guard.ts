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
 * times committed ceiling ÷ this run's ceiling. The database column has a yardstick of its own,
 * mariadbd's CPU per lookup by key (databaseCeiling.ts): mariadbd's cost does not follow Node's
 * from day to day (on a day Node's ceiling cost 32 µs against 53 committed, the unchanged
 * dashboard's database share read +12–19 % when scaled by it). A figure committed without its
 * yardstick is compared as it stands.
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
  /** The database's yardstick in that run (databaseCeiling.ts), µs per lookup (null: not recorded). */
  databaseCeilingUs: number | null;
}

/** A run's yardsticks: the host's speed for the server and for the database (null: unknown). */
export interface Yardsticks {
  ceilingUs: number | null;
  databaseCeilingUs: number | null;
}

/** The committed figures: the rows of the table under GUARD_HEADING (`| dialect | scale | scenario | server µs | database µs | ceiling µs | database ceiling µs | when |`). */
export function committedCpu(readme = resolve(ROOT, 'bench/README.md')): CommittedCpu[] {
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(GUARD_HEADING);
  if (start < 0) return [];
  const section = text.slice(start + GUARD_HEADING.length).split(/\n## /)[0]!;
  const figures: CommittedCpu[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | dialect | scale | scenario | server µs | database µs | ceiling µs | database ceiling µs | when |
    if (cells.length < 9 || !/^(sqlite|mariadb)$/.test(cells[1]!)) continue;
    const figure = (cell: string) => (cell === '—' || cell === '' ? null : Number(cell.replace(/,/g, '')));
    const serverUs = figure(cells[4]!);
    const databaseUs = figure(cells[5]!);
    const ceilingUs = figure(cells[6]!);
    const databaseCeilingUs = figure(cells[7]!);
    if (serverUs === null || ![serverUs, databaseUs ?? 0, ceilingUs ?? 0, databaseCeilingUs ?? 0].every(Number.isFinite)) continue;
    figures.push({ dialect: cells[1]!, scale: Number(cells[2]), scenario: cells[3]!.replace(/`/g, ''), serverUs, databaseUs, ceilingUs, databaseCeilingUs });
  }
  return figures;
}

export interface GuardVerdict {
  holds: boolean;
  note: string;
}

/**
 * The row's CPU against its committed figure: null when none is committed for this dialect,
 * scale and scenario. `run` holds this run's yardsticks: the bare-Koa ceiling's CPU per answer
 * for the server column, the database's per lookup for the database column.
 */
export function guardCpu(
  figures: CommittedCpu[],
  dialect: string,
  scale: number,
  scenario: string,
  cpu: CpuPerRequest | null,
  run: Yardsticks = { ceilingUs: null, databaseCeilingUs: null },
): GuardVerdict | null {
  const committed = figures.find((figure) => figure.dialect === dialect && figure.scenario === scenario && Math.abs(figure.scale - scale) < 1e-9);
  if (!committed || !cpu) return null;
  // In the committed run's units: a host half as quick costs twice the µs for the same work.
  const factor = (then: number | null, now: number | null) => (then && now ? then / now : 1);
  const parts: string[] = [];
  const hosts: string[] = [];
  let holds = true;
  const check = (name: string, now: number, then: number, hostFactor: number) => {
    const scaled = Math.round(now * hostFactor);
    const grew = (scaled - then) / then;
    if (grew > GUARD_MARGIN) holds = false;
    const shown = hostFactor === 1 ? `${now} µs` : `${now} µs (${scaled} in the committed run's units)`;
    parts.push(`${name} ${shown} vs ${then} committed (${grew >= 0 ? '+' : ''}${(grew * 100).toFixed(0)} %)`);
  };
  const serverFactor = factor(committed.ceilingUs, run.ceilingUs);
  check('server', cpu.serverUs, committed.serverUs, serverFactor);
  if (serverFactor !== 1) hosts.push(`ceiling ${run.ceilingUs} µs an answer against ${committed.ceilingUs}`);
  // MariaDB: its threads serving the bench's connections when known (the rest of mariadbd is shared with everyone else).
  const database = cpu.connectionsUs ?? cpu.databaseUs;
  if (committed.databaseUs !== null && database !== null) {
    const databaseFactor = factor(committed.databaseCeilingUs, run.databaseCeilingUs);
    check('database', database, committed.databaseUs, databaseFactor);
    if (databaseFactor !== 1) hosts.push(`database ${run.databaseCeilingUs} µs a lookup against ${committed.databaseCeilingUs}`);
  }
  const host = hosts.length ? `; ${hosts.join(', ')} in the committed run` : '';
  return { holds, note: `CPU guard ${holds ? 'holds' : `FAILS (> +${GUARD_MARGIN * 100} %)`}: ${parts.join(', ')}${host}` };
}

/**
 * A row that failed, measured once more (the same scenario, after a fresh ceiling run) before the
 * run fails: it fails only if the second measure fails too. On the shared 2-core host the same
 * code's CPU per answer, in the committed run's units, spread 80–124 % of its committed figure
 * within an hour (1 Dec: MariaDB's progress write, six runs, two of them over +15 %: the run right
 * after a seed, and one whose database yardstick read 35 µs at its start and 39 at its end), so a
 * single reading over the margin is as often the host as the code. A change that costs 15 % more
 * fails both measures; noise seldom does twice in a row. `second` is null when the row could not
 * be measured again; then the first verdict stands.
 */
export function confirmedGuard(first: GuardVerdict, second: GuardVerdict | null): GuardVerdict {
  if (first.holds || !second) return first;
  const firstNote = first.note.replace(/^CPU guard FAILS \(> \+\d+ %\): /, '');
  const secondNote = second.note.replace(/^CPU guard (holds|FAILS \(> \+\d+ %\)): /, '');
  return second.holds
    ? { holds: true, note: `CPU guard holds on a second measure: ${secondNote} (the first read ${firstNote})` }
    : { holds: false, note: `CPU guard FAILS (> +${GUARD_MARGIN * 100} %) twice: ${firstNote}; again: ${secondNote}` };
}
