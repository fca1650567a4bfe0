/**
 * Where a request's time goes, on the existing bench database (run `npm run bench` or
 * bench/seed.ts first):
 *
 *   node --import tsx bench/explain.ts [--only dashboard,students,trust]     (DATABASE_URL for MariaDB)
 *
 * Makes one request per scenario through the real app (in this process, on a loopback port),
 * records every SQL statement it sends with its time, then prints each distinct SELECT with
 * its plan (SQLite EXPLAIN QUERY PLAN, MariaDB EXPLAIN) and its median time over 3 re-runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createApp } from '../server/src/app.ts';
import { generateCredentialSigningKey, loadConfig } from '../server/src/config.ts';
import { Database } from '../server/src/db/database.ts';
import type { Db } from '../server/src/db/knex.ts';
import { signIn } from './http.ts';
import { resolveTarget } from './options.ts';
import { HOST } from './processes.ts';
import { ADMIN_EMAIL, BENCH_PASSWORD } from './seedData.ts';
import { trustManagerEmail } from './trustData.ts';

interface Captured {
  sql: string;
  bindings: unknown[];
  ms: number;
}

function capture(database: Database) {
  const db = database.knex;
  const started = new Map<string, number>();
  const statements: Captured[] = [];
  // The Database object's own statements (session, dashboard figures, progress) are not knex
  // queries: they are recorded as sent (no time of their own here; median() below times each).
  database.onStatement((event) => statements.push({ sql: event.sql, bindings: [...event.bindings], ms: 0 }));
  db.on('query', (query: { __knexQueryUid: string }) => started.set(query.__knexQueryUid, performance.now()));
  db.on('query-response', (_response: unknown, query: { __knexQueryUid: string; sql: string; bindings?: unknown[] }) => {
    const at = started.get(query.__knexQueryUid);
    if (at !== undefined) statements.push({ sql: query.sql, bindings: query.bindings ?? [], ms: performance.now() - at });
  });
  return { take: () => statements.splice(0, statements.length) };
}

async function plan(db: Db, mysql: boolean, statement: Captured): Promise<string[]> {
  if (mysql) {
    const [rows] = (await db.raw(`EXPLAIN ${statement.sql}`, statement.bindings as never)) as unknown as [Array<Record<string, unknown>>];
    return rows.map((row) => `${row.id} ${row.select_type} ${row.table} type=${row.type} key=${row.key} rows=${row.rows} ${row.Extra ?? ''}`.trim());
  }
  const rows = (await db.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.bindings as never)) as unknown as Array<{
    id: number;
    parent: number;
    detail: string;
  }>;
  const depth = new Map<number, number>([[0, 0]]);
  return rows.map((row) => {
    const level = (depth.get(row.parent) ?? 0) + 1;
    depth.set(row.id, level);
    return `${'  '.repeat(level - 1)}${row.detail}`;
  });
}

async function median(db: Db, statement: Captured): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    await db.raw(statement.sql, statement.bindings as never);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]!;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { only: { type: 'string' }, 'sqlite-file': { type: 'string' } } });
  const only = (values.only ?? '').split(',').filter(Boolean);
  const target = resolveTarget(process.env, values['sqlite-file']);
  const database = target.dialect === 'sqlite' ? ({ client: 'sqlite', filename: target.file } as const) : ({ client: 'mysql', url: target.url } as const);
  const opened = await Database.open(database);
  const db = opened.knex;
  const recorder = capture(opened);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-explain',
    CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
    PUBLIC_URL: base,
    RATE_LIMIT_MULTIPLIER: '100000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  config.database = database;
  const app = createApp({ config, database: opened, logger: pino({ level: 'silent' }) });
  server.on('request', app.callback());
  try {
    // A bench learner (one with enrollments: the trust scenario's staff have none).
    const enrolled = (await db('enrollments').orderBy('id').offset(37_035).first('userId')) ?? (await db('enrollments').orderBy('id').first('userId'))!;
    const learner = (await db('users').where('id', enrolled.userId).first('id', 'email'))!;
    const { courseId: course } = (await db('enrollments').where('userId', learner.id).orderBy('courseId').first('courseId'))!;
    const { id: module } = (await db('modules').where('courseId', course).orderBy('orderIndex').first('id'))!;
    const learnerCookie = await signIn(base, learner.email, BENCH_PASSWORD);
    const adminCookie = await signIn(base, ADMIN_EMAIL, BENCH_PASSWORD);
    // The trust scenario's trust 1, when the database was seeded with --only trust.
    const trustCookie = (await db('trusts').where('id', 1).first('id')) ? await signIn(base, trustManagerEmail(1), BENCH_PASSWORD) : undefined;
    recorder.take();
    type Request = [string, string, string, string?, unknown?];
    const requests: Request[] = [
      ['courses', 'GET', '/api/courses', undefined],
      ['dashboard', 'GET', '/api/dashboard', learnerCookie],
      ['course', 'GET', `/api/courses/${course}`, learnerCookie],
      ['comments', 'GET', `/api/modules/${module}/comments`, learnerCookie],
      ['comments', 'GET', `/api/modules/${module}/discussion`, learnerCookie],
      ['comments', 'GET', '/api/notifications', learnerCookie],
      ['students', 'GET', '/api/admin/students?q=oli', adminCookie],
      ['students', 'GET', '/api/admin/students?q=olivia.sm', adminCookie],
      ['students', 'GET', `/api/admin/students?q=${encodeURIComponent('Olivia Smi')}`, adminCookie],
      ['students', 'GET', '/api/admin/students?q=zzq', adminCookie],
      ['students', 'GET', '/api/admin/students', adminCookie],
      ['progress', 'POST', '/api/progress', learnerCookie, { moduleId: module, courseId: course, watchedDuration: 5, position: 5 }],
      ['login', 'POST', '/api/login', undefined, { email: learner.email, password: BENCH_PASSWORD }],
      ['export', 'GET', '/api/admin/export-excel', adminCookie],
      ...(trustCookie
        ? [
            ['trust', 'GET', '/api/trusts/1/overview', trustCookie] satisfies Request,
            ['trust', 'GET', '/api/trusts/1/statuses?limit=50', trustCookie] satisfies Request,
          ]
        : []),
    ];
    for (const [name, method, path, cookie, body] of requests) {
      if (only.length && !only.includes(name)) continue;
      const headers: Record<string, string> = cookie ? { cookie } : {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const response = await fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(600_000),
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      const total = performance.now() - started;
      const statements = recorder.take();
      const sqlMs = statements.reduce((sum, statement) => sum + statement.ms, 0);
      console.log(
        `\n== ${method} ${path}: ${response.status}, ${bytes.toLocaleString('en')} bytes in ${total.toFixed(1)} ms; ${statements.length} queries, ${sqlMs.toFixed(1)} ms in SQL`,
      );
      const seen = new Map<string, { statement: Captured; count: number; ms: number }>();
      for (const statement of statements) {
        const entry = seen.get(statement.sql) ?? { statement, count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += statement.ms;
        seen.set(statement.sql, entry);
      }
      for (const { statement, count, ms } of seen.values()) {
        const select = /^\s*select/i.test(statement.sql);
        const again = select && count === 1 ? ` (re-run median ${(await median(db, statement)).toFixed(1)} ms)` : '';
        console.log(
          `  ${count > 1 ? `${count}× ` : ''}${ms.toFixed(1)} ms${again}  ${statement.sql.replace(/\s+/g, ' ').slice(0, 400)}  ${JSON.stringify(statement.bindings).slice(0, 120)}`,
        );
        if (select) for (const line of await plan(db, target.dialect === 'mysql', statement)) console.log(`        ${line}`);
      }
      // The re-runs and EXPLAINs above are not the next request's.
      recorder.take();
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    app.deps.mailer.close();
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
