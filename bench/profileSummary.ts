/**
 * Summarises a V8 CPU profile written by `npm run bench -- --cpu-prof`:
 *
 *   node --import tsx bench/profileSummary.ts <file.cpuprofile> [--top 25]
 *        [--timeline] [--from <s> --to <s>] [--callers <function> [--depth 6]]
 *
 * Prints where the server spent its samples: by package (or project folder) and by function
 * (self time), so a missed target points at a line of code rather than at a guess.
 *
 * The profile covers the server's whole life (start-up, sign-ins, every scenario run), so:
 * - `--timeline` prints how busy the main thread was in each second, to find a scenario's window;
 * - `--from`/`--to` (seconds since the profile started) keep only that window's samples;
 * - `--callers <function>` splits that function's self time by the calls that led to it (a socket
 *   write, say: the answers' or the database's).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

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

const frameName = ({ functionName, url, lineNumber }: ProfileNode['callFrame']): string =>
  `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^file:\/\/.*?\/(node_modules|server|common)\//, '$1/')}:${lineNumber + 1}` : ''}`;

const USAGE = 'usage: bench/profileSummary.ts <file.cpuprofile> [--top 25] [--timeline] [--from <s> --to <s>] [--callers <function> [--depth 6]]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    timeline: { type: 'boolean', default: false },
    from: { type: 'string' },
    to: { type: 'string' },
    callers: { type: 'string' },
    depth: { type: 'string', default: '6' },
  },
});
const [file, topPositional] = positionals;
if (!file) {
  console.error(USAGE);
  process.exit(1);
}
const top = Number(topPositional ?? values.top);
const from = values.from === undefined ? -Infinity : Number(values.from);
const to = values.to === undefined ? Infinity : Number(values.to);
if (!Number.isFinite(top) || Number.isNaN(from) || Number.isNaN(to) || !(Number(values.depth) > 0)) {
  console.error(USAGE);
  process.exit(1);
}

const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// A sample's time is the gap to the next one; its instant, seconds since the profile started.
const samples: Array<{ id: number; at: number; ms: number }> = [];
let elapsedUs = 0;
profile.samples.forEach((id, index) => {
  elapsedUs += profile.timeDeltas[index] ?? 0;
  samples.push({ id, at: elapsedUs / 1e6, ms: (profile.timeDeltas[index + 1] ?? 0) / 1000 });
});
const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';

if (values.timeline) {
  const seconds = new Map<number, { busy: number; all: number }>();
  for (const sample of samples) {
    const second = Math.floor(sample.at);
    const entry = seconds.get(second) ?? { busy: 0, all: 0 };
    entry.all += sample.ms;
    if (!isIdle(sample.id)) entry.busy += sample.ms;
    seconds.set(second, entry);
  }
  console.log(`${file}: main thread busy, per second since the profile started`);
  for (const [second, { busy, all }] of seconds) {
    const share = all ? busy / all : 0;
    console.log(`${String(second).padStart(5)} s  ${(share * 100).toFixed(0).padStart(3)} %  ${'#'.repeat(Math.round(share * 40))}`);
  }
  process.exit(0);
}

const inWindow = samples.filter((sample) => sample.at >= from && sample.at < to);
const selfMs = new Map<number, number>();
for (const sample of inWindow) selfMs.set(sample.id, (selfMs.get(sample.id) ?? 0) + sample.ms);
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((ms / total) * 100).toFixed(1).padStart(6)} %  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
  }
};
const windowNote = Number.isFinite(from) || Number.isFinite(to) ? ` between ${values.from ?? 'the start'} and ${values.to ?? 'the end'} s` : '';
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled${windowNote}`);

if (values.callers !== undefined) {
  const depth = Number(values.depth);
  const byChain = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    if (byId.get(id)!.callFrame.functionName !== values.callers) continue;
    const chain: string[] = [];
    for (let caller = parentOf.get(id); caller !== undefined && chain.length < depth; caller = parentOf.get(caller)) {
      chain.push(frameName(byId.get(caller)!.callFrame).trim());
    }
    add(byChain, chain.join('\n             < '), ms);
  }
  print(`self time of ${values.callers}, by the calls that led to it (nearest first)`, byChain);
} else {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const { callFrame } = byId.get(id)!;
    const { functionName, url } = callFrame;
    add(byOwner, functionName === '(idle)' ? '(idle)' : functionName === '(garbage collector)' ? '(gc)' : owner(url), ms);
    add(byFunction, frameName(callFrame), ms);
  }
  print('self time by package / folder', byOwner);
  print('self time by function', byFunction);
}
