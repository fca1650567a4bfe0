import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIGHTHOUSE_TARGETS, type LighthouseSummary } from './lighthouse.ts';
import { RESULTS_DIR } from './options.ts';

export type Verdict = 'holds' | 'MISSED' | '';

export interface TableRow {
  scenario: string;
  /** 2xx responses per second. */
  rps: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Non-2xx answers plus connection errors and timeouts. */
  errors: number | null;
  /** The bare-Koa ceiling measured right before this scenario, req/s. */
  ceilingRps: number | null;
  /** rps divided by that ceiling. */
  ratio: number | null;
  target: string;
  verdict: Verdict;
  note: string;
}

const number = (value: number | null, digits = 0) =>
  value === null || Number.isNaN(value) ? '—' : value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatTable(rows: TableRow[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'ceiling req/s', '× ceiling', 'target', 'result', 'note'];
  const cells = rows.map((row) => [
    row.scenario,
    number(row.rps),
    number(row.p50Ms, 1),
    number(row.p99Ms, 1),
    number(row.errors),
    number(row.ceilingRps),
    row.ratio === null ? '—' : `${(row.ratio * 100).toFixed(1)} %`,
    row.target || '—',
    row.verdict || '—',
    row.note,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6]);
  const line = (values: string[]) =>
    `| ${values.map((value, column) => (numeric.has(column) ? value.padStart(widths[column]!) : value.padEnd(widths[column]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width, column) => (numeric.has(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One row per Lighthouse page: its two scores against the targets, the median run's metrics. */
export function lighthouseRows(summary: LighthouseSummary): TableRow[] {
  return summary.pages.map((page) => {
    const { fcpMs, lcpMs, tbtMs, cls, speedIndexMs } = page.metrics;
    const notes = [
      `performance ${page.performance} (runs ${page.performanceRuns.join(', ')}), accessibility ${page.accessibility}`,
      `FCP ${seconds(fcpMs)}, LCP ${seconds(lcpMs)}, TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)}, SI ${seconds(speedIndexMs)}`,
      page.failedAccessibility.length ? `accessibility fails: ${page.failedAccessibility.map((audit) => audit.split(':')[0]).join(', ')}` : '',
      !page.holds && page.performanceHints.length ? `costs: ${page.performanceHints.join(', ')}` : '',
      page.offOriginRequests.length ? `${page.offOriginRequests.length} off-origin requests` : '',
    ];
    return {
      scenario: `Lighthouse ${page.page} (${summary.preset})`,
      rps: null,
      p50Ms: null,
      p99Ms: null,
      errors: page.offOriginRequests.length,
      ceilingRps: null,
      ratio: null,
      target: `performance ≥ ${LIGHTHOUSE_TARGETS.performance[page.page]}, accessibility ${LIGHTHOUSE_TARGETS.accessibility}, LCP < ${LIGHTHOUSE_TARGETS.lcpMs / 1000} s, CLS < ${LIGHTHOUSE_TARGETS.cls}`,
      verdict: page.holds ? 'holds' : 'MISSED',
      note: notes.filter(Boolean).join('; '),
    };
  });
}

/** The four scores on one line, under the table. */
export function lighthouseLine(summary: LighthouseSummary): string {
  const pages = summary.pages.map(
    (page) => `${page.page} performance ${page.performance} / accessibility ${page.accessibility} (${page.holds ? 'holds' : 'MISSED'})`,
  );
  const first = summary.pages[0];
  const machine = first ? `Lighthouse ${first.lighthouseVersion}, ${summary.chromium}, benchmarkIndex ${first.benchmarkIndex ?? '?'}` : summary.chromium;
  return `Lighthouse (${summary.preset}, median of ${summary.runsPerPage}): ${pages.join('; ')} — ${machine}; reports: ${first ? first.reportFile.replace(/[^/]+$/, '') : ''}`;
}

export function writeResults(dialect: string, report: object): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(RESULTS_DIR, `${stamp}-${dialect}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
