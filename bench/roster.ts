/**
 * The staff roster upload at its limit (issue 26): a 5,000-row CSV, half of them people with an
 * account already, previewed and then applied by a school manager over HTTP, on SQLite and (with
 * DATABASE_URL) on MariaDB / MySQL. The app runs in this process on a loopback port with a fresh
 * database; mail goes to the outbox (no SMTP), as it does without SMTP_URL.
 *
 *   node --import tsx bench/roster.ts [--runs 3]
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/atrium_roster_bench node --import tsx bench/roster.ts
 *
 * Prints, per run and as medians: the preview (reads only; the baseline), the confirm (one
 * transaction: 2,500 memberships and licence enrollments, 2,500 personal invites and their mails)
 * and the confirm as a multiple of the preview.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp } from '../server/src/app.ts';
import { licenseSchool } from '../server/src/commands/schools/licences.ts';
import { createSchool } from '../server/src/commands/schools/membership.ts';
import { loadConfig } from '../server/src/config.ts';
import { Database } from '../server/src/db/database.ts';
import { migrateLatest, rollbackAll } from '../server/src/db/migrate.ts';

const ROWS = 5000;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const mysqlUrl = process.env.DATABASE_URL;
if (mysqlUrl && !/bench/.test(new URL(mysqlUrl).pathname)) throw new Error('DATABASE_URL must name a database containing "bench": it is emptied');

const dir = mkdtempSync(join(tmpdir(), 'atrium-roster-bench-'));
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  SESSION_SECRET: 'roster-bench',
  PUBLIC_URL: url,
  RATE_LIMIT_MULTIPLIER: '1000',
  LOG_LEVEL: 'silent',
  SQLITE_FILE: join(dir, 'roster-bench.sqlite'),
  ...(mysqlUrl ? { DATABASE_URL: mysqlUrl } : {}),
});
const database = await Database.open(config.database);
const db = database.knex;
if (mysqlUrl) await rollbackAll(db);
await migrateLatest(db);
const app = createApp({ config, database, logger: pino({ level: 'silent' }) });
server.on('request', app.callback());

const dialect = mysqlUrl ? 'mariadb' : 'sqlite';
const now = Date.now();
const [courseId] = await db('courses').insert({ title: 'Bench course', description: 'x', price: 0, createdAt: now, updatedAt: now });

/** A manager signed in over HTTP, with a school licensed for one course; returns the cookie. */
async function managerOf(run: number): Promise<{ cookie: string; schoolId: number }> {
  const email = `manager${run}@bench.sch.uk`;
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'bench-password-1', firstName: 'Bench', lastName: 'Manager' }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = (await db('users').where({ email }).first())!;
  const schoolId = await createSchool(db, { name: `Bench Trust ${run}`, country: 'GB' }, Number(user.id), Date.now());
  await licenseSchool(db, schoolId, Number(courseId), 'grant', Date.now());
  return { cookie, schoolId };
}

async function timed(path: string, cookie: string, csv: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({ csv }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results: Array<{ preview: number; confirm: number }> = [];
for (let run = 1; run <= runs; run++) {
  const { cookie, schoolId } = await managerOf(run);
  const emails = Array.from({ length: ROWS }, (_, i) => `staff${i}-run${run}@bench.sch.uk`);
  const existing = emails.filter((_, i) => i % 2 === 0);
  for (let start = 0; start < existing.length; start += 500) {
    await db('users').insert(
      existing.slice(start, start + 500).map((email) => ({ email, passwordHash: 'x', role: 'learner', createdAt: now, updatedAt: now })),
    );
  }
  const csv = ['email,first name,last name', ...emails.map((email, i) => `${email},Teacher,Number ${i}`)].join('\n');
  const preview = await timed(`/api/schools/${schoolId}/roster/preview`, cookie, csv);
  const confirm = await timed(`/api/schools/${schoolId}/roster`, cookie, csv);
  results.push({ preview, confirm });
  console.log(`${dialect} run ${run}: preview ${preview.toFixed(2)} s, confirm ${confirm.toFixed(2)} s (${(confirm / preview).toFixed(1)}× preview)`);
}
const preview = median(results.map((r) => r.preview));
const confirm = median(results.map((r) => r.confirm));
console.log(`\n| dialect | rows | preview (baseline) | confirm | confirm ÷ preview | confirm per row |`);
console.log(`|---|---|---|---|---|---|`);
console.log(
  `| ${dialect} | ${ROWS.toLocaleString('en-GB')} | ${preview.toFixed(2)} s | ${confirm.toFixed(2)} s | ${(confirm / preview).toFixed(1)}× | ${((confirm * 1000) / ROWS).toFixed(2)} ms |`,
);

server.closeAllConnections();
await new Promise<void>((resolve) => server.close(() => resolve()));
await app.close();
if (mysqlUrl) await rollbackAll(db);
await database.close();
rmSync(dir, { recursive: true, force: true });
