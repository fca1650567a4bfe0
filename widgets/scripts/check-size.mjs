#!/usr/bin/env node
// Fails (exit 1) when a widget bundle is missing or over its gzip budget. Run after the build:
// npm run build -w widgets && npm run size -w widgets
import { DIST, measure } from './budgets.mjs';

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const rows = measure();
const width = Math.max(...rows.map((row) => row.name.length));
for (const row of rows) {
  const size = row.gzipBytes === null ? '—' : kb(row.gzipBytes);
  const verdict = row.ok ? 'ok' : row.problem.toUpperCase();
  console.log(`${row.name.padEnd(width)}  ${size.padStart(8)} / ${kb(row.maxBytes).padStart(7)} gzip  ${verdict}  ${row.fileName ?? ''}`);
}
const failed = rows.filter((row) => !row.ok);
if (failed.length) {
  console.error(`\n${failed.length} widget bundle(s) missing or over budget in ${DIST}.`);
  process.exit(1);
}
console.log('\nAll widget bundles are within budget.');
