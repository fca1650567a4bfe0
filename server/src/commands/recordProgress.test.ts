import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbBoolean, dialectOf } from '../db/knex.ts';
import type { ProgressRow, RecordedRow } from '../db/progressUpsert.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { recordProgress, type RecordedProgress } from './recordProgress.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function learnerOnModule(enrolled = true) {
  const user = await createUser(server.db);
  const course = await createCourse(server);
  const module = await createModule(server, course.id, { duration: 600 });
  if (enrolled) await enroll(server.db, user.id, course.id);
  // The player's played seconds are what it reports as watched, unless the test says otherwise.
  const row = (fields: Partial<ProgressRow>): ProgressRow => ({
    userId: user.id,
    moduleId: module.id,
    courseId: course.id,
    watchedDuration: 0,
    playedSeconds: fields.markedComplete ? 0 : (fields.watchedDuration ?? 0),
    position: null,
    markedComplete: false,
    at: Date.now(),
    ...fields,
  });
  return { user, module, row };
}

// SQLite and MariaDB answer the stored row through RETURNING; MySQL reads it back. On MariaDB
// both ways run (the database told it has no RETURNING), so the MySQL one is tested too.
const paths = () => (dialectOf(server.db) === 'mysql' ? [true, false] : [true]);

/**
 * Upserts through the path of a database with or without `INSERT … RETURNING`, and checks the
 * answer against the row read back: the answer is the row as stored.
 */
async function upsert(returning: boolean, report: ProgressRow) {
  const spy = vi.spyOn(server.database, 'supportsInsertReturning').mockResolvedValue(returning);
  try {
    const answer = await server.database.upsertProgress(report);
    const stored = await server.db('progress').where({ userId: report.userId, moduleId: report.moduleId }).first();
    if (answer) expect(comparable(answer)).toEqual(comparable(stored!));
    return answer;
  } finally {
    spy.mockRestore();
  }
}

const comparable = (row: Pick<RecordedRow, keyof RecordedRow>) => ({
  watchedDuration: Number(row.watchedDuration),
  playedSeconds: Number(row.playedSeconds),
  position: Number(row.position),
  isCompleted: dbBoolean(row.isCompleted),
  completedAt: row.completedAt === null ? null : Number(row.completedAt),
  updatedAt: Number(row.updatedAt),
});

describe('upsertProgress, the statement behind POST /api/progress', () => {
  it('writes nothing and answers undefined without an enrollment', async () => {
    for (const returning of paths()) {
      const { user, row } = await learnerOnModule(false);
      expect(await upsert(returning, row({ watchedDuration: 30 }))).toBeUndefined();
      expect(await server.db('progress').where({ userId: user.id })).toHaveLength(0);
    }
  });

  it('merges in SQL: watchedDuration only grows, completion and its first date stay, position only when sent', async () => {
    for (const returning of paths()) {
      const { row } = await learnerOnModule();
      const first = await upsert(returning, row({ watchedDuration: 300, position: 290 }));
      expect(first).toMatchObject({ watchedDuration: 300, position: 290, completedAt: null });
      expect(dbBoolean(first!.isCompleted)).toBe(false);

      // 560 of 600 seconds is past 90 %: completed without Mark as Complete.
      const completed = await upsert(returning, row({ watchedDuration: 560, position: 550, at: 1_000 }));
      expect(completed).toMatchObject({ watchedDuration: 560, position: 550 });
      expect(Number(completed!.completedAt)).toBe(1_000);
      expect(dbBoolean(completed!.isCompleted)).toBe(true);

      const later = await upsert(returning, row({ watchedDuration: 20, at: 5_000 }));
      expect(later).toMatchObject({ watchedDuration: 560, position: 550 });
      expect(Number(later!.completedAt)).toBe(1_000);
      expect(Number(later!.updatedAt)).toBe(5_000);
      expect(dbBoolean(later!.isCompleted)).toBe(true);

      // Mark as Complete stores the whole duration, whatever was sent.
      const recompleted = await upsert(returning, row({ watchedDuration: 12, position: 0, markedComplete: true, at: 9_000 }));
      expect(recompleted).toMatchObject({ watchedDuration: 600, position: 0 });
      expect(Number(recompleted!.completedAt)).toBe(1_000);
    }
  });

  it('keeps the played seconds apart from watchedDuration: Mark as Complete never raises them, they only grow (issue 36)', async () => {
    for (const returning of paths()) {
      const { row } = await learnerOnModule();
      const played = await upsert(returning, row({ watchedDuration: 120, playedSeconds: 120, position: 120 }));
      expect(played).toMatchObject({ watchedDuration: 120, playedSeconds: 120 });

      // SPEC's Mark as Complete: the whole duration as watched, the played seconds as they were.
      const marked = await upsert(returning, row({ watchedDuration: 600, playedSeconds: 0, markedComplete: true }));
      expect(marked).toMatchObject({ watchedDuration: 600, playedSeconds: 120 });
      expect(dbBoolean(marked!.isCompleted)).toBe(true);

      // A smaller report does not lower them; a larger one raises them, clamped to the duration.
      expect(await upsert(returning, row({ watchedDuration: 60, playedSeconds: 60 }))).toMatchObject({ watchedDuration: 600, playedSeconds: 120 });
      expect(await upsert(returning, row({ watchedDuration: 9_000, playedSeconds: 9_000 }))).toMatchObject({ watchedDuration: 600, playedSeconds: 600 });

      // Watch Time (course_progress) sums what was played, not what was marked.
      const { row: other, user: otherUser } = await learnerOnModule();
      await upsert(returning, other({ watchedDuration: 45, playedSeconds: 45 }));
      await upsert(returning, other({ watchedDuration: 600, playedSeconds: 0, markedComplete: true }));
      const figures = await server.db('courseProgress').where({ userId: otherUser.id }).first();
      expect(Number(figures!.watchedSeconds)).toBe(45);
      expect(Number(figures!.completedModules)).toBe(1);
    }
  });

  it('clamps to [0, duration] in the statement', async () => {
    for (const returning of paths()) {
      const { row } = await learnerOnModule();
      // Past the end, and negative: clamped to [0, 600] by the module row itself.
      const over = await upsert(returning, row({ watchedDuration: 9_999, position: 9_999 }));
      expect(over).toMatchObject({ watchedDuration: 600, position: 600 });
      expect(dbBoolean(over!.isCompleted)).toBe(true);

      const { row: other } = await learnerOnModule();
      const negative = await upsert(returning, other({ watchedDuration: -50, position: -5 }));
      expect(negative).toMatchObject({ watchedDuration: 0, position: 0 });
      expect(dbBoolean(negative!.isCompleted)).toBe(false);
    }
  });
});

describe('recordProgress', () => {
  it('judges a report by the module as stored, even when the caller’s copy is stale', async () => {
    const { user, module } = await learnerOnModule();
    // The caller (a catalogue 5 s old) believes the module is 100 s long; it is 600 s.
    const stale = { id: module.id, courseId: module.courseId, duration: 100 };
    const result = await recordProgress(server.database, { userId: user.id, module: stale, watchedDuration: 95, isCompleted: false }, { now: Date.now() });
    expect(result).not.toBe('not-enrolled');
    const { progress } = result as RecordedProgress;
    expect(progress.watchedDuration).toBe(95);
    expect(dbBoolean(progress.isCompleted)).toBe(false);

    // And believes it is 1,000 s long: 700 is clamped to the real 600, which completes it.
    const again = await recordProgress(
      server.database,
      { userId: user.id, module: { ...stale, duration: 1_000 }, watchedDuration: 700, isCompleted: false },
      { now: Date.now() },
    );
    const stored = (again as RecordedProgress).progress;
    expect(stored.watchedDuration).toBe(600);
    expect(dbBoolean(stored.isCompleted)).toBe(true);
  });
});

describe('upsertProgress on MariaDB: reports that arrive together share a statement', () => {
  const upsertsDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; statements: number; sql: string[] }> => {
    const sql: string[] = [];
    const stop = server.database.onStatement((event) => {
      if (/^\s*insert into progress/i.test(event.sql)) sql.push(event.sql);
    });
    try {
      const result = await run();
      return { result, statements: sql.length, sql };
    } finally {
      stop();
    }
  };
  const onMariaDb = async () => dialectOf(server.db) === 'mysql' && (await server.database.supportsInsertReturning());

  it('upserts several learners’ reports in one statement, each answered its own row', async (context) => {
    if (!(await onMariaDb())) return context.skip();
    const learners = await Promise.all([learnerOnModule(), learnerOnModule(), learnerOnModule(), learnerOnModule(false)]);
    const { result, statements, sql } = await upsertsDuring(() =>
      Promise.all([
        server.database.upsertProgress(learners[0]!.row({ watchedDuration: 100, position: 95 })),
        server.database.upsertProgress(learners[1]!.row({ watchedDuration: 580 })),
        server.database.upsertProgress(learners[2]!.row({ watchedDuration: 5, playedSeconds: 5, markedComplete: true, at: 7_000 })),
        // Not enrolled: nothing stored, undefined for this report alone.
        server.database.upsertProgress(learners[3]!.row({ watchedDuration: 30 })),
      ]),
    );
    expect(statements).toBe(1);
    // Four reports, four rows in the statement: no padding needed.
    expect(sql[0]!.match(/union all/g)).toHaveLength(3);
    expect(result[0]).toMatchObject({ watchedDuration: 100, position: 95, completedAt: null });
    expect(dbBoolean(result[0]!.isCompleted)).toBe(false);
    // 580 of 600 is past 90 %; no position sent, so the new row starts at 0.
    expect(result[1]).toMatchObject({ watchedDuration: 580, playedSeconds: 580, position: 0 });
    expect(dbBoolean(result[1]!.isCompleted)).toBe(true);
    // Mark as Complete: SPEC's whole duration as watched, the 5 seconds played kept apart.
    expect(result[2]).toMatchObject({ watchedDuration: 600, playedSeconds: 5 });
    expect(Number(result[2]!.completedAt)).toBe(7_000);
    expect(result[3]).toBeUndefined();
    expect(await server.db('progress').where({ userId: learners[3]!.user.id })).toHaveLength(0);
  });

  it('answers two reports of one module in one batch in turn, each with the row its write left', async (context) => {
    if (!(await onMariaDb())) return context.skip();
    const { user, module, row } = await learnerOnModule();
    const { result, statements } = await upsertsDuring(() =>
      Promise.all([
        server.database.upsertProgress(row({ watchedDuration: 200, position: 190, at: 1_000 })),
        server.database.upsertProgress(row({ watchedDuration: 120, at: 2_000 })),
        server.database.upsertProgress(row({ watchedDuration: 300, position: 10, at: 3_000 })),
      ]),
    );
    expect(statements).toBe(3);
    expect(result.map((stored) => [stored!.watchedDuration, stored!.position, Number(stored!.updatedAt)])).toEqual([
      [200, 190, 1_000],
      // Watched time only grows; no position sent keeps the stored one.
      [200, 190, 2_000],
      [300, 10, 3_000],
    ]);
    expect(await server.db('progress').where({ userId: user.id, moduleId: module.id })).toHaveLength(1);
  });

  it('runs a failed statement again row by row, so only the report at fault fails', async (context) => {
    if (!(await onMariaDb())) return context.skip();
    const learners = await Promise.all([learnerOnModule(), learnerOnModule(), learnerOnModule()]);
    const refused = learners[1]!.user.id;
    await server.db.raw(`create trigger refuse_progress before insert on progress for each row
      begin if new.user_id = ${Number(refused)} then signal sqlstate '45000' set message_text = 'refused by the test'; end if; end`);
    try {
      const { result, statements } = await upsertsDuring(() =>
        Promise.allSettled(learners.map(({ row }) => server.database.upsertProgress(row({ watchedDuration: 60 })))),
      );
      // The batch, then each of its three reports alone.
      expect(statements).toBe(4);
      expect(result.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((result[1] as PromiseRejectedResult).reason)).toContain('refused by the test');
      for (const [index, learner] of learners.entries()) {
        expect(await server.db('progress').where({ userId: learner.user.id })).toHaveLength(index === 1 ? 0 : 1);
      }
    } finally {
      await server.db.raw('drop trigger if exists refuse_progress');
    }
  });

  it('pads a batch to a power of two with rows that store nothing', async (context) => {
    if (!(await onMariaDb())) return context.skip();
    const learners = await Promise.all([learnerOnModule(), learnerOnModule(), learnerOnModule()]);
    const before = await server.db('progress').count({ rows: '*' }).first();
    const { result, sql } = await upsertsDuring(() => Promise.all(learners.map(({ row }) => server.database.upsertProgress(row({ watchedDuration: 42 })))));
    expect(sql).toHaveLength(1);
    expect(sql[0]!.match(/union all/g)).toHaveLength(3);
    expect(result.map((stored) => stored!.watchedDuration)).toEqual([42, 42, 42]);
    const after = await server.db('progress').count({ rows: '*' }).first();
    expect(Number(after!.rows) - Number(before!.rows)).toBe(3);
  });

  it('fails the whole batch at once, without a row-by-row rerun, for an error that is not a row’s (a deadlock)', async (context) => {
    if (!(await onMariaDb())) return context.skip();
    const learners = await Promise.all([learnerOnModule(), learnerOnModule(), learnerOnModule()]);
    await server.db.raw(`create trigger deadlock_progress before insert on progress for each row
      begin if new.user_id = ${Number(learners[2]!.user.id)} then signal sqlstate '40001' set mysql_errno = 1213, message_text = 'deadlock by the test'; end if; end`);
    try {
      const { result, statements } = await upsertsDuring(() =>
        Promise.allSettled(learners.map(({ row }) => server.database.upsertProgress(row({ watchedDuration: 60 })))),
      );
      expect(statements).toBe(1);
      expect(result.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect((result[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'ER_LOCK_DEADLOCK' });
      // The statement is atomic: nothing of it was stored.
      for (const learner of learners) expect(await server.db('progress').where({ userId: learner.user.id })).toHaveLength(0);
    } finally {
      await server.db.raw('drop trigger if exists deadlock_progress');
    }
  });
});
