#!/usr/bin/env node
// `npm start`: build the portal and widgets when their output is missing or older than their
// sources, then run the server (which migrates and seeds on boot).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serverEnv, serverNodeArgs } from './serverProcess.mjs';

const root = resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfStale(workspace, output) {
  const pkgPath = join(root, workspace, 'package.json');
  if (!existsSync(pkgPath) || !JSON.parse(readFileSync(pkgPath, 'utf8')).scripts?.build) return;
  const outPath = join(root, workspace, output);
  const sources = Math.max(newestMtime(join(root, workspace, 'src')), newestMtime(join(root, 'common', 'src')));
  if (existsSync(outPath) && statSync(outPath).mtimeMs >= sources) return;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server-side build is the portal's last output (npm run build -w portal).
buildIfStale('portal', 'dist-ssr/entry-server.js');
buildIfStale('widgets', 'dist/support-chat.js');

const server = spawn(process.execPath, serverNodeArgs(), { cwd: root, env: serverEnv(process.env), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
