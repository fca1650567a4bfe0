// Gzip size of the JavaScript the landing page loads first: the entry script and every
// modulepreload in dist/index.html, plus (reported separately) the lazily loaded landing
// scene with its own static imports. Usage: node scripts/first-load-size.mjs [budgetKB]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const budget = Number(process.argv[2] ?? 150);

const entryFiles = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** A chunk and everything it imports statically. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) closure(`assets/${m[1]}`, seen);
  return seen;
}

const initial = new Set(entryFiles.flatMap((file) => [...closure(file)]));
const entryCode = readFileSync(join(dist, entryFiles[0]), 'utf8');
const landingChunk = /\.\/(LandingScene-[\w-]+\.js)/.exec(entryCode)?.[1];
const landing = landingChunk ? [...closure(`assets/${landingChunk}`)].filter((file) => !initial.has(file)) : [];

const sum = (files) => files.reduce((total, file) => total + gz(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const initialBytes = sum([...initial]);
const landingBytes = sum(landing);
for (const file of initial) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
console.log(`index.html first load (entry + modulepreload): ${kb(initialBytes)} gzip`);
for (const file of landing) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
console.log(`landing scene chunks loaded right after: ${kb(landingBytes)} gzip`);
console.log(`landing route total: ${kb(initialBytes + landingBytes)} gzip (budget ${budget} KB)`);
if ((initialBytes + landingBytes) / 1024 > budget) {
  console.error('Over budget');
  process.exit(1);
}
