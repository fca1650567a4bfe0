import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../db/database.ts';
import { dialectOf, type Db } from '../db/knex.ts';
import { selectRows } from '../db/raw.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { measureWrite, type WriteWork } from '../test/writeWork.ts';
import { recordProgress } from './recordProgress.ts';

// What one partial progress report costs the database (issue 54), counted, not timed: the
// statements the app sends and, on MariaDB, the handler calls they make, triggers included. A
// feature that adds work to the hottest write changes these figures the day it lands; the
// breakdown it prints (one report, then the same with each trigger on the path dropped) is the
// table in bench/README.md ("One partial report, counted").

let server: TestServer;
/** MariaDB: a Database of its own with one connection, so its session counters are the write's. */
let measured: Database;
let module: { id: number; courseId: number; duration: number };
let clock = Date.UTC(2026, 10, 29, 12);

beforeAll(async () => {
  server = await createTestServer();
  measured = server.config.database.client === 'mysql' ? await Database.open(server.config.database) : server.database;
  await measured.supportsInsertReturning();
  const course = await createCourse(server);
  module = await createModule(server, course.id, { duration: 600 });
});
afterAll(async () => {
  if (measured !== server.database) await measured.close();
  await server.close();
});

const mysql = () => dialectOf(server.db) === 'mysql';

/** A learner of a school, enrolled, 30 s into the module with buckets 0–2 played: the usual state of a report. */
async function startedLearner(): Promise<number> {
  const user = await createUser(server.db);
  const [schoolId] = await server.db('schools').insert({ name: `School of ${user.id}`, country: 'gb', createdAt: clock });
  await server.db('statusCountVersions').insert({ schoolId, version: 0 });
  await server.db('schoolMembers').insert({ schoolId, userId: user.id, role: 'member', joinedAt: clock });
  await enroll(server.db, user.id, module.courseId);
  await report(server.database, user.id, 30, [0, 1, 2]);
  return user.id;
}

async function report(database: Database, userId: number, seconds: number, playedBuckets: number[]) {
  clock += 30_000;
  const answer = await recordProgress(
    database,
    { userId, module, watchedDuration: seconds, isCompleted: false, position: seconds, playedBuckets },
    { now: clock },
  );
  if (typeof answer !== 'object' || !('progress' in answer)) throw new Error(`report refused: ${JSON.stringify(answer)}`);
}

/** The next partial report of a started learner: 60 s, buckets 3–5 (new bits in the word already stored). */
async function partialReport(buckets = true, userId?: number): Promise<WriteWork> {
  const learner = userId ?? (await startedLearner());
  return measureWrite(measured, () => report(measured, learner, 60, buckets ? [3, 4, 5] : []));
}

interface Trigger {
  name: string;
  table: string;
  create: string;
}

async function triggersOn(db: Db, tables: string[]): Promise<Trigger[]> {
  if (mysql()) {
    const rows = await selectRows<{ name: string; table: string }>(
      db,
      `select trigger_name as name, event_object_table as \`table\` from information_schema.triggers where trigger_schema = database() and event_object_table in (${tables.map(() => '?').join(', ')}) order by 2, 1`,
      tables,
    );
    const triggers: Trigger[] = [];
    for (const row of rows) {
      const [[created]] = (await db.raw(`show create trigger ${row.name}`)) as [[Record<string, string>]];
      triggers.push({ ...row, create: created!['SQL Original Statement']! });
    }
    return triggers;
  }
  return selectRows<Trigger>(
    db,
    `select name, tbl_name as "table", sql as "create" from sqlite_master where type = 'trigger' and tbl_name in (${tables.map(() => '?').join(', ')}) order by 2, 1`,
    tables,
  );
}

/** `run` with the named triggers dropped, put back afterwards exactly as they were. */
async function withoutTriggers<T>(triggers: Trigger[], run: () => Promise<T>): Promise<T> {
  for (const trigger of triggers) await server.db.raw(`drop trigger ${trigger.name}`);
  try {
    return await run();
  } finally {
    for (const trigger of triggers) await server.db.raw(trigger.create);
  }
}

const WRITE_PATH = ['progress', 'course_progress', 'progress_buckets'];

describe('one partial progress report, counted', () => {
  it('sends one statement per table it writes and reads only by key', async () => {
    await partialReport(); // the statements prepared and the pool's connection open
    const work = await partialReport();
    if (mysql()) {
      // The batched upsert (RETURNING the stored row) and the batched bucket merge, in one
      // transaction (before 048's commit: each autocommitted, two commits).
      expect(work.statements.map((sql) => sql.split(' (')[0])).toEqual(['begin', 'insert into progress', 'insert into progress_buckets', 'commit']);
      expect(work.commits).toBe(1);
      // No scan anywhere: every row read is found by a key (the derived tables of the batch
      // statements are read by Handler_read_rnd_next: a row per report and bucket word).
      expect(work.counters).toEqual(expect.objectContaining(MYSQL_BUDGET));
    } else {
      // Both statements in the same group commit.
      expect(work.statements).toHaveLength(2);
      // progress, course_progress, progress_buckets, retention_pending: a row each.
      expect(work.counters.rowsChanged).toBe(SQLITE_ROWS_CHANGED);
      for (const sql of work.statements) {
        const plan = await selectRows<{ detail: string }>(server.db, `explain query plan ${sql.replace(/ returning .*$/, '')}`, planBindings(sql));
        for (const step of plan) expect(step.detail).not.toMatch(/^SCAN (?!r\b|\(subquery|CONSTANT)/);
      }
    }
  });

  it('prints the breakdown by trigger (bench/README.md)', async () => {
    const triggers = await triggersOn(server.db, WRITE_PATH);
    const lines: string[] = [];
    const line = (what: string, work: WriteWork) =>
      lines.push(`| ${what} | ${work.statements.length} | ${work.commits} | ${Object.values(work.counters).join(' | ')} |`);
    const whole = await partialReport();
    lines.push(`| what | statements | commits | ${Object.keys(whole.counters).join(' | ')} |`);
    line('partial report (60 s, 3 new bucket bits)', whole);
    line('the same, no played buckets', await partialReport(false));
    for (const trigger of triggers) {
      const [warm, userId] = [await startedLearner(), await startedLearner()];
      // The first write after a trigger changes reloads the table's triggers: not the write's work.
      const work = await withoutTriggers([trigger], async () => {
        await partialReport(true, warm);
        return partialReport(true, userId);
      });
      line(`without ${trigger.name} (on ${trigger.table})`, work);
    }
    console.log(`${dialectOf(server.db)}: ${triggers.map((trigger) => trigger.name).join(', ')}\n${lines.join('\n')}\n${whole.statements.join('\n')}`);
    expect(lines.length).toBeGreaterThan(2);
  });
});

describe('MariaDB: the batch transaction of upserts and bucket merges', () => {
  it('stores each report with its words, and a merge that fails for one report fails that report alone', async (context) => {
    if (!mysql()) return context.skip();
    const [kept, refused] = [await startedLearner(), await startedLearner()];
    await server.db.raw(
      `create trigger test_refuse_buckets before update on progress_buckets for each row begin if NEW.user_id = ${refused} then signal sqlstate '45000' set message_text = 'refused by the test'; end if; end`,
    );
    try {
      // Sent together: one batch, one transaction.
      const outcomes = await Promise.allSettled([report(server.database, kept, 90, [6, 7]), report(server.database, refused, 90, [6, 7])]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    } finally {
      await server.db.raw('drop trigger test_refuse_buckets');
    }
    const words = async (userId: number) => Number((await server.db('progressBuckets').where({ userId, moduleId: module.id, word: 0 }).first('bits'))!.bits);
    expect(await words(kept)).toBe(0b11000111);
    expect(await words(refused)).toBe(0b111);
    // The refused report's row is stored, as when the merge ran on its own after the upsert.
    const watched = async (userId: number) =>
      Number((await server.db('progress').where({ userId, moduleId: module.id }).first('watchedDuration'))!.watchedDuration);
    expect([await watched(kept), await watched(refused)]).toEqual([90, 90]);
  });
});

// The counts of one partial report after issue 54's migration 048 (see bench/README.md, "One
// partial report, counted"). A change that adds work to the write fails here: update the figures
// in the commit that means to, saying why.
const MYSQL_BUDGET = {
  // enrollments, modules, progress (the duplicate key), course_progress (007/022's trigger),
  // progress_buckets (the duplicate key). Before issue 54's second round: 8, 035's school
  // lookups for a pair that was started already (2) and the merge's join to progress (1).
  Handler_read_key: 5,
  Handler_read_next: 1,
  // The batch statements' derived tables: a row per report and per bucket word.
  Handler_read_rnd_next: 2,
  Handler_read_first: 0,
  // progress, progress_buckets (each an update of the duplicate), retention_pending (043's news).
  Handler_write: 3,
  // progress, course_progress, progress_buckets.
  Handler_update: 3,
  Handler_delete: 0,
  Rows_read: 5,
};
const SQLITE_ROWS_CHANGED = 4;

/** Placeholders for EXPLAIN QUERY PLAN: the plan does not depend on the values. */
function planBindings(sql: string): number[] {
  return [...sql.matchAll(/\?/g)].map(() => 1);
}
