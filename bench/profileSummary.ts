/**
 * Summarises a V8 CPU profile written by `npm run bench -- --cpu-prof`:
 *
 *   node --import tsx bench/profileSummary.ts bench/results/profiles/<run>/<file>.cpuprofile [top]
 *
 * Prints where the server spent its samples: by package (or project folder) and by function
 * (self time), so a missed target points at a line of code rather than at a guess.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function owner(url: string): string {
  if (!url) return '(native / idle / gc)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node core';
  const project = /\/(server\/src\/[^/]+|common\/src)\//.exec(url);
  return project ? project[1]! : url.replace(/^file:\/\//, '');
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: bench/profileSummary.ts <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const byOwner = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  add(byOwner, functionName === '(idle)' ? '(idle)' : functionName === '(garbage collector)' ? '(gc)' : owner(url), ms);
  add(byFunction, `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^file:\/\/.*?\/(node_modules|server|common)\//, '$1/')}:${lineNumber + 1}` : ''}`, ms);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((ms / total) * 100).toFixed(1).padStart(6)} %  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled`);
print('self time by package / folder', byOwner);
print('self time by function', byFunction);
